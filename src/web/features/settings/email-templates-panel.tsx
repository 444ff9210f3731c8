import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail, RotateCcw } from 'lucide-react';
import { EMAIL_TEMPLATE_KEYS, type TemplateVariable } from '@shared/invoicing/email-templates.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import {
  insertVariable,
  isDirty,
  validateDraft,
  type DraftErrors,
  type EmailTemplateItem,
  type TemplateDraft,
} from './email-template-editing.ts';
import { TemplatePreview, TemplateVariables } from './email-template-aids.tsx';
import { LeaveDialog, RestoreDialog } from './email-template-dialogs.tsx';
import { TemplateFields, type DraftField } from './email-template-fields.tsx';
import { TemplateHeading } from './email-template-heading.tsx';
import { TemplateList } from './email-template-list.tsx';
import {
  findTemplate,
  useEmailTemplates,
  useTemplateChange,
  type TemplateTarget,
} from './email-templates-api.ts';

const INVALID_TOAST = 'email-template-invalid';

const draftOf = (item: EmailTemplateItem | undefined): TemplateDraft => ({
  subject: item?.subject ?? '',
  contentText: item?.contentText ?? '',
});

/**
 * Settings → E-mail templates: the organization's text of the document e-mails (quote, invoice, reminders,
 * statement) per language, with variables, a live preview and the system text one click away. System templates
 * are never deleted (the server refuses it), so no delete is offered.
 */
export function EmailTemplatesPanel() {
  const { t } = useTranslation(['settings', 'common']);
  const { orgId, canView } = useInvoicingPermissions();
  const templates = useEmailTemplates(canView ? orgId : null);
  if (!canView) return <Alert tone="info">{t('settings:emailTemplates.noAccess')}</Alert>;
  if (templates.isPending) {
    return <BlockSpinner label={t('common:loading')} />;
  }
  if (templates.isError) {
    return (
      <Alert tone="error" title={t('settings:emailTemplates.loadError')}>
        {invoicingErrorMessage(templates.error, t)}
      </Alert>
    );
  }
  return <TemplatesEditor items={templates.data} />;
}

function TemplatesEditor({ items }: { items: EmailTemplateItem[] }) {
  const { t } = useTranslation(['settings', 'buttons']);
  const { orgId, canManage } = useInvoicingPermissions();
  const change = useTemplateChange(orgId);
  const interfaceLanguage = currentLanguage();
  const [selected, setSelected] = useState<TemplateTarget>({
    key: EMAIL_TEMPLATE_KEYS[0],
    language: interfaceLanguage === 'en' ? 'en' : 'it',
  });
  const stored = findTemplate(items, selected);
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(stored));
  const [showErrors, setShowErrors] = useState(false);
  const [pending, setPending] = useState<TemplateTarget | null>(null);
  const [restoring, setRestoring] = useState(false);
  const editorRef = useRef<HTMLElement>(null);
  const fieldRefs = {
    subject: useRef<HTMLInputElement>(null),
    contentText: useRef<HTMLTextAreaElement>(null),
  };
  const lastField = useRef<DraftField>('contentText');
  const caret = useRef<{ field: DraftField; at: number } | null>(null);

  const dirty = canManage && isDirty(draft, draftOf(stored));
  const errors: DraftErrors = showErrors ? validateDraft(draft) : {};
  // After a variable is inserted, the caret goes right after it in the field that received it.
  useLayoutEffect(() => {
    const at = caret.current;
    if (!at) return;
    caret.current = null;
    const el = fieldRefs[at.field].current;
    el?.focus();
    el?.setSelectionRange(at.at, at.at);
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const open = (target: TemplateTarget) => {
    setSelected(target);
    setDraft(draftOf(findTemplate(items, target)));
    setShowErrors(false);
    setPending(null);
  };

  const select = (target: TemplateTarget, scroll: boolean) => {
    if (target.key === selected.key && target.language === selected.language) return;
    if (dirty) setPending(target);
    else open(target);
    // On phones the list sits above the editor: bring the editor into view.
    if (scroll && !window.matchMedia('(min-width: 1024px)').matches) {
      editorRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  };

  const insert = (variable: TemplateVariable) => {
    const field = lastField.current;
    const el = fieldRefs[field].current;
    const value = draft[field];
    const next = insertVariable(
      value,
      el?.selectionStart ?? value.length,
      el?.selectionEnd ?? value.length,
      variable,
    );
    caret.current = { field, at: next.caret };
    setDraft({ ...draft, [field]: next.value });
  };

  /** Saves the draft; false when it is not valid or the server refused it. */
  const save = async (): Promise<boolean> => {
    const problems = validateDraft(draft);
    if (Object.keys(problems).length > 0) {
      setShowErrors(true);
      toast.error(t('settings:emailTemplates.invalid'), { id: INVALID_TOAST });
      fieldRefs[problems.subject ? 'subject' : 'contentText'].current?.focus();
      return false;
    }
    try {
      const saved = await change.mutateAsync({
        target: selected,
        draft: { subject: draft.subject.trim(), contentText: draft.contentText.trim() },
      });
      setDraft(draftOf(saved));
      setShowErrors(false);
      toast.dismiss(INVALID_TOAST);
      toast.success(t('settings:emailTemplates.saved'));
      return true;
    } catch (error) {
      toast.error(invoicingErrorMessage(error, t));
      return false;
    }
  };

  const restore = async () => {
    try {
      const system = await change.mutateAsync({ target: selected, draft: null });
      setDraft(draftOf(system));
      setShowErrors(false);
      setRestoring(false);
      toast.success(t('settings:emailTemplates.restored'));
    } catch (error) {
      toast.error(invoicingErrorMessage(error, t));
    }
  };

  const saveAndContinue = async () => {
    const target = pending;
    if (!(await save())) {
      setPending(null);
      return;
    }
    if (target) open(target);
  };

  return (
    <Card>
      <CardHeader
        icon={<Mail aria-hidden="true" className="size-5" />}
        title={t('settings:emailTemplates.title')}
        description={t('settings:emailTemplates.description')}
      />
      <div className="grid lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
        <TemplateList
          items={items}
          selected={selected.key}
          onSelect={(key) => select({ key, language: selected.language }, true)}
        />

        <section
          ref={editorRef}
          aria-labelledby="email-template-title"
          className="grid min-w-0 scroll-mt-20 content-start gap-6 px-5 py-5"
        >
          <TemplateHeading
            items={items}
            selected={selected}
            dirty={dirty}
            onLanguage={(language) => select({ key: selected.key, language }, false)}
          />

          {!canManage ? <Alert tone="info">{t('settings:emailTemplates.readOnly')}</Alert> : null}

          <form
            noValidate
            aria-labelledby="email-template-title"
            onSubmit={(e) => {
              e.preventDefault();
              // Enter in the subject submits too: saving an unchanged text would mark it customized.
              if (dirty) void save();
            }}
            className="grid gap-5"
          >
            <TemplateFields
              draft={draft}
              onChange={setDraft}
              errors={errors}
              language={selected.language}
              readOnly={!canManage}
              fieldRefs={fieldRefs}
              onFocusField={(field) => (lastField.current = field)}
            />

            {canManage ? <TemplateVariables templateKey={selected.key} onInsert={insert} /> : null}

            <TemplatePreview draft={draft} language={selected.language} />

            {canManage ? (
              <div className="-mx-5 -mb-5 flex flex-col gap-3 border-t border-border px-5 py-4 sm:flex-row sm:items-center">
                <p className="text-xs text-muted-foreground sm:mr-auto">
                  {t('settings:emailTemplates.notDeletable')}
                </p>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:shrink-0">
                  {stored?.customized ? (
                    <Button variant="outline" onClick={() => setRestoring(true)} disabled={change.isPending}>
                      <RotateCcw aria-hidden="true" className="size-4" />
                      {t('settings:emailTemplates.restore')}
                    </Button>
                  ) : null}
                  {dirty ? (
                    <Button variant="ghost" onClick={() => open(selected)} disabled={change.isPending}>
                      {t('settings:emailTemplates.discard')}
                    </Button>
                  ) : null}
                  <Button type="submit" loading={change.isPending && !restoring} disabled={!dirty}>
                    {t('buttons:save')}
                  </Button>
                </div>
              </div>
            ) : null}
          </form>
        </section>
      </div>

      <RestoreDialog
        target={selected}
        open={restoring}
        onOpenChange={setRestoring}
        loading={change.isPending}
        onConfirm={() => void restore()}
      />
      <LeaveDialog
        target={selected}
        open={!!pending}
        onCancel={() => setPending(null)}
        saving={change.isPending}
        onDiscard={() => pending && open(pending)}
        onSave={() => void saveAndContinue()}
      />
    </Card>
  );
}
