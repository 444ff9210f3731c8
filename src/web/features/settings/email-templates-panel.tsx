import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/ui/toast.ts';
import { Mail, RotateCcw } from 'lucide-react';
import { formatNumber } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import {
  EMAIL_TEMPLATE_KEYS,
  TEMPLATE_VARIABLES,
  renderTemplate,
  type EmailTemplateKey,
  type TemplateVariable,
} from '@shared/invoicing/email-templates.ts';
import { api } from '@web/app/api.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Badge } from '@web/ui/badge.tsx';
import { Button } from '@web/ui/button.tsx';
import { Card, CardHeader } from '@web/ui/card.tsx';
import { cn } from '@web/ui/cn.ts';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Textarea } from '@web/ui/input.tsx';
import { Spinner } from '@web/ui/spinner.tsx';
import { useBusinessProfile } from '@web/features/business-profile/business-profile-api.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { invoicingErrorMessage, useInvoicingPermissions } from '@web/features/invoicing/invoicing-ui.tsx';
import {
  SUBJECT_MAX,
  TEMPLATE_LANGUAGES,
  TEXT_MAX,
  insertVariable,
  isDirty,
  sampleValues,
  unknownVariables,
  validateDraft,
  variablesOf,
  type DraftErrors,
  type EmailTemplateItem,
  type TemplateDraft,
  type TemplateLanguage,
} from './email-template-editing.ts';

type Target = { key: EmailTemplateKey; language: TemplateLanguage };
type DraftField = keyof TemplateDraft;

const INVALID_TOAST = 'email-template-invalid';

const templatesKey = (orgId: string | null) => ['email-templates', orgId] as const;

function useEmailTemplates(orgId: string | null) {
  return useQuery({
    queryKey: templatesKey(orgId),
    queryFn: ({ signal }) =>
      api<{ items: EmailTemplateItem[] }>('/api/v1/email-templates', { signal }).then((r) => r.items),
    enabled: !!orgId,
  });
}

/** PUT (save) or POST …/reset (the system text back); the answer replaces the row in the cached list. */
function useTemplateChange(orgId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, draft }: { target: Target; draft: TemplateDraft | null }) => {
      const path = `/api/v1/email-templates/${target.key}/${target.language}`;
      return draft
        ? api<EmailTemplateItem>(path, { method: 'PUT', body: draft })
        : api<EmailTemplateItem>(`${path}/reset`, { method: 'POST' });
    },
    onSuccess: (saved) =>
      queryClient.setQueryData<EmailTemplateItem[]>(templatesKey(orgId), (items) =>
        items?.map((i) => (i.key === saved.key && i.language === saved.language ? saved : i)),
      ),
  });
}

const find = (items: EmailTemplateItem[], { key, language }: Target) =>
  items.find((i) => i.key === key && i.language === language);

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
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t('common:loading')} />
      </div>
    );
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
  const profile = useBusinessProfile(orgId);
  const change = useTemplateChange(orgId);
  const interfaceLanguage = currentLanguage();
  const [selected, setSelected] = useState<Target>({
    key: EMAIL_TEMPLATE_KEYS[0],
    language: interfaceLanguage === 'en' ? 'en' : 'it',
  });
  const stored = find(items, selected);
  const [draft, setDraft] = useState<TemplateDraft>(() => draftOf(stored));
  const [showErrors, setShowErrors] = useState(false);
  const [pending, setPending] = useState<Target | null>(null);
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
  const unknown = unknownVariables(draft);
  const name = (key: EmailTemplateKey) => t(`settings:emailTemplates.names.${key}`);
  const languageInText = (language: TemplateLanguage) =>
    t(`settings:emailTemplates.languageInText.${language}`);

  // The preview signs with the organization's own name and contacts when the profile has them.
  const company = useMemo(() => {
    const p = profile.data;
    return p ? { name: p.companyName, email: p.email ?? '', phone: p.phone ?? '' } : null;
  }, [profile.data]);
  const preview = useMemo(
    () =>
      renderTemplate(
        { subject: draft.subject, text: draft.contentText },
        sampleValues(selected.language, { company, origin: window.location.origin }),
      ),
    [draft, selected.language, company],
  );

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

  const open = (target: Target) => {
    setSelected(target);
    setDraft(draftOf(find(items, target)));
    setShowErrors(false);
    setPending(null);
  };

  const select = (target: Target, scroll: boolean) => {
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

  const used = variablesOf(selected.key);
  const others = TEMPLATE_VARIABLES.filter((v) => !used.includes(v));

  return (
    <Card>
      <CardHeader
        icon={<Mail aria-hidden="true" className="size-5" />}
        title={t('settings:emailTemplates.title')}
        description={t('settings:emailTemplates.description')}
      />
      <div className="grid lg:grid-cols-[minmax(0,17rem)_minmax(0,1fr)]">
        <nav
          aria-label={t('settings:emailTemplates.listLabel')}
          className="border-b border-border lg:border-r lg:border-b-0"
        >
          <ul className="divide-y divide-border">
            {EMAIL_TEMPLATE_KEYS.map((key) => {
              const customized = TEMPLATE_LANGUAGES.filter(
                (l) => find(items, { key, language: l })?.customized,
              );
              const current = key === selected.key;
              return (
                <li key={key}>
                  <button
                    type="button"
                    data-testid={`email-template-${key}`}
                    aria-current={current ? 'true' : undefined}
                    onClick={() => select({ key, language: selected.language }, true)}
                    className={cn(
                      'flex w-full flex-col items-start gap-1 border-l-2 border-transparent px-5 py-3 text-left transition-colors',
                      'hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                      current && 'border-primary bg-primary-soft/60 hover:bg-primary-soft/60',
                    )}
                  >
                    <span className="text-sm font-medium text-foreground">{name(key)}</span>
                    <span className="text-xs text-muted-foreground">
                      {t(`settings:emailTemplates.purposes.${key}`)}
                    </span>
                    {customized.length > 0 ? (
                      <Badge tone="primary" className="mt-0.5">
                        {t('settings:emailTemplates.customizedIn', {
                          languages: customized.map((l) => l.toUpperCase()).join(', '),
                        })}
                      </Badge>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>

        <section
          ref={editorRef}
          aria-labelledby="email-template-title"
          className="grid min-w-0 scroll-mt-20 content-start gap-6 px-5 py-5"
        >
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
            <div className="min-w-0 basis-56 grow">
              <div className="flex flex-wrap items-center gap-2">
                <h3 id="email-template-title" className="text-base font-semibold text-foreground">
                  {name(selected.key)}
                </h3>
                <Badge
                  tone={stored?.customized ? 'primary' : 'neutral'}
                  data-testid="email-template-status"
                  data-customized={stored?.customized ? 'true' : 'false'}
                >
                  {stored?.customized
                    ? t('settings:emailTemplates.customized')
                    : t('settings:emailTemplates.defaultText')}
                </Badge>
                {dirty ? (
                  <Badge tone="warning" data-testid="email-template-unsaved">
                    {t('settings:emailTemplates.unsaved')}
                  </Badge>
                ) : null}
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {t(`settings:emailTemplates.purposes.${selected.key}`)}
              </p>
            </div>
            <div
              role="group"
              aria-label={t('settings:emailTemplates.languageLabel')}
              className="inline-flex rounded-md border border-input bg-surface-muted p-0.5"
            >
              {TEMPLATE_LANGUAGES.map((language) => {
                const active = language === selected.language;
                const customized = find(items, { key: selected.key, language })?.customized;
                return (
                  <button
                    key={language}
                    type="button"
                    lang={language}
                    aria-pressed={active}
                    data-testid={`email-template-language-${language}`}
                    onClick={() => select({ key: selected.key, language }, false)}
                    className={cn(
                      'inline-flex h-8 items-center gap-1.5 rounded px-3 text-sm font-medium text-muted-foreground transition-colors',
                      'hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                      active && 'bg-surface text-foreground shadow-card',
                    )}
                  >
                    {t(`settings:emailTemplates.languages.${language}`)}
                    {customized ? (
                      <>
                        <span aria-hidden="true" className="size-1.5 rounded-full bg-primary" />
                        <span className="sr-only">({t('settings:emailTemplates.languageCustomized')})</span>
                      </>
                    ) : null}
                  </button>
                );
              })}
            </div>
          </div>

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
            <Field
              label={t('settings:emailTemplates.subject')}
              error={errorText(t, 'subject', errors.subject)}
              required
            >
              {(props) => (
                <Input
                  {...props}
                  ref={fieldRefs.subject}
                  lang={selected.language}
                  value={draft.subject}
                  readOnly={!canManage}
                  maxLength={SUBJECT_MAX}
                  autoComplete="off"
                  spellCheck
                  onFocus={() => (lastField.current = 'subject')}
                  onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
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
                  lang={selected.language}
                  value={draft.contentText}
                  readOnly={!canManage}
                  maxLength={TEXT_MAX}
                  rows={12}
                  spellCheck
                  className="font-mono text-[13px] leading-relaxed"
                  onFocus={() => (lastField.current = 'contentText')}
                  onChange={(e) => setDraft({ ...draft, contentText: e.target.value })}
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

            {canManage ? (
              <section aria-labelledby="email-template-variables" className="grid gap-3">
                <div>
                  <h4 id="email-template-variables" className="text-sm font-semibold text-foreground">
                    {t('settings:emailTemplates.variablesTitle')}
                  </h4>
                  <p className="mt-0.5 text-xs text-muted-foreground">
                    {t('settings:emailTemplates.variablesHint')}
                  </p>
                </div>
                <p className="text-xs font-medium text-muted-foreground">
                  {t('settings:emailTemplates.variablesUsed')}
                </p>
                <VariableChips names={used} onInsert={insert} />
                <details className="group">
                  <summary className="cursor-pointer text-xs font-medium text-muted-foreground hover:text-foreground">
                    {t('settings:emailTemplates.variablesOther', { count: others.length })}
                  </summary>
                  <div className="mt-3">
                    <VariableChips names={others} onInsert={insert} />
                  </div>
                </details>
              </section>
            ) : null}

            <section aria-labelledby="email-template-preview" className="grid gap-3">
              <div>
                <h4 id="email-template-preview" className="text-sm font-semibold text-foreground">
                  {t('settings:emailTemplates.preview')}
                </h4>
                <p className="mt-0.5 text-xs text-muted-foreground">
                  {t('settings:emailTemplates.previewHint')}
                </p>
              </div>
              <div
                data-testid="email-template-preview"
                lang={selected.language}
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
              </div>
            </section>

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

      <ConfirmDialog
        open={restoring}
        onOpenChange={setRestoring}
        title={t('settings:emailTemplates.restoreTitle')}
        description={t('settings:emailTemplates.restoreText', {
          name: name(selected.key),
          language: languageInText(selected.language),
        })}
        confirmLabel={t('settings:emailTemplates.restoreConfirm')}
        danger
        loading={change.isPending}
        onConfirm={() => void restore()}
      />

      <Dialog open={!!pending} onOpenChange={(next) => (next ? undefined : setPending(null))}>
        <DialogContent
          title={t('settings:emailTemplates.leave.title')}
          description={t('settings:emailTemplates.leave.text', {
            name: name(selected.key),
            language: languageInText(selected.language),
          })}
          closeLabel={t('buttons:close')}
          className="max-w-xl"
        >
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">{t('settings:emailTemplates.leave.keep')}</Button>
            </DialogClose>
            <Button variant="danger" onClick={() => pending && open(pending)} disabled={change.isPending}>
              {t('settings:emailTemplates.leave.discard')}
            </Button>
            <Button loading={change.isPending} onClick={() => void saveAndContinue()}>
              {t('settings:emailTemplates.leave.save')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
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
