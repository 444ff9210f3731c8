import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_CATEGORIES } from '@shared/mail/templates.ts';
import type { TRenderedTemplate } from '@shared/mail/template-contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Select } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import { useEmailTemplates, useRenderTemplate } from '@web/features/settings/email-templates-api.ts';

/**
 * The composer's "Template" picker (issue 16, spec §5 "If a template id is given, the rendered template replaces
 * subject and content"): the user's own templates and the system ones by category; choosing one has the server
 * render it (business profile, and the client when the composer has one) and fills subject and body, asking first
 * when something is already written.
 */
export function TemplatePicker({
  orgId,
  context,
  hasContent,
  onApply,
}: {
  orgId: string | null;
  /** The client, invoice or quote the message is written from: the template takes their values. */
  context?: { clientId?: string; invoiceId?: string; quoteId?: string };
  /** Subject or body already written: replacing them is asked first. */
  hasContent: boolean;
  onApply: (rendered: TRenderedTemplate) => void;
}) {
  const { t } = useTranslation(['mailbox', 'common']);
  const id = useId();
  const templates = useEmailTemplates(orgId);
  const render = useRenderTemplate();
  const [asking, setAsking] = useState<string | null>(null);
  const language = currentLanguage() === 'en' ? 'en' : 'it';
  // System templates in the interface's language, own ones in theirs.
  const items = (templates.data ?? []).filter((i) => !i.isSystem || i.language === language);

  const apply = (templateId: string) => {
    setAsking(null);
    render.mutate(
      { id: templateId, input: { language, ...context } },
      {
        onSuccess: (rendered) => {
          onApply(rendered);
          toast.success(t('mailbox:compose.templateApplied'));
        },
        onError: (error) =>
          toast.error(`${t('mailbox:compose.templateFailed')}: ${apiErrorMessage(error, t)}`),
      },
    );
  };

  const status = templates.isError
    ? t('mailbox:compose.templatesFailed')
    : templates.isPending
      ? t('mailbox:compose.templatesLoading')
      : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {t('mailbox:compose.template')}
      </label>
      <Select
        id={id}
        value=""
        disabled={!templates.data || render.isPending}
        aria-busy={render.isPending}
        data-testid="compose-template"
        className="w-auto max-w-full min-w-56"
        onChange={(e) => {
          const chosen = e.target.value;
          if (!chosen) return;
          if (hasContent) setAsking(chosen);
          else apply(chosen);
        }}
      >
        <option value="">{status ?? t('mailbox:compose.templateChoose')}</option>
        {TEMPLATE_CATEGORIES.map((category) => {
          const group = items.filter((i) => i.category === category);
          return group.length > 0 ? (
            <optgroup key={category} label={t(`mailbox:compose.templateCategories.${category}`)}>
              {group.map((i) => (
                <option key={i.id} value={i.id}>
                  {i.name}
                </option>
              ))}
            </optgroup>
          ) : null;
        })}
      </Select>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={t('mailbox:compose.templateReplaceTitle')}
        description={t('mailbox:compose.templateReplaceText')}
        confirmLabel={t('mailbox:compose.templateReplace')}
        onConfirm={() => asking && apply(asking)}
      />
    </div>
  );
}
