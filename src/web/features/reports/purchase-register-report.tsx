import { useTranslation } from 'react-i18next';
import { Inbox } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { EmptyState } from '@web/ui/empty-state.tsx';

/**
 * The purchases VAT register (registro IVA acquisti). Received invoices are not recorded yet (the documents
 * feature brings them), so it says so plainly instead of showing an empty table or a zero to rely on; the VAT
 * settlement and the profit and loss carry the same warning.
 */
export function PurchaseRegisterReport() {
  const { t } = useTranslation(['reports']);
  return (
    <Card>
      <CardHeader title={t('reports:purchases.title')} description={t('reports:purchases.description')} />
      <CardContent>
        <EmptyState
          icon={<Inbox aria-hidden="true" />}
          title={t('reports:purchases.notRecorded.title')}
          description={t('reports:purchases.notRecorded.description')}
          headingLevel="h3"
        />
      </CardContent>
    </Card>
  );
}
