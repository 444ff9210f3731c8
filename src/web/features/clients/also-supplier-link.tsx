import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Truck } from 'lucide-react';
import { useSignedInMe } from '@web/app/session.ts';
import { useSupplierOfClient } from './suppliers-api.ts';

/**
 * "Anche fornitore": on a client's page, when the same contact (same P.IVA or codice fiscale) sends the business
 * invoices, a link to its supplier page. Nothing while loading or when the question fails: it is a hint.
 */
export function AlsoSupplierLink({ clientId }: { clientId: string }) {
  const { t } = useTranslation('clients');
  const supplier = useSupplierOfClient(useSignedInMe().activeOrganizationId, clientId);
  if (!supplier.data) return null;
  return (
    <Link
      to={`/suppliers/${supplier.data.id}`}
      className="inline-flex items-center gap-1 rounded-full bg-primary-soft px-2 py-0.5 text-xs font-medium text-primary-soft-foreground hover:underline"
    >
      <Truck aria-hidden="true" className="size-3.5" />
      {t('clients:suppliers.alsoSupplier')}
    </Link>
  );
}
