/** The key of a Natura's short label (i18next reads "." as a key separator, so "N2.2" is stored as "N2_2"). */
export const natureKey = (nature: string) => `invoices:natures.${nature.replace('.', '_')}`;
