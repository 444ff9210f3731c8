import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Download, FileDown, FileSpreadsheet, FileText, Printer } from 'lucide-react';
import type { ReportFormat } from '@shared/reports/contracts.ts';
import { apiDownload } from '@web/app/api.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { useSignedInMe } from '@web/app/session.ts';
import { Button } from '@web/ui/button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { toast } from '@web/ui/toast.ts';

type Format = ReportFormat;

/**
 * A report's export (CSV, XLSX or PDF, for members who may export financial data) and print (the browser's print
 * with the app's chrome hidden). `exportPath` is the export URL with its query, without `format`.
 */
export function ReportActions({ exportPath }: { exportPath: string }) {
  const { t } = useTranslation(['reports', 'common']);
  const me = useSignedInMe();
  const [exporting, setExporting] = useState<Format | null>(null);
  const canExport = me.permissions.includes('export_financial_data');
  const download = async (format: Format) => {
    setExporting(format);
    try {
      const glue = exportPath.includes('?') ? '&' : '?';
      await apiDownload(`${exportPath}${glue}format=${format}`, { fallbackName: `report.${format}` });
      toast.success(t('reports:export.done'));
    } catch (error) {
      toast.error(apiErrorMessage(error, t));
    } finally {
      setExporting(null);
    }
  };
  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      {canExport ? (
        <Menu>
          <MenuTrigger asChild>
            <Button variant="outline" size="sm" loading={exporting !== null}>
              {exporting ? null : <Download aria-hidden="true" className="size-4" />}
              {t('reports:export.button')}
              <ChevronDown aria-hidden="true" className="size-4" />
            </Button>
          </MenuTrigger>
          <MenuContent>
            <MenuItem onSelect={() => void download('csv')}>
              <FileText aria-hidden="true" />
              {t('reports:export.csv')}
            </MenuItem>
            <MenuItem onSelect={() => void download('xlsx')}>
              <FileSpreadsheet aria-hidden="true" />
              {t('reports:export.xlsx')}
            </MenuItem>
            <MenuItem onSelect={() => void download('pdf')}>
              <FileDown aria-hidden="true" />
              {t('reports:export.pdf')}
            </MenuItem>
          </MenuContent>
        </Menu>
      ) : null}
      <Button variant="outline" size="sm" onClick={() => window.print()}>
        <Printer aria-hidden="true" className="size-4" />
        {t('reports:export.print')}
      </Button>
    </div>
  );
}
