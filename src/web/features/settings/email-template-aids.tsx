import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TEMPLATE_VARIABLES,
  renderTemplate,
  variablesOf,
  type TemplateVariable,
} from '@shared/mail/templates.ts';
import { cn } from '@web/ui/cn.ts';
import { FRAME_SANDBOX, frameDocument } from '@web/features/mailbox/message-frame.ts';
import { useBusinessProfile } from '@web/features/business-profile/business-profile-api.ts';
import { useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import { sampleValues, type TemplateDraft } from './email-template-editing.ts';

/** The variables the draft uses, then the others, each a chip that inserts it at the cursor. */
export function TemplateVariables({
  draft,
  onInsert,
}: {
  draft: TemplateDraft;
  onInsert: (variable: TemplateVariable) => void;
}) {
  const { t } = useTranslation('settings');
  const used = variablesOf({ subject: draft.subject, text: draft.contentText, html: draft.contentHtml });
  const others = TEMPLATE_VARIABLES.filter((v) => !used.includes(v));
  return (
    <section aria-labelledby="email-template-variables" className="grid gap-3">
      <div>
        <h4 id="email-template-variables" className="text-sm font-semibold text-foreground">
          {t('settings:emailTemplates.variablesTitle')}
        </h4>
        <p className="mt-0.5 text-xs text-muted-foreground">{t('settings:emailTemplates.variablesHint')}</p>
      </div>
      <p className="text-xs font-medium text-muted-foreground">
        {t('settings:emailTemplates.variablesUsed')}
      </p>
      {used.length > 0 ? (
        <VariableChips names={used} onInsert={onInsert} />
      ) : (
        <p className="text-xs text-muted-foreground italic">{t('settings:emailTemplates.variablesNone')}</p>
      )}
      <details className="group">
        <summary className="cursor-pointer text-xs font-medium text-muted-foreground hover:text-foreground">
          {t('settings:emailTemplates.variablesOther', { count: others.length })}
        </summary>
        <div className="mt-3">
          <VariableChips names={others} onInsert={onInsert} />
        </div>
      </details>
    </section>
  );
}

/** Buttons that insert a variable where the cursor was (the field keeps its focus on a mouse press). */
function VariableChips({
  names,
  onInsert,
}: {
  names: readonly TemplateVariable[];
  onInsert: (name: TemplateVariable) => void;
}) {
  const { t } = useTranslation('settings');
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {names.map((variable) => (
        <li key={variable} className="min-w-0">
          <button
            type="button"
            data-testid={`email-template-variable-${variable}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onInsert(variable)}
            className={cn(
              'flex w-full flex-col items-start gap-0.5 rounded-md border border-border bg-surface px-3 py-2 text-left transition-colors',
              'hover:border-primary/50 hover:bg-primary-soft/40 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            )}
          >
            <code className="font-mono text-xs font-medium break-all text-primary">{`{{${variable}}}`}</code>
            <span className="text-xs text-muted-foreground">
              {t(`settings:emailTemplates.variables.${variable}`)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The draft rendered with sample values, as the recipient would read it: the text, and the HTML in the mailbox's
 * sandboxed message frame (no scripts, no same origin, no remote images) when the template has one.
 */
export function TemplatePreview({ draft }: { draft: TemplateDraft }) {
  const language = draft.language;
  const { t } = useTranslation('settings');
  const { orgId } = useInvoicingPermissions();
  const profile = useBusinessProfile(orgId);
  // The preview signs with the organization's own name and contacts when the profile has them.
  const company = useMemo(() => {
    const p = profile.data;
    return p ? { name: p.companyName, email: p.email ?? '', phone: p.phone ?? '' } : null;
  }, [profile.data]);
  const preview = useMemo(
    () =>
      renderTemplate(
        { subject: draft.subject, text: draft.contentText, html: draft.contentHtml },
        sampleValues(language, { company, origin: window.location.origin }),
        language,
      ),
    [draft, language, company],
  );
  return (
    <section aria-labelledby="email-template-preview" className="grid gap-3">
      <div>
        <h4 id="email-template-preview" className="text-sm font-semibold text-foreground">
          {t('settings:emailTemplates.preview')}
        </h4>
        <p className="mt-0.5 text-xs text-muted-foreground">{t('settings:emailTemplates.previewHint')}</p>
      </div>
      <div
        data-testid="email-template-preview"
        lang={language}
        className="overflow-hidden rounded-md border border-border bg-background"
      >
        <div className="border-b border-border bg-surface-muted px-4 py-2.5 text-sm">
          <span className="text-muted-foreground">{t('settings:emailTemplates.subject')}: </span>
          <span
            data-testid="email-template-preview-subject"
            className="font-medium break-words text-foreground"
          >
            {preview.subject}
          </span>
          {preview.subject ? null : (
            <span className="text-muted-foreground italic">
              {t('settings:emailTemplates.previewNoSubject')}
            </span>
          )}
        </div>
        <p
          data-testid="email-template-preview-text"
          className="px-4 py-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-foreground empty:hidden"
        >
          {preview.text}
        </p>
        {preview.text ? null : (
          <p className="px-4 py-3 text-sm text-muted-foreground italic">
            {t('settings:emailTemplates.previewNoText')}
          </p>
        )}
        {preview.html ? (
          <iframe
            title={t('settings:emailTemplates.previewHtml')}
            sandbox={FRAME_SANDBOX}
            referrerPolicy="no-referrer"
            srcDoc={frameDocument(preview.html, {
              origin: window.location.origin,
              showImages: false,
              title: preview.subject,
            })}
            data-testid="email-template-preview-html"
            className="h-64 w-full border-t border-border bg-white"
          />
        ) : null}
      </div>
    </section>
  );
}
