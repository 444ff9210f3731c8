import type { Locale } from '../errors/error-codes.ts';

/** Inventory texts in both languages (see business-profile/messages.ts). */
export const INVENTORY_MESSAGES = {
  en: {
    'inventory.errors.nameRequired': 'Name is required',
    'inventory.errors.skuRequired': 'SKU (item code) is required',
    'inventory.errors.tooLong': 'This text is too long',
    'inventory.errors.invalidValue': 'Invalid value',
    'inventory.errors.invalidChoice': 'Choose one of the options',
    'inventory.errors.barcodeInvalid':
      'Invalid barcode: use an EAN-13, EAN-8 or UPC-A code with its correct check digit',
    'inventory.errors.priceInvalid': 'Invalid amount: write a number with up to 2 decimals, e.g. 12,50',
    'inventory.errors.priceNegative': 'The amount cannot be negative',
    'inventory.errors.kindInvalid': 'Choose goods or service',
    'inventory.errors.unitInvalid': 'Choose a unit of measure',
    'inventory.errors.vatRateInvalid': 'Choose a VAT rate: 22%, 10%, 5%, 4% or 0%',
    'inventory.errors.naturaRequired': 'With VAT at 0% choose the reason for no VAT (Natura code)',
    'inventory.errors.naturaNotAllowed': 'The Natura code applies only to VAT at 0%',
    'inventory.errors.naturaInvalid': 'Choose a valid Natura code',
    'inventory.errors.quantityInvalid': 'Invalid quantity: write a number with up to 3 decimals',
    'inventory.errors.quantityPositive': 'The quantity must be greater than zero',
    'inventory.errors.quantityNonZero': 'The adjustment must not be zero',
    'inventory.errors.thresholdInvalid':
      'The low-stock threshold must be zero or more, with up to 3 decimals',
    'inventory.errors.reasonRequired': 'Give the reason for the adjustment',
    'inventory.errors.dateInvalid': 'Invalid date',
    'inventory.errors.movementKindInvalid': 'Choose stock in, stock out or adjustment',
    'inventory.errors.skuTaken': 'An item with this SKU already exists',
    'inventory.errors.barcodeTaken': 'An item with this barcode already exists',
    'inventory.errors.insufficientStock': 'Not enough stock: the quantity would go below zero',
    'inventory.errors.notGoods': 'Stock movements apply only to goods, not to services',
    'inventory.errors.codeRequired': 'Scan or type a code',
    'inventory.errors.stockOnService': 'A service has no stock: leave the quantity empty',
    'inventory.errors.openingStockNegative': 'The opening stock cannot be negative',
    'inventory.errors.importEmpty': 'The file has no rows to import',
    'inventory.errors.kindLocked': 'This item has stock movements: it cannot become a service',
    'inventory.errors.importTooLarge': 'Import at most 50,000 rows at a time',
  },
  it: {
    'inventory.errors.nameRequired': 'Il nome è obbligatorio',
    'inventory.errors.skuRequired': 'Il codice articolo (SKU) è obbligatorio',
    'inventory.errors.tooLong': 'Il testo è troppo lungo',
    'inventory.errors.invalidValue': 'Valore non valido',
    'inventory.errors.invalidChoice': 'Scegli una delle opzioni',
    'inventory.errors.barcodeInvalid':
      'Codice a barre non valido: usa un codice EAN-13, EAN-8 o UPC-A con la cifra di controllo corretta',
    'inventory.errors.priceInvalid':
      'Importo non valido: scrivi un numero con al massimo 2 decimali, es. 12,50',
    'inventory.errors.priceNegative': "L'importo non può essere negativo",
    'inventory.errors.kindInvalid': 'Scegli bene o servizio',
    'inventory.errors.unitInvalid': "Scegli un'unità di misura",
    'inventory.errors.vatRateInvalid': "Scegli un'aliquota IVA: 22%, 10%, 5%, 4% o 0%",
    'inventory.errors.naturaRequired': "Con IVA allo 0% scegli la natura dell'operazione (codice Natura)",
    'inventory.errors.naturaNotAllowed': 'Il codice Natura si usa solo con IVA allo 0%',
    'inventory.errors.naturaInvalid': 'Scegli un codice Natura valido',
    'inventory.errors.quantityInvalid': 'Quantità non valida: scrivi un numero con al massimo 3 decimali',
    'inventory.errors.quantityPositive': 'La quantità deve essere maggiore di zero',
    'inventory.errors.quantityNonZero': 'La rettifica non può essere zero',
    'inventory.errors.thresholdInvalid':
      'La soglia di scorta minima deve essere zero o più, con al massimo 3 decimali',
    'inventory.errors.reasonRequired': 'Indica il motivo della rettifica',
    'inventory.errors.dateInvalid': 'Data non valida',
    'inventory.errors.movementKindInvalid': 'Scegli carico, scarico o rettifica',
    'inventory.errors.skuTaken': 'Esiste già un articolo con questo codice',
    'inventory.errors.barcodeTaken': 'Esiste già un articolo con questo codice a barre',
    'inventory.errors.insufficientStock': 'Giacenza insufficiente: la quantità andrebbe sotto zero',
    'inventory.errors.notGoods': 'I movimenti di magazzino valgono solo per i beni, non per i servizi',
    'inventory.errors.codeRequired': 'Scansiona o scrivi un codice',
    'inventory.errors.stockOnService': 'Un servizio non ha giacenza: lascia vuota la quantità',
    'inventory.errors.openingStockNegative': 'La giacenza iniziale non può essere negativa',
    'inventory.errors.importEmpty': 'Il file non contiene righe da importare',
    'inventory.errors.kindLocked': "L'articolo ha movimenti di magazzino: non può diventare un servizio",
    'inventory.errors.importTooLarge': 'Importa al massimo 50.000 righe alla volta',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type InventoryMessageKey = keyof (typeof INVENTORY_MESSAGES)['en'];

const _sameKeys: Record<InventoryMessageKey, string> = INVENTORY_MESSAGES.it;
void _sameKeys;

export function isInventoryMessageKey(value: string): value is InventoryMessageKey {
  return Object.hasOwn(INVENTORY_MESSAGES.en, value);
}

/** The text for a key; any other string is returned unchanged. */
export function inventoryMessage(key: string, locale: Locale): string {
  return isInventoryMessageKey(key) ? INVENTORY_MESSAGES[locale][key] : key;
}
