import { findHeader } from '@shared/imports/mapping.ts';
import type { TParsedFile } from '@shared/imports/contracts.ts';
import { Select } from '@web/ui/input.tsx';

export interface MappedField<F extends string> {
  field: F;
  label: string;
  required?: boolean;
}

/**
 * Field → file column, one select per field with an example value from the file (the first row that has one):
 * the mapping step of the imports whose rows are records (clients, items).
 */
export function ColumnMapping<F extends string>({
  fields,
  parsed,
  mapping,
  onChange,
  invalid,
  labels,
}: {
  fields: readonly MappedField<F>[];
  parsed: TParsedFile;
  mapping: Partial<Record<F, string>>;
  onChange: (patch: Partial<Record<F, string>>) => void;
  /** Fields to mark as wrong (required and not chosen, after a try). */
  invalid?: ReadonlySet<F>;
  labels: { caption: string; field: string; column: string; sample: string; skip: string };
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full min-w-[34rem] text-left text-sm">
        <caption className="sr-only">{labels.caption}</caption>
        <thead className="bg-surface-muted text-xs text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {labels.field}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {labels.column}
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              {labels.sample}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {fields.map(({ field, label, required }) => {
            const header = mapping[field];
            const index = header ? findHeader(parsed.headers, header) : -1;
            const sample = index >= 0 ? parsed.rows.find((r) => r[index])?.[index] : undefined;
            const id = `import-map-${field}`;
            return (
              <tr key={field}>
                <th scope="row" className="px-4 py-2 font-medium text-foreground">
                  <label htmlFor={id}>{label}</label>
                  {required ? (
                    <span aria-hidden="true" className="ml-0.5 text-danger">
                      *
                    </span>
                  ) : null}
                </th>
                <td className="px-4 py-2">
                  <Select
                    id={id}
                    value={header ?? ''}
                    aria-invalid={invalid?.has(field) ? true : undefined}
                    aria-required={required || undefined}
                    onChange={(e) =>
                      onChange({ [field]: e.target.value || undefined } as Partial<Record<F, string>>)
                    }
                  >
                    <option value="">{labels.skip}</option>
                    {parsed.headers.map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                  </Select>
                </td>
                <td className="max-w-48 truncate px-4 py-2 text-muted-foreground">{sample || '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
