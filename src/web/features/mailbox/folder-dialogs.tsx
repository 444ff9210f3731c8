import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ZFolderInput, ZLabelInput, type TMailFolder, type TMailLabel } from '@shared/mailbox/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { fieldText } from '@web/app/field-text.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { ConfirmDialog } from '@web/ui/confirm-dialog.tsx';
import { Dialog, DialogClose, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import { useDeleteFolder, useDeleteLabel, useSaveFolder, useSaveLabel } from './mailbox-api.ts';
import type { FolderEdit } from './folder-pane.tsx';
import { folderTree } from './mailbox-format.ts';

/** The colours offered for folders and labels (hex, as the contract wants). */
export const MAIL_COLOURS = [
  '#2563eb',
  '#16a34a',
  '#dc2626',
  '#d97706',
  '#7c3aed',
  '#db2777',
  '#0891b2',
  '#4b5563',
];

/** The folder and label dialogs of the folder pane: create, rename, colour, nest, delete. */
export function FolderDialogs({
  orgId,
  edit,
  folders,
  onClose,
  onFolderDeleted,
}: {
  orgId: string | null;
  edit: FolderEdit | null;
  folders: TMailFolder[];
  onClose: () => void;
  onFolderDeleted: (id: string) => void;
}) {
  const { t } = useTranslation(['mailbox', 'buttons', 'common']);
  const deleteFolder = useDeleteFolder(orgId);
  const deleteLabel = useDeleteLabel(orgId);
  const close = (open: boolean) => !open && onClose();

  return (
    <>
      <Dialog open={edit?.kind === 'folder'} onOpenChange={close}>
        {edit?.kind === 'folder' ? (
          <FolderForm
            key={edit.folder?.id ?? 'new'}
            orgId={orgId}
            folder={edit.folder}
            accountId={edit.accountId}
            folders={folders.filter((f) => f.accountId === edit.accountId && f.id !== edit.folder?.id)}
            onDone={onClose}
          />
        ) : null}
      </Dialog>
      <Dialog open={edit?.kind === 'label'} onOpenChange={close}>
        {edit?.kind === 'label' ? (
          <LabelForm key={edit.label?.id ?? 'new'} orgId={orgId} label={edit.label} onDone={onClose} />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={edit?.kind === 'deleteFolder'}
        onOpenChange={close}
        title={t('mailbox:folderDialog.deleteTitle', {
          name: edit?.kind === 'deleteFolder' ? edit.folder.name : '',
        })}
        description={t('mailbox:folderDialog.deleteText')}
        confirmLabel={t('mailbox:folderDialog.delete')}
        danger
        loading={deleteFolder.isPending}
        onConfirm={() => {
          if (edit?.kind !== 'deleteFolder') return;
          const id = edit.folder.id;
          deleteFolder.mutate(id, {
            onSuccess: () => {
              toast.success(t('mailbox:folderDialog.deleted'));
              onFolderDeleted(id);
              onClose();
            },
            onError: (error) => toast.error(apiErrorMessage(error, t)),
          });
        }}
      />
      <ConfirmDialog
        open={edit?.kind === 'deleteLabel'}
        onOpenChange={close}
        title={t('mailbox:labels.deleteTitle', { name: edit?.kind === 'deleteLabel' ? edit.label.name : '' })}
        description={t('mailbox:labels.deleteText')}
        confirmLabel={t('mailbox:labels.delete')}
        danger
        loading={deleteLabel.isPending}
        onConfirm={() => {
          if (edit?.kind !== 'deleteLabel') return;
          deleteLabel.mutate(edit.label.id, {
            onSuccess: () => {
              toast.success(t('mailbox:labels.deleted'));
              onClose();
            },
            onError: (error) => toast.error(apiErrorMessage(error, t)),
          });
        }}
      />
    </>
  );
}

function ColourPicker({
  value,
  onChange,
  allowNone,
}: {
  value: string | null;
  onChange: (c: string | null) => void;
  allowNone?: boolean;
}) {
  const { t } = useTranslation(['mailbox']);
  const options: (string | null)[] = allowNone ? [null, ...MAIL_COLOURS] : MAIL_COLOURS;
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-foreground">{t('mailbox:colour')}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((c) => (
          <label
            key={c ?? 'none'}
            className="relative inline-flex size-8 cursor-pointer items-center justify-center rounded-full border border-border has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            style={c ? { backgroundColor: c } : undefined}
          >
            <input
              type="radio"
              name="mail-colour"
              className="sr-only"
              checked={value === c}
              onChange={() => onChange(c)}
            />
            <span className="sr-only">
              {c ? t(`mailbox:colours.${c.slice(1)}`) : t('mailbox:colours.none')}
            </span>
            {c ? null : (
              <span aria-hidden="true" className="text-xs text-muted-foreground">
                —
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function FormButtons({ loading }: { loading: boolean }) {
  const { t } = useTranslation(['buttons']);
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="outline">{t('buttons:cancel')}</Button>
      </DialogClose>
      <Button type="submit" loading={loading}>
        {t('buttons:save')}
      </Button>
    </div>
  );
}

function FolderForm({
  orgId,
  folder,
  accountId,
  folders,
  onDone,
}: {
  orgId: string | null;
  folder: TMailFolder | null;
  accountId: string | null;
  folders: TMailFolder[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['mailbox', 'buttons', 'common']);
  const save = useSaveFolder(orgId);
  const [name, setName] = useState(folder?.name ?? '');
  const [parentId, setParentId] = useState<string | null>(folder?.parentId ?? null);
  const [color, setColor] = useState<string | null>(folder?.color ?? null);
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const values = { name, parentId, color, ...(folder ? {} : { accountId }) };
    const parsed = ZFolderInput.safeParse(values);
    if (!parsed.success) {
      setError(fieldText(parsed.error.issues[0]?.message));
      return;
    }
    save.mutate(
      { id: folder?.id ?? null, values: parsed.data },
      {
        onSuccess: () => {
          toast.success(t(folder ? 'mailbox:folderDialog.saved' : 'mailbox:folderDialog.created'));
          onDone();
        },
      },
    );
  };

  return (
    <DialogContent
      title={t(folder ? 'mailbox:folderDialog.editTitle' : 'mailbox:folderDialog.newTitle')}
      closeLabel={t('buttons:close')}
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {save.isError ? <Alert tone="error">{apiErrorMessage(save.error, t)}</Alert> : null}
        <Field label={t('mailbox:name')} required error={error}>
          {(props) => (
            <Input {...props} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <Field label={t('mailbox:folderDialog.parent')}>
          {(props) => (
            <Select {...props} value={parentId ?? ''} onChange={(e) => setParentId(e.target.value || null)}>
              <option value="">{t('mailbox:folderDialog.noParent')}</option>
              {folderTree(folders.filter((f) => !f.role)).map(({ folder: f, depth }) => (
                <option key={f.id} value={f.id}>
                  {`${'  '.repeat(depth)}${f.name}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <ColourPicker value={color} onChange={setColor} allowNone />
        <FormButtons loading={save.isPending} />
      </form>
    </DialogContent>
  );
}

function LabelForm({
  orgId,
  label,
  onDone,
}: {
  orgId: string | null;
  label: TMailLabel | null;
  onDone: () => void;
}) {
  const { t } = useTranslation(['mailbox', 'buttons', 'common']);
  const save = useSaveLabel(orgId);
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<string>(label?.color ?? MAIL_COLOURS[0]!);
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZLabelInput.safeParse({ name, color });
    if (!parsed.success) {
      setError(fieldText(parsed.error.issues[0]?.message));
      return;
    }
    save.mutate(
      { id: label?.id ?? null, values: parsed.data },
      {
        onSuccess: () => {
          toast.success(t(label ? 'mailbox:labels.saved' : 'mailbox:labels.created'));
          onDone();
        },
      },
    );
  };

  return (
    <DialogContent
      title={t(label ? 'mailbox:labels.editTitle' : 'mailbox:labels.newTitle')}
      closeLabel={t('buttons:close')}
    >
      <form className="grid gap-4" onSubmit={submit} noValidate>
        {save.isError ? <Alert tone="error">{apiErrorMessage(save.error, t)}</Alert> : null}
        <Field label={t('mailbox:name')} required error={error}>
          {(props) => (
            <Input {...props} value={name} maxLength={50} onChange={(e) => setName(e.target.value)} />
          )}
        </Field>
        <ColourPicker value={color} onChange={(c) => setColor(c ?? MAIL_COLOURS[0]!)} />
        <FormButtons loading={save.isPending} />
      </form>
    </DialogContent>
  );
}
