import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { TEMPLATE_CATEGORIES, compatibilityWarnings, type TemplateCategory } from '@shared/mail/templates.ts';
import { fieldText } from '@web/app/field-text.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select, Textarea } from '@web/ui/input.tsx';
import {
  DESCRIPTION_MAX,
  HTML_MAX,
  NAME_MAX,
  SUBJECT_MAX,
  TEMPLATE_LANGUAGES,
  TEXT_MAX,
  unknownVariables,
  type DraftErrors,
  type DraftField,
  type TemplateDraft,
  type TemplateLanguage,
} from './email-template-editing.ts';

/** The fields a variable can be inserted in. */
export type VariableField = 'subject' | 'contentText' | 'contentHtml';
export type DraftFieldRefs = {
  subject: RefObject<HTMLInputElement | null>;
  contentText: RefObject<HTMLTextAreaElement | null>;
  contentHtml: RefObject<HTMLTextAreaElement | null>;
};

const MAX: Record<DraftField, number> = {
  name: NAME_MAX,
  description: DESCRIPTION_MAX,
  category: 0,
  language: 0,
  subject: SUBJECT_MAX,
  contentText: TEXT_MAX,
  contentHtml: HTML_MAX,
};

/** An own template's name, description, category and language (a system template's are the system's). */
export function OwnTemplateFields({
  draft,
  onChange,
  errors,
}: {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  errors: DraftErrors;
}) {
  const { t } = useTranslation('settings');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t('settings:emailTemplates.name')} error={errorText(t, 'name', errors.name)} required>
        {(props) => (
          <Input
            {...props}
            value={draft.name}
            maxLength={NAME_MAX}
            autoComplete="off"
            data-testid="email-template-name"
            onChange={(e) => onChange({ ...draft, name: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('settings:emailTemplates.category')}>
        {(props) => (
          <Select
            {...props}
            value={draft.category}
            data-testid="email-template-category"
            onChange={(e) => onChange({ ...draft, category: e.target.value as TemplateCategory })}
          >
            {TEMPLATE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`settings:emailTemplates.categories.${c}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field
        label={t('settings:emailTemplates.descriptionField')}
        error={errorText(t, 'description', errors.description)}
      >
        {(props) => (
          <Input
            {...props}
            value={draft.description}
            maxLength={DESCRIPTION_MAX}
            autoComplete="off"
            onChange={(e) => onChange({ ...draft, description: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('settings:emailTemplates.languageLabel')}>
        {(props) => (
          <Select
            {...props}
            value={draft.language}
            onChange={(e) => onChange({ ...draft, language: e.target.value as TemplateLanguage })}
          >
            {TEMPLATE_LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {t(`settings:emailTemplates.languages.${l}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}

/**
 * The subject, the text and the HTML source of the draft, with their errors, a warning about unknown {{variables}}
 * and the compatibility warnings of the HTML as it is typed (spec §5).
 */
export function TemplateFields({
  draft,
  onChange,
  errors,
  readOnly,
  fieldRefs,
  onFocusField,
}: {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  errors: DraftErrors;
  readOnly: boolean;
  fieldRefs: DraftFieldRefs;
  onFocusField: (field: VariableField) => void;
}) {
  const { t } = useTranslation('settings');
  const unknown = unknownVariables(draft);
  const language = draft.language;
  return (
    <>
      <Field
        label={t('settings:emailTemplates.subject')}
        error={errorText(t, 'subject', errors.subject)}
        required
      >
        {(props) => (
          <Input
            {...props}
            ref={fieldRefs.subject}
            lang={language}
            value={draft.subject}
            readOnly={readOnly}
            maxLength={SUBJECT_MAX}
            autoComplete="off"
            spellCheck
            data-testid="email-template-subject"
            onFocus={() => onFocusField('subject')}
            onChange={(e) => onChange({ ...draft, subject: e.target.value })}
          />
        )}
      </Field>
      <Field
        label={t('settings:emailTemplates.text')}
        hint={t('settings:emailTemplates.textHint')}
        error={errorText(t, 'contentText', errors.contentText)}
        required
      >
        {(props) => (
          <Textarea
            {...props}
            ref={fieldRefs.contentText}
            lang={language}
            value={draft.contentText}
            readOnly={readOnly}
            maxLength={TEXT_MAX}
            rows={10}
            spellCheck
            data-testid="email-template-text"
            className="font-mono text-[13px] leading-relaxed"
            onFocus={() => onFocusField('contentText')}
            onChange={(e) => onChange({ ...draft, contentText: e.target.value })}
          />
        )}
      </Field>
      <Field
        label={t('settings:emailTemplates.html')}
        hint={t('settings:emailTemplates.htmlHint')}
        error={errorText(t, 'contentHtml', errors.contentHtml)}
      >
        {(props) => (
          <Textarea
            {...props}
            ref={fieldRefs.contentHtml}
            lang={language}
            value={draft.contentHtml}
            readOnly={readOnly}
            maxLength={HTML_MAX}
            rows={8}
            spellCheck={false}
            data-testid="email-template-html"
            className="font-mono text-[13px] leading-relaxed"
            onFocus={() => onFocusField('contentHtml')}
            onChange={(e) => onChange({ ...draft, contentHtml: e.target.value })}
          />
        )}
      </Field>
      <CompatibilityWarnings html={draft.contentHtml} />
      {unknown.length > 0 ? (
        <Alert tone="warning">
          {t('settings:emailTemplates.unknownVariables', {
            names: unknown.map((n) => `{{${n}}}`).join(', '),
          })}
        </Alert>
      ) : null}
    </>
  );
}

/** The spec's compatibility warnings of the HTML, live as it is typed; saving with them is allowed. */
function CompatibilityWarnings({ html }: { html: string }) {
  const { t } = useTranslation('settings');
  const warnings = compatibilityWarnings(html);
  if (warnings.length === 0) return null;
  return (
    <div data-testid="email-template-warnings">
      <Alert tone="warning" title={t('settings:emailTemplates.warningsTitle')}>
        <ul className="list-disc space-y-1 pl-5">
          {warnings.map((w) => (
            <li key={w} data-warning={w}>
              {fieldText(w)}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs">{t('settings:emailTemplates.warningsHint')}</p>
      </Alert>
    </div>
  );
}

function errorText(t: TFunction, field: DraftField, problem: DraftErrors[DraftField]): string | undefined {
  if (!problem) return undefined;
  if (problem === 'required') {
    if (field === 'name') return t('settings:emailTemplates.errors.nameRequired');
    return field === 'subject'
      ? t('settings:emailTemplates.errors.subjectRequired')
      : t('settings:emailTemplates.errors.textRequired');
  }
  const max = formatNumber(MAX[field], localeOf(currentLanguage()));
  return t('settings:emailTemplates.errors.tooLong', { max });
}
