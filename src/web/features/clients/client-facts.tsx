import { useTranslation } from 'react-i18next';
import type { TClient } from '@shared/clients/contracts.ts';
import { countryName } from '@shared/clients/countries.ts';
import { currentLanguage } from '@web/app/i18n.ts';
import { Card, CardContent, CardHeader } from '@web/ui/card.tsx';
import { Facts } from '@web/ui/facts.tsx';

/** The client's identity, tax data and notes, as cards of facts. */
export function ClientFacts({ client }: { client: TClient }) {
  const { t } = useTranslation('clients');
  const lang = currentLanguage();
  // "20121 Milano (MI)": the sigla for Italy, the region as written elsewhere.
  const province = client.province && client.country === 'IT' ? `(${client.province})` : client.province;
  return (
    <div className="grid content-start gap-6">
      <Card>
        <CardHeader title={t('clients:detail.sections.identity')} />
        <CardContent>
          <Facts
            className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2"
            items={[
              [client.type === 'company' ? t('clients:fields.companyName') : null, client.companyName],
              [
                client.type === 'company' ? t('clients:fields.contactPerson') : t('clients:fields.fullName'),
                client.fullName,
              ],
              [
                t('clients:fields.email'),
                client.email && <a href={`mailto:${client.email}`}>{client.email}</a>,
              ],
              [t('clients:fields.phone'), client.phone && <a href={`tel:${client.phone}`}>{client.phone}</a>],
              [t('clients:fields.address'), client.address],
              [
                t('clients:fields.city'),
                [client.postalCode, client.city, province].filter(Boolean).join(' ') || null,
              ],
              [t('clients:fields.country'), countryName(client.country, lang)],
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={t('clients:detail.sections.tax')} />
        <CardContent>
          <Facts
            className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2"
            items={[
              [
                client.country === 'IT' ? t('clients:fields.vatNumberIt') : t('clients:fields.vatNumber'),
                client.vatNumber,
              ],
              [t('clients:fields.codiceFiscale'), client.codiceFiscale],
              client.isPublicAdministration
                ? [t('clients:fields.paOfficeCode'), client.paOfficeCode]
                : [t('clients:fields.sdiCode'), client.sdiCode],
              [t('clients:fields.pec'), client.pec],
              [t('clients:fields.preferredLanguage'), t(`clients:languages.${client.preferredLanguage}`)],
              [
                t('clients:fields.paymentTermsDays'),
                client.paymentTermsDays === 0
                  ? t('clients:detail.immediatePayment')
                  : t('clients:detail.days', { count: client.paymentTermsDays }),
              ],
            ]}
          />
        </CardContent>
      </Card>
      {client.notes ? (
        <Card>
          <CardHeader title={t('clients:fields.notes')} />
          <CardContent>
            <p className="text-sm whitespace-pre-wrap text-foreground">{client.notes}</p>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
