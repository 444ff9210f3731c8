// Over 300 lines: the tags and the matching rules are one settings dialog, each with its list and its form.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import {
  DOCUMENT_TAG_COLORS,
  DOCUMENT_TYPES,
  RULE_ALGORITHMS,
  ZRuleInput,
  ZTagInput,
  type TDocumentTag,
  type TRule,
  type TRuleInput,
} from '@shared/documents/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { cn } from '@web/ui/cn.ts';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { CheckboxField, ChoiceOptions, InputField, SelectField } from '@web/ui/form-fields.tsx';
import { SkeletonRows } from '@web/ui/skeleton-rows.tsx';
import { toast } from '@web/ui/toast.ts';
import { CorrespondentPicker } from './correspondent-picker.tsx';
import { TagChip } from './document-bits.tsx';
import { useDeleteRule, useDeleteTag, useRules, useSaveRule, useSaveTag, useTags } from './documents-api.ts';
import type { Correspondent } from './documents-api.ts';
import { documentFieldText } from './field-error.ts';
import { TAG_DOT_CLASSES } from './tag-colors.ts';

type Tab = 'tags' | 'rules';

/** "Rules and tags": the organization's tags (name, colour) and matching rules, reached from the documents page. */
export function RulesDialog({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(['documents', 'buttons']);
  const [tab, setTab] = useState<Tab>('tags');
  return (
    <DialogContent
      title={t('documents:settings.title')}
      description={t('documents:settings.description')}
      closeLabel={t('buttons:close')}
      className="max-w-2xl"
    >
      <div
        role="tablist"
        aria-label={t('documents:settings.title')}
        className="mb-4 flex gap-1 border-b border-border"
      >
        {(['tags', 'rules'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`documents-settings-${value}`}
            aria-selected={tab === value}
            aria-controls={`documents-settings-${value}-panel`}
            onClick={() => setTab(value)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              tab === value
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
          >
            {t(`documents:settings.${value}`)}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`documents-settings-${tab}-panel`}
        aria-labelledby={`documents-settings-${tab}`}
      >
        {tab === 'tags' ? <TagsSection canManage={canManage} /> : <RulesSection canManage={canManage} />}
      </div>
    </DialogContent>
  );
}

function TagsSection({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(['documents', 'common', 'buttons']);
  const orgId = useSignedInMe().activeOrganizationId;
  const tags = useTags(orgId);
  const remove = useDeleteTag(orgId);
  const [editing, setEditing] = useState<TDocumentTag | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TDocumentTag | null>(null);

  if (tags.isPending) return <SkeletonRows rows={3} label={t('common:loading')} />;
  if (tags.isError) return <p className="text-sm text-danger">{apiErrorMessage(tags.error, t)}</p>;

  return (
    <div className="grid gap-3">
      {tags.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('documents:settings.noTags')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {tags.data.map((tag) =>
            editing !== 'new' && editing?.id === tag.id ? (
              <li key={tag.id} className="p-3">
                <TagForm tag={tag} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={tag.id} className="flex items-center gap-2 px-3 py-2">
                <TagChip tag={tag} />
                <span className="flex-1" />
                {canManage ? (
                  <>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('documents:settings.editTag', { name: tag.name })}
                      onClick={() => setEditing(tag)}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('documents:settings.deleteTag', { name: tag.name })}
                      onClick={() => setDeleting(tag)}
                    >
                      <Trash2 aria-hidden="true" className="size-4 text-danger" />
                    </Button>
                  </>
                ) : null}
              </li>
            ),
          )}
        </ul>
      )}
      {canManage ? (
        editing === 'new' ? (
          <div className="rounded-md border border-border p-3">
            <TagForm tag={null} onDone={() => setEditing(null)} />
          </div>
        ) : (
          <div>
            <Button variant="outline" onClick={() => setEditing('new')}>
              <Plus aria-hidden="true" className="size-4" />
              {t('documents:settings.newTag')}
            </Button>
          </div>
        )
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('documents:settings.deleteTagTitle', { name: deleting?.name ?? '' })}
        description={t('documents:settings.deleteTagText')}
        confirmLabel={t('documents:actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('documents:settings.tagDeleted'));
              setDeleting(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, t)),
          });
        }}
      />
    </div>
  );
}

/** Name and colour of a tag; also used by the tag picker to create one on the spot. */
export function TagForm({
  tag,
  initialName = '',
  onDone,
}: {
  tag: TDocumentTag | null;
  initialName?: string;
  onDone: (saved: TDocumentTag | null) => void;
}) {
  const { t } = useTranslation(['documents', 'buttons']);
  const orgId = useSignedInMe().activeOrganizationId;
  const save = useSaveTag(orgId);
  const [name, setName] = useState(tag?.name ?? initialName);
  const [color, setColor] = useState<TDocumentTag['color']>(tag?.color ?? 'blue');
  const [error, setError] = useState<string | undefined>();

  const submit = () => {
    const parsed = ZTagInput.safeParse({ name, color });
    if (!parsed.success) {
      setError(documentFieldText(parsed.error.issues[0]?.message, t));
      return;
    }
    save.mutate(
      { id: tag?.id ?? null, values: parsed.data },
      {
        onSuccess: (saved) => {
          toast.success(tag ? t('documents:settings.tagSaved') : t('documents:settings.tagCreated'));
          onDone(saved);
        },
        onError: (e) => toast.error(apiErrorMessage(e, t)),
      },
    );
  };

  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
      <InputField
        label={t('documents:settings.tagName')}
        value={name}
        maxLength={60}
        error={error}
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Field label={t('documents:settings.tagColor')}>
        {(props) => (
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${TAG_DOT_CLASSES[color]}`} />
            <select
              {...props}
              value={color}
              onChange={(e) => setColor(e.target.value as TDocumentTag['color'])}
              className="h-10 w-full rounded-md border border-input bg-surface px-2 text-sm text-foreground"
            >
              {DOCUMENT_TAG_COLORS.map((c) => (
                <option key={c} value={c}>
                  {t(`documents:colors.${c}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </Field>
      <div className="flex gap-2">
        <Button variant="outline" onClick={() => onDone(null)}>
          {t('buttons:cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t('buttons:save')}
        </Button>
      </div>
    </div>
  );
}

function RulesSection({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(['documents', 'common', 'buttons']);
  const orgId = useSignedInMe().activeOrganizationId;
  const rules = useRules(orgId);
  const tags = useTags(orgId);
  const remove = useDeleteRule(orgId);
  const [editing, setEditing] = useState<TRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRule | null>(null);

  if (rules.isPending) return <SkeletonRows rows={3} label={t('common:loading')} />;
  if (rules.isError) return <p className="text-sm text-danger">{apiErrorMessage(rules.error, t)}</p>;
  if (editing) {
    return (
      <RuleForm
        rule={editing === 'new' ? null : editing}
        tags={tags.data ?? []}
        onDone={() => setEditing(null)}
      />
    );
  }

  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('documents:settings.rulesHelp')}</p>
      {rules.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('documents:settings.noRules')}</p>
      ) : (
        <ul className="divide-y divide-border rounded-md border border-border">
          {rules.data.map((rule) => (
            <li key={rule.id} className="flex items-start gap-2 px-3 py-2.5">
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium text-foreground">{rule.name}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {t(`documents:settings.algorithms.${rule.algorithm}`)} · <code>{rule.pattern}</code>
                </p>
                <p className="text-xs text-muted-foreground">
                  {[
                    rule.assignType ? t(`documents:types.${rule.assignType}`) : null,
                    rule.assignCorrespondent?.name,
                    ...rule.assignTagIds.map((id) => tags.data?.find((tag) => tag.id === id)?.name),
                  ]
                    .filter(Boolean)
                    .join(' · ') || t('documents:settings.assignsNothing')}
                </p>
              </div>
              {canManage ? (
                <>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('documents:settings.editRule', { name: rule.name })}
                    onClick={() => setEditing(rule)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('documents:settings.deleteRule', { name: rule.name })}
                    onClick={() => setDeleting(rule)}
                  >
                    <Trash2 aria-hidden="true" className="size-4 text-danger" />
                  </Button>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? (
        <div>
          <Button variant="outline" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t('documents:settings.newRule')}
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('documents:settings.deleteRuleTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('documents:actions.delete')}
        danger
        loading={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t('documents:settings.ruleDeleted'));
              setDeleting(null);
            },
            onError: (error) => toast.error(apiErrorMessage(error, t)),
          });
        }}
      />
    </div>
  );
}

function RuleForm({ rule, tags, onDone }: { rule: TRule | null; tags: TDocumentTag[]; onDone: () => void }) {
  const { t } = useTranslation(['documents', 'buttons']);
  const orgId = useSignedInMe().activeOrganizationId;
  const save = useSaveRule(orgId);
  const [name, setName] = useState(rule?.name ?? '');
  const [algorithm, setAlgorithm] = useState<TRuleInput['algorithm']>(rule?.algorithm ?? 'any');
  const [pattern, setPattern] = useState(rule?.pattern ?? '');
  const [caseSensitive, setCaseSensitive] = useState(rule?.caseSensitive ?? false);
  const [assignType, setAssignType] = useState<TRuleInput['assignType']>(rule?.assignType ?? null);
  const [tagIds, setTagIds] = useState<string[]>(rule?.assignTagIds ?? []);
  const [correspondent, setCorrespondent] = useState<Correspondent | null>(rule?.assignCorrespondent ?? null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  const submit = () => {
    const parsed = ZRuleInput.safeParse({
      name,
      algorithm,
      pattern,
      caseSensitive,
      assignType,
      assignTagIds: tagIds,
      assignCorrespondent: correspondent ? { kind: correspondent.kind, id: correspondent.id } : null,
    });
    if (!parsed.success) {
      const next: Record<string, string | undefined> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        next[key] ??= documentFieldText(issue.message, t);
      }
      setErrors(next);
      return;
    }
    save.mutate(
      { id: rule?.id ?? null, values: parsed.data },
      {
        onSuccess: () => {
          toast.success(t('documents:settings.ruleSaved'));
          onDone();
        },
        onError: (e) => toast.error(apiErrorMessage(e, t)),
      },
    );
  };

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="text-base font-semibold text-foreground">
        {rule ? t('documents:settings.editRuleTitle') : t('documents:settings.newRule')}
      </h3>
      <InputField
        label={t('documents:settings.ruleName')}
        required
        value={name}
        maxLength={100}
        error={errors.name}
        onChange={(e) => setName(e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t('documents:settings.algorithm')}
          value={algorithm}
          onChange={(e) => setAlgorithm(e.target.value as TRuleInput['algorithm'])}
          hint={t(`documents:settings.algorithmHints.${algorithm}`)}
        >
          <ChoiceOptions values={RULE_ALGORITHMS} label={(v) => t(`documents:settings.algorithms.${v}`)} />
        </SelectField>
        <InputField
          label={t('documents:settings.pattern')}
          required
          value={pattern}
          maxLength={500}
          error={errors.pattern}
          controlClassName="font-mono"
          onChange={(e) => setPattern(e.target.value)}
        />
      </div>
      <CheckboxField
        label={t('documents:settings.caseSensitive')}
        checked={caseSensitive}
        onChange={(e) => setCaseSensitive(e.target.checked)}
      />
      <fieldset className="grid gap-4 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium text-foreground">
          {t('documents:settings.assigns')}
        </legend>
        <SelectField
          label={t('documents:settings.assignType')}
          value={assignType ?? ''}
          onChange={(e) => setAssignType((e.target.value || null) as TRuleInput['assignType'])}
        >
          <ChoiceOptions
            values={DOCUMENT_TYPES}
            label={(v) => t(`documents:types.${v}`)}
            empty={t('documents:settings.noChange')}
          />
        </SelectField>
        <Field label={t('documents:settings.assignCorrespondent')}>
          {(props) => (
            <CorrespondentPicker controlProps={props} value={correspondent} onChange={setCorrespondent} />
          )}
        </Field>
        <div>
          <p className="mb-1.5 text-sm font-medium text-foreground">{t('documents:settings.assignTags')}</p>
          {tags.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('documents:settings.noTags')}</p>
          ) : (
            <div className="flex flex-wrap gap-x-4 gap-y-2">
              {tags.map((tag) => (
                <label key={tag.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={tagIds.includes(tag.id)}
                    onChange={(e) =>
                      setTagIds((ids) =>
                        e.target.checked ? [...ids, tag.id] : ids.filter((id) => id !== tag.id),
                      )
                    }
                  />
                  <TagChip tag={tag} />
                </label>
              ))}
            </div>
          )}
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone}>
          {t('buttons:cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('buttons:save')}
        </Button>
      </div>
    </form>
  );
}
