import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Textarea } from '@web/ui/input.tsx';
import {
  SUBJECT_MAX,
  TEXT_MAX,
  unknownVariables,
  type DraftErrors,
  type TemplateDraft,
  type TemplateLanguage,
} from './email-template-editing.ts';

export type DraftField = keyof TemplateDraft;
export type DraftFieldRefs = {
  subject: RefObject<HTMLInputElement | null>;
  contentText: RefObject<HTMLTextAreaElement | null>;
};

/** The subject and the text of the draft, with their errors and a warning about unknown {{variables}}. */
export function TemplateFields({
  draft,
  onChange,
  errors,
  language,
  readOnly,
  fieldRefs,
  onFocusField,
}: {
  draft: TemplateDraft;
  onChange: (draft: TemplateDraft) => void;
  errors: DraftErrors;
  language: TemplateLanguage;
  readOnly: boolean;
  fieldRefs: DraftFieldRefs;
  onFocusField: (field: DraftField) => void;
}) {
  const { t } = useTranslation('settings');
  const unknown = unknownVariables(draft);
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
            rows={12}
            spellCheck
            className="font-mono text-[13px] leading-relaxed"
            onFocus={() => onFocusField('contentText')}
            onChange={(e) => onChange({ ...draft, contentText: e.target.value })}
          />
        )}
      </Field>
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

function errorText(t: TFunction, field: DraftField, problem: DraftErrors[DraftField]): string | undefined {
  if (!problem) return undefined;
  const max = formatNumber(field === 'subject' ? SUBJECT_MAX : TEXT_MAX, localeOf(currentLanguage()));
  if (field === 'subject') {
    return problem === 'required'
      ? t('settings:emailTemplates.errors.subjectRequired')
      : t('settings:emailTemplates.errors.subjectTooLong', { max });
  }
  return problem === 'required'
    ? t('settings:emailTemplates.errors.textRequired')
    : t('settings:emailTemplates.errors.textTooLong', { max });
}
