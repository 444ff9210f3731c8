import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Info, Save } from 'lucide-react';
import { formatEuroCents } from '@shared/format/format.ts';
import { localeOf } from '@shared/i18n/language.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Button, buttonClasses } from '@web/ui/button.tsx';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import type { LiveTotals } from './editor-values.ts';
import { TotalsPanel } from './totals-panel.tsx';

/** The totals as the user types, with a remark when some lines or options are not counted yet. */
export function LiveTotalsCard({
  live,
  startedButExcluded,
  documentLanguage,
}: {
  live: LiveTotals;
  /** Lines the user started that are left out of the totals. */
  startedButExcluded: number;
  documentLanguage: 'it' | 'en';
}) {
  const { t } = useTranslation(['invoices']);
  return (
    <Card className="lg:sticky lg:top-20">
      <CardHeader title={t('invoices:totals.title')} description={t('invoices:totals.liveHint')} />
      <CardContent className="grid gap-3">
        {startedButExcluded > 0 ? (
          <p className="flex gap-2 text-xs text-muted-foreground">
            <Info aria-hidden="true" className="size-4 shrink-0" />
            {t('invoices:totals.excluded', { count: startedButExcluded })}
          </p>
        ) : null}
        {live.incompleteOptions ? (
          <p className="flex gap-2 text-xs text-muted-foreground">
            <Info aria-hidden="true" className="size-4 shrink-0" />
            {t('invoices:totals.incompleteOptions')}
          </p>
        ) : null}
        <TotalsPanel totals={live.totals} documentLanguage={documentLanguage} />
      </CardContent>
    </Card>
  );
}

/** The bar stuck to the bottom of the editor: the amount due, cancel and save. */
export function EditorActionBar({
  amountDueCents,
  backTo,
  saving,
  submitLabel,
}: {
  amountDueCents: number;
  backTo: string;
  saving: boolean;
  submitLabel: string;
}) {
  const { t } = useTranslation(['invoices', 'buttons']);
  const locale = localeOf(currentLanguage());
  return (
    <div
      data-action-bar
      className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-border bg-surface px-4 py-3 shadow-pop sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8"
    >
      <div className="mr-auto min-w-0">
        <p className="text-xs text-muted-foreground">{t('invoices:totals.amountDue')}</p>
        <p
          className="truncate text-base font-semibold text-foreground tabular-nums"
          data-testid="editor-amount-due"
        >
          {formatEuroCents(amountDueCents, locale)}
        </p>
      </div>
      <Link to={backTo} className={buttonClasses('outline', 'md', 'hidden sm:inline-flex')}>
        {t('buttons:cancel')}
      </Link>
      <Button type="submit" loading={saving}>
        {saving ? null : <Save aria-hidden="true" className="size-4" />}
        {submitLabel}
      </Button>
    </div>
  );
}
