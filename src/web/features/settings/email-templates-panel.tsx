// Over 300 lines: the editor's one state (which template, its draft, save, restore, delete, leave) lives here; its
// parts are the email-template-*.tsx files.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail, RotateCcw, Trash2 } from 'lucide-react';
import type { TemplateVariable } from '@shared/mail/templates.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { BlockSpinner } from '@web/ui/spinner.tsx';
import { toast } from '@web/ui/toast.ts';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import {
  draftOf,
  findTemplate,
  insertVariable,
  isDirty,
  validateDraft,
  type DraftErrors,
  type EmailTemplateItem,
  type TemplateDraft,
  type TemplateLanguage,
  type TemplateTarget,
} from './email-template-editing.ts';
import { TemplatePreview, TemplateVariables } from './email-template-aids.tsx';
import { DeleteDialog, LeaveDialog, RestoreDialog } from './email-template-dialogs.tsx';
import { OwnTemplateFields, TemplateFields, type VariableField } from './email-template-fields.tsx';
import { TemplateHeading } from './email-template-heading.tsx';
import { TemplateList } from './email-template-list.tsx';
import { useDeleteTemplate, useEmailTemplates, useTemplateChange } from './email-templates-api.ts';

const INVALID_TOAST = 'email-template-invalid';

/**
 * Settings → E-mail templates (issue 16, one template system): the system templates (the document e-mails and the
 * composer's general ones) in the organization's version per language, and the user's own templates, grouped by
 * category. Variables as chips, a live preview and the compatibility warnings of the HTML while it is typed. System
 * templates are restored, never deleted; own ones are deleted after a confirmation.
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

/** Where the editor goes next: a template of the list, or a new one (null). */
type Next = { target: TemplateTarget | null };

function TemplatesEditor({ items }: { items: EmailTemplateItem[] }) {
  const { t } = useTranslation(['settings', 'buttons']);
  const { orgId, canManage } = useInvoicingPermissions();
  const change = useTemplateChange(orgId);
  const removal = useDeleteTemplate(orgId);
  const [language, setLanguage] = useState<TemplateLanguage>(currentLanguage() === 'en' ? 'en' : 'it');
  const [selected, setSelected] = useState<TemplateTarget | null>(() => {
    const first = items.find((i) => i.isSystem && i.language === language);
    return first ? { id: first.id, language } : null;
  });
  const stored = selected ? findTemplate(items, selected) : undefined;
  const own = !stored?.isSystem;
  const canEdit = own || canManage;
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(stored, language));
  const [showErrors, setShowErrors] = useState(false);
  const [pending, setPending] = useState<Next | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const editorRef = useRef<HTMLElement>(null);
  const fieldRefs = {
    subject: useRef<HTMLInputElement>(null),
    contentText: useRef<HTMLTextAreaElement>(null),
    contentHtml: useRef<HTMLTextAreaElement>(null),
  };
  const lastField = useRef<VariableField>('contentText');
  const caret = useRef<{ field: VariableField; at: number } | null>(null);

  const dirty = canEdit && isDirty(draft, draftOf(stored, language));
  const errors: DraftErrors = showErrors ? validateDraft(draft, { own }) : {};
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

  const open = ({ target }: Next) => {
    setSelected(target);
    if (target) setLanguage(target.language);
    setDraft(draftOf(target ? findTemplate(items, target) : undefined, target?.language ?? language));
    setShowErrors(false);
    setPending(null);
  };

  const go = (next: Next, scroll: boolean) => {
    if (dirty) setPending(next);
    else open(next);
    // On phones the list sits above the editor: bring the editor into view.
    if (scroll && !window.matchMedia('(min-width: 1024px)').matches) {
      editorRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    }
  };

  const select = (item: EmailTemplateItem) => {
    const target = { id: item.id, language: item.isSystem ? language : item.language };
    if (selected && target.id === selected.id && target.language === selected.language) return;
    go({ target }, true);
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
    const problems = validateDraft(draft, { own });
    if (Object.keys(problems).length > 0) {
      setShowErrors(true);
      toast.error(t('settings:emailTemplates.invalid'), { id: INVALID_TOAST });
      if (!problems.name) fieldRefs[problems.subject ? 'subject' : 'contentText'].current?.focus();
      return false;
    }
    try {
      const saved = await change.mutateAsync(
        selected ? { kind: 'save', target: selected, draft } : { kind: 'create', draft },
      );
      setSelected({ id: saved.id, language: saved.language });
      setLanguage(saved.language);
      setDraft(draftOf(saved, saved.language));
      setShowErrors(false);
      toast.dismiss(INVALID_TOAST);
      toast.success(
        saved.warnings.length > 0
          ? t('settings:emailTemplates.savedWithWarnings')
          : t('settings:emailTemplates.saved'),
      );
      return true;
    } catch (error) {
      toast.error(invoicingErrorMessage(error, t));
      return false;
    }
  };

  const restore = async () => {
    if (!selected) return;
    try {
      const system = await change.mutateAsync({ kind: 'reset', target: selected });
      setDraft(draftOf(system, system.language));
      setShowErrors(false);
      setRestoring(false);
      toast.success(t('settings:emailTemplates.restored'));
    } catch (error) {
      toast.error(invoicingErrorMessage(error, t));
    }
  };

  const remove = async () => {
    if (!selected || !stored || stored.isSystem) return;
    try {
      await removal.mutateAsync(stored.id);
      setDeleting(false);
      toast.success(t('settings:emailTemplates.deleted'));
      const first = items.find((i) => i.isSystem && i.language === language);
      open({ target: first ? { id: first.id, language } : null });
    } catch (error) {
      toast.error(invoicingErrorMessage(error, t));
    }
  };

  const saveAndContinue = async () => {
    const next = pending;
    if (!(await save())) {
      setPending(null);
      return;
    }
    if (next) open(next);
  };

  const name = stored?.name || draft.name || t('settings:emailTemplates.newTitle');
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
          language={language}
          selected={selected?.id ?? null}
          onSelect={select}
          onNew={() => (selected ? go({ target: null }, true) : undefined)}
          canCreate
        />

        <section
          ref={editorRef}
          aria-labelledby="email-template-title"
          className="grid min-w-0 scroll-mt-20 content-start gap-6 px-5 py-5"
        >
          <TemplateHeading
            items={items}
            stored={stored}
            language={language}
            dirty={dirty}
            onLanguage={(l) => selected && go({ target: { id: selected.id, language: l } }, false)}
          />

          {!canEdit ? <Alert tone="info">{t('settings:emailTemplates.readOnly')}</Alert> : null}

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
            {own ? <OwnTemplateFields draft={draft} onChange={setDraft} errors={errors} /> : null}
            <TemplateFields
              draft={draft}
              onChange={setDraft}
              errors={errors}
              readOnly={!canEdit}
              fieldRefs={fieldRefs}
              onFocusField={(field) => (lastField.current = field)}
            />

            {canEdit ? <TemplateVariables draft={draft} onInsert={insert} /> : null}

            <TemplatePreview draft={draft} />

            {canEdit ? (
              <div className="-mx-5 -mb-5 flex flex-col gap-3 border-t border-border px-5 py-4 sm:flex-row sm:items-center">
                <p className="text-xs text-muted-foreground sm:mr-auto">
                  {own ? t('settings:emailTemplates.ownHint') : t('settings:emailTemplates.notDeletable')}
                </p>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:shrink-0">
                  {stored?.customized ? (
                    <Button variant="outline" onClick={() => setRestoring(true)} disabled={change.isPending}>
                      <RotateCcw aria-hidden="true" className="size-4" />
                      {t('settings:emailTemplates.restore')}
                    </Button>
                  ) : null}
                  {stored && !stored.isSystem ? (
                    <Button
                      variant="outline"
                      onClick={() => setDeleting(true)}
                      disabled={removal.isPending}
                      data-testid="email-template-delete"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      {t('settings:emailTemplates.delete')}
                    </Button>
                  ) : null}
                  {dirty ? (
                    <Button
                      variant="ghost"
                      onClick={() => open({ target: selected })}
                      disabled={change.isPending}
                    >
                      {t('settings:emailTemplates.discard')}
                    </Button>
                  ) : null}
                  <Button
                    type="submit"
                    loading={change.isPending && !restoring}
                    disabled={!dirty}
                    data-testid="email-template-save"
                  >
                    {t('buttons:save')}
                  </Button>
                </div>
              </div>
            ) : null}
          </form>
        </section>
      </div>

      <RestoreDialog
        name={name}
        language={language}
        open={restoring}
        onOpenChange={setRestoring}
        loading={change.isPending}
        onConfirm={() => void restore()}
      />
      <DeleteDialog
        name={name}
        open={deleting}
        onOpenChange={setDeleting}
        loading={removal.isPending}
        onConfirm={() => void remove()}
      />
      <LeaveDialog
        name={name}
        open={!!pending}
        onCancel={() => setPending(null)}
        saving={change.isPending}
        onDiscard={() => pending && open(pending)}
        onSave={() => void saveAndContinue()}
      />
    </Card>
  );
}
