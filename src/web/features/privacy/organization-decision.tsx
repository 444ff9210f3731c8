import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrganizationNeedingDecision } from '@shared/privacy/contracts.ts';
import { Select } from '@web/ui/input.tsx';
import { cn } from '@web/ui/cn.ts';
import type { DraftDecision } from './deletion-form.ts';

const CHOICE = 'flex items-start gap-2.5 text-sm text-foreground';
const RADIO =
  'mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/**
 * One organization the user alone administers: hand it to another member (who becomes super admin) or
 * delete it with its data. With no other member, deleting is the only way, confirmed by a checkbox.
 */
export function OrganizationDecision({
  organization,
  value,
  error,
  onChange,
}: {
  organization: TOrganizationNeedingDecision;
  value: DraftDecision;
  error?: string;
  onChange: (next: DraftDecision) => void;
}) {
  const { t } = useTranslation(['privacy', 'common']);
  const id = useId();
  const errorId = `${id}-error`;
  const selectId = `${id}-member`;
  const invalid = error ? true : undefined;
  const described = error ? errorId : undefined;
  const transferTo = value?.action === 'transfer' ? value.toUserId : '';

  return (
    <fieldset
      aria-invalid={invalid}
      aria-describedby={described}
      className={cn('min-w-0 rounded-md border px-4 pt-2 pb-4', error ? 'border-danger' : 'border-border')}
    >
      <legend className="px-1 text-sm font-semibold text-foreground">
        {organization.name}{' '}
        <span className="font-normal text-muted-foreground">
          · {t('privacy:delete.members', { count: organization.memberCount })}
        </span>
      </legend>

      {organization.candidates.length === 0 ? (
        <label className={cn(CHOICE, 'mt-2')}>
          <input
            type="checkbox"
            className={RADIO}
            checked={value?.action === 'delete'}
            aria-invalid={invalid}
            aria-describedby={described}
            onChange={(e) => onChange(e.target.checked ? { action: 'delete' } : null)}
          />
          <span>{t('privacy:delete.deleteOnlyMember', { name: organization.name })}</span>
        </label>
      ) : (
        <div className="mt-2 flex flex-col gap-3">
          <div className="flex flex-col gap-2">
            <label className={CHOICE}>
              <input
                type="radio"
                name={`${id}-action`}
                className={RADIO}
                checked={value?.action === 'transfer'}
                aria-invalid={invalid}
                aria-describedby={described}
                onChange={() => onChange({ action: 'transfer', toUserId: transferTo })}
              />
              <span>{t('privacy:delete.transfer')}</span>
            </label>
            <div className="pl-6.5">
              <label htmlFor={selectId} className="mb-1 block text-xs font-medium text-muted-foreground">
                {t('privacy:delete.newOwner')}
              </label>
              <Select
                id={selectId}
                value={transferTo}
                aria-invalid={value?.action === 'transfer' && !transferTo && error ? true : undefined}
                onChange={(e) => onChange({ action: 'transfer', toUserId: e.target.value })}
              >
                <option value="">{t('privacy:delete.chooseMember')}</option>
                {organization.candidates.map((c) => (
                  <option key={c.userId} value={c.userId}>
                    {c.name} · {c.email} · {t(`common:roles.${c.role}`)}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <label className={CHOICE}>
            <input
              type="radio"
              name={`${id}-action`}
              className={RADIO}
              checked={value?.action === 'delete'}
              onChange={() => onChange({ action: 'delete' })}
            />
            <span>{t('privacy:delete.deleteOrganization')}</span>
          </label>
        </div>
      )}

      {error ? (
        <p id={errorId} className="mt-2 text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
