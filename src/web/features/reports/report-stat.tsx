import { ChangeNote } from '@web/ui/change-note.tsx';

/** A report's headline figure, with the previous period's beside it and the change (profit and loss, cash flow). */
export function ReportStat({
  label,
  value,
  previous,
  note,
  testId,
}: {
  label: string;
  value: string;
  /** The same figure in the previous period: its text, and both amounts for the change. */
  previous?: { text: string; current: number; previous: number; lowerIsBetter?: boolean };
  note?: string;
  testId?: string;
}) {
  return (
    <div className="rounded-md border border-border bg-surface-muted/40 px-4 py-3" data-testid={testId}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums text-foreground">{value}</dd>
      {previous ? (
        <dd className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-muted-foreground">
          <span>{previous.text}</span>
          <ChangeNote
            current={previous.current}
            previous={previous.previous}
            lowerIsBetter={previous.lowerIsBetter}
          />
        </dd>
      ) : null}
      {note ? <dd className="mt-0.5 text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}
