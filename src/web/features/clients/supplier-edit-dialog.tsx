import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, countryName } from '@shared/clients/countries.ts';
import type { TSupplierDetail, TSupplierUpdateBody } from '@shared/suppliers/contracts.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { fieldText } from '@web/app/field-text.ts';
import { detailFieldIssues } from '@web/app/form-errors.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Alert } from '@web/ui/alert.tsx';
import { Button } from '@web/ui/button.tsx';
import { Dialog, DialogContent } from '@web/ui/dialog.tsx';
import { Field } from '@web/ui/field.tsx';
import { Input, Select } from '@web/ui/input.tsx';
import { toast } from '@web/ui/toast.ts';
import { useUpdateSupplier } from './suppliers-api.ts';

const FIELDS = ['name', 'address', 'postalCode', 'city', 'province'] as const;
type Values = Record<(typeof FIELDS)[number] | 'country', string>;

const valuesOf = (s: TSupplierDetail): Values => ({
  name: s.name,
  address: s.address ?? '',
  postalCode: s.postalCode ?? '',
  city: s.city ?? '',
  province: s.province ?? '',
  country: s.country ?? 'IT',
});

/**
 * Corrects a supplier's name and address (the server checks them as a client's address). The P.IVA and codice
 * fiscale are shown as they are: received e-invoices find the supplier by them.
 */
export function SupplierEditDialog({
  supplier,
  orgId,
  open,
  onOpenChange,
}: {
  supplier: TSupplierDetail;
  orgId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(['clients', 'buttons', 'common']);
  const lang = currentLanguage();
  const save = useUpdateSupplier(orgId, supplier.id);
  const [values, setValues] = useState<Values>(() => valuesOf(supplier));
  const issues = detailFieldIssues(save.error);
  const errorOf = (path: string) => fieldText(issues.find((i) => i.path === path)?.message);
  const countries = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, lang) })).sort((a, b) =>
    a.name.localeCompare(b.name, lang),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const before = valuesOf(supplier);
    // Only what changed is sent: an address as the supplier's software wrote it is not judged again.
    const changes: TSupplierUpdateBody = Object.fromEntries(
      (Object.keys(values) as (keyof Values)[])
        .filter((key) => values[key].trim() !== before[key].trim())
        .map((key) => [key, values[key].trim() || null]),
    );
    if (Object.keys(changes).length === 0) return onOpenChange(false);
    save.mutate(changes, {
      onSuccess: () => {
        toast.success(t('clients:suppliers.edit.saved'));
        onOpenChange(false);
      },
    });
  };

  const label = (key: (typeof FIELDS)[number]) =>
    key === 'postalCode' || key === 'province'
      ? t(`clients:suppliers.edit.${key}`)
      : t(`clients:suppliers.detail.fields.${key}`);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValues(valuesOf(supplier));
          save.reset();
        }
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t('clients:suppliers.edit.title')}
        description={t('clients:suppliers.edit.text')}
        closeLabel={t('buttons:close')}
      >
        <form onSubmit={submit} noValidate className="grid gap-4">
          {save.isError && issues.length === 0 ? (
            <Alert tone="error">{apiErrorMessage(save.error, t)}</Alert>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((key) => (
              <Field
                key={key}
                label={label(key)}
                required={key === 'name'}
                error={errorOf(key)}
                className={key === 'name' || key === 'address' ? 'sm:col-span-2' : undefined}
              >
                {(props) => (
                  <Input
                    {...props}
                    value={values[key]}
                    onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
                    maxLength={key === 'name' ? 200 : 255}
                    autoComplete="off"
                  />
                )}
              </Field>
            ))}
            <Field label={t('clients:suppliers.detail.fields.country')} error={errorOf('country')}>
              {(props) => (
                <Select
                  {...props}
                  value={values.country}
                  onChange={(e) => setValues((v) => ({ ...v, country: e.target.value }))}
                >
                  {countries.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('buttons:cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('clients:suppliers.edit.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
