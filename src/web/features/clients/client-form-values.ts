import type { UseFormReturn } from 'react-hook-form';
import {
  DEFAULT_PAYMENT_TERMS_DAYS,
  type TClient,
  type TClientFormValues,
  type TClientInput,
} from '@shared/clients/contracts.ts';

/** The form of /clients/new and /clients/:id?edit=1, as its sections receive it. */
export type ClientForm = UseFormReturn<TClientFormValues, unknown, TClientInput>;

/** The client form's values: empty for a new client, or those of the client being edited. */
export function emptyValues(): TClientFormValues {
  return {
    type: 'company',
    companyName: '',
    fullName: '',
    email: '',
    phone: '',
    address: '',
    postalCode: '',
    city: '',
    province: '',
    country: 'IT',
    vatNumber: '',
    codiceFiscale: '',
    sdiCode: '',
    pec: '',
    isPublicAdministration: false,
    paOfficeCode: '',
    splitPayment: false,
    preferredLanguage: 'it',
    paymentTermsDays: String(DEFAULT_PAYMENT_TERMS_DAYS),
    notes: '',
  };
}

export function toFormValues(c: TClient): TClientFormValues {
  return {
    type: c.type,
    companyName: c.companyName ?? '',
    fullName: c.fullName ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    address: c.address ?? '',
    postalCode: c.postalCode ?? '',
    city: c.city ?? '',
    province: c.province ?? '',
    country: c.country,
    vatNumber: c.vatNumber ?? '',
    codiceFiscale: c.codiceFiscale ?? '',
    sdiCode: c.sdiCode ?? '',
    pec: c.pec ?? '',
    isPublicAdministration: c.isPublicAdministration,
    paOfficeCode: c.paOfficeCode ?? '',
    splitPayment: c.splitPayment,
    preferredLanguage: c.preferredLanguage,
    paymentTermsDays: String(c.paymentTermsDays),
    notes: c.notes ?? '',
  };
}
