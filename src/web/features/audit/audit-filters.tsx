import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { AUDIT_SEVERITIES, type AuditSeverity } from '@shared/security/audit.ts';
import type { TAuditUserList } from '@shared/security/audit-contracts.ts';
import { Button } from '@web/ui/button.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { NO_FILTERS, type AuditFilters } from './audit-api.ts';
import { actionGroups, actionText } from './audit-text.ts';

export function isFiltered(filters: AuditFilters): boolean {
  return Object.values(filters).some(Boolean);
}

export function rangeInvalid(filters: AuditFilters): boolean {
  return !!filters.from && !!filters.to && filters.from > filters.to;
}

/** User, action (grouped, translated), severity and an inclusive range of days. */
export function AuditFilterBar({
  filters,
  users,
  onChange,
}: {
  filters: AuditFilters;
  users: TAuditUserList['items'];
  onChange: (patch: Partial<AuditFilters>) => void;
}) {
  const { t } = useTranslation(['audit']);
  const invalid = rangeInvalid(filters);
  const options = actionGroups().map(({ group, actions }) => ({
    group,
    actions: actions
      .map((action) => ({ action, label: actionText(action, t) }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  }));

  return (
    <form
      role="search"
      aria-label={t('audit:filters.label')}
      onSubmit={(e) => e.preventDefault()}
      className="grid grid-cols-2 gap-3 border-b border-border p-4 sm:gap-4 lg:grid-cols-5 lg:items-start"
    >
      <Field label={t('audit:filters.user')} className="col-span-2 sm:col-span-1">
        {(props) => (
          <Select {...props} value={filters.userId} onChange={(e) => onChange({ userId: e.target.value })}>
            <option value="">{t('audit:filters.allUsers')}</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name && u.name !== u.email ? `${u.name} (${u.email})` : u.email}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('audit:filters.action')} className="col-span-2 sm:col-span-1">
        {(props) => (
          <Select {...props} value={filters.action} onChange={(e) => onChange({ action: e.target.value })}>
            <option value="">{t('audit:filters.allActions')}</option>
            {options.map(({ group, actions }) => (
              <optgroup key={group} label={t(`audit:filters.groups.${group}`)}>
                {actions.map(({ action, label }) => (
                  <option key={action} value={action}>
                    {label}
                  </option>
                ))}
              </optgroup>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('audit:filters.severity')} className="col-span-2 sm:col-span-1">
        {(props) => (
          <Select
            {...props}
            value={filters.severity}
            onChange={(e) => onChange({ severity: e.target.value as '' | AuditSeverity })}
          >
            <option value="">{t('audit:filters.allSeverities')}</option>
            {AUDIT_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {t(`audit:severity.${s}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('audit:filters.from')}>
        {(props) => (
          <Input
            {...props}
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(e) => onChange({ from: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('audit:filters.to')} error={invalid ? t('audit:filters.rangeInvalid') : undefined}>
        {(props) => (
          <Input
            {...props}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(e) => onChange({ to: e.target.value })}
          />
        )}
      </Field>
      {isFiltered(filters) ? (
        <div className="col-span-2 flex lg:col-span-5">
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden="true" className="size-4" />
            {t('audit:filters.reset')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
