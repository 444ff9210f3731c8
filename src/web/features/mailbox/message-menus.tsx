import { useTranslation } from 'react-i18next';
import { DropdownMenu as M } from 'radix-ui';
import { Check, FolderInput, Tag } from 'lucide-react';
import type { TMailFolder, TMailLabel, TMessageSummary } from '@shared/mailbox/contracts.ts';
import { buttonClasses } from '@web/ui/button.tsx';
import { Menu, MenuContent, MenuItem, MenuLabel } from '@web/ui/menu.tsx';
import { useFolderName } from './folder-pane.tsx';
import { folderTree } from './mailbox-format.ts';

/** The folders the rows can move to: those of their own account (or of the local mailbox). */
export function moveTargets(
  folders: readonly TMailFolder[],
  rows: readonly TMessageSummary[],
): TMailFolder[] {
  if (rows.length === 0) return [];
  const accountId = rows[0]!.accountId;
  if (rows.some((r) => r.accountId !== accountId)) return [];
  const current = rows.every((r) => r.folderId === rows[0]!.folderId) ? rows[0]!.folderId : null;
  return folders.filter((f) => f.accountId === accountId && f.id !== current);
}

export function MoveMenu({
  folders,
  rows,
  onMove,
  withText,
}: {
  folders: readonly TMailFolder[];
  rows: readonly TMessageSummary[];
  onMove: (folderId: string) => void;
  withText?: boolean;
}) {
  const { t } = useTranslation(['mailbox']);
  const name = useFolderName();
  const targets = moveTargets(folders, rows);
  return (
    <Menu>
      <M.Trigger
        className={buttonClasses('ghost', withText ? 'sm' : 'icon-sm')}
        aria-label={withText ? undefined : t('mailbox:actions.move')}
        title={t('mailbox:actions.move')}
        disabled={targets.length === 0}
      >
        <FolderInput aria-hidden="true" className="size-4" />
        {withText ? t('mailbox:actions.move') : null}
      </M.Trigger>
      <MenuContent className="max-h-80 overflow-y-auto">
        <MenuLabel>{t('mailbox:actions.moveTo')}</MenuLabel>
        {folderTree(targets).map(({ folder, depth }) => (
          <MenuItem
            key={folder.id}
            onSelect={() => onMove(folder.id)}
            style={{ paddingLeft: `${0.625 + depth}rem` }}
          >
            {name(folder)}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}

export function LabelMenu({
  labels,
  rows,
  onToggle,
  withText,
}: {
  labels: readonly TMailLabel[];
  rows: readonly TMessageSummary[];
  onToggle: (labelId: string, on: boolean) => void;
  withText?: boolean;
}) {
  const { t } = useTranslation(['mailbox']);
  return (
    <Menu>
      <M.Trigger
        className={buttonClasses('ghost', withText ? 'sm' : 'icon-sm')}
        aria-label={withText ? undefined : t('mailbox:actions.labels')}
        title={t('mailbox:actions.labels')}
        disabled={labels.length === 0 || rows.length === 0}
      >
        <Tag aria-hidden="true" className="size-4" />
        {withText ? t('mailbox:actions.labels') : null}
      </M.Trigger>
      <MenuContent className="max-h-80 overflow-y-auto">
        <MenuLabel>{t('mailbox:actions.labels')}</MenuLabel>
        {labels.map((label) => {
          const on = rows.length > 0 && rows.every((r) => r.labelIds.includes(label.id));
          return (
            <M.CheckboxItem
              key={label.id}
              checked={on}
              onSelect={(e) => e.preventDefault()}
              onCheckedChange={(checked) => onToggle(label.id, checked === true)}
              className="relative flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 pr-8 outline-none select-none data-[highlighted]:bg-surface-muted"
            >
              <span
                aria-hidden="true"
                className="size-3 rounded-full"
                style={{ backgroundColor: label.color }}
              />
              {label.name}
              <M.ItemIndicator className="absolute right-2.5 inline-flex">
                <Check aria-hidden="true" className="size-4 text-primary" />
              </M.ItemIndicator>
            </M.CheckboxItem>
          );
        })}
      </MenuContent>
    </Menu>
  );
}
