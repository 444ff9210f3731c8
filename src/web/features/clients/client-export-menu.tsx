import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileSpreadsheet, FileText } from 'lucide-react';
import type { ClientExportFormat } from '@shared/clients/import-export.ts';
import { apiErrorMessage } from '@web/app/error-message.ts';
import { Button } from '@web/ui/button.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@web/ui/menu.tsx';
import { toast } from '@web/ui/toast.ts';
import { downloadClientExport, type ClientListParams } from './clients-api.ts';

/** CSV or Excel of the clients the list's filters select, with a toast while it is prepared. */
export function ClientExportMenu({ params }: { params: ClientListParams }) {
  const { t } = useTranslation(['clients']);
  const [exporting, setExporting] = useState<ClientExportFormat | null>(null);

  async function exportAs(format: ClientExportFormat) {
    setExporting(format);
    const toastId = toast.loading(t('clients:export.preparing'));
    try {
      const { fileName, count } = await downloadClientExport(format, params);
      toast.success(t('clients:export.done', { count, file: fileName }), { id: toastId });
    } catch (error) {
      toast.error(apiErrorMessage(error, t), { id: toastId });
    } finally {
      setExporting(null);
    }
  }

  return (
    <Menu>
      <MenuTrigger asChild>
        <Button variant="outline" loading={exporting !== null}>
          {exporting ? null : <Download aria-hidden="true" className="size-4" />}
          {t('clients:export.button')}
        </Button>
      </MenuTrigger>
      <MenuContent>
        <MenuItem onSelect={() => void exportAs('csv')}>
          <FileText aria-hidden="true" />
          {t('clients:export.csv')}
        </MenuItem>
        <MenuItem onSelect={() => void exportAs('xlsx')}>
          <FileSpreadsheet aria-hidden="true" />
          {t('clients:export.xlsx')}
        </MenuItem>
      </MenuContent>
    </Menu>
  );
}
