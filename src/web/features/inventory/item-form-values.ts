import type { TItem, TItemFormValues } from '@shared/inventory/contracts.ts';
import { centsToInput, quantityToInput } from './inventory-format.ts';

/** The form's text values of an item (or of a new one, with the prefilled fields). */
export function toFormValues(
  item: TItem | undefined,
  prefill: Partial<TItemFormValues> = {},
): TItemFormValues {
  if (!item) {
    return {
      name: '',
      sku: '',
      barcode: '',
      description: '',
      kind: 'goods',
      unit: 'pz',
      salePrice: '',
      cost: '',
      vatRateBp: '2200',
      vatNatura: '',
      category: '',
      active: true,
      lowStockThreshold: '',
      ...prefill,
    };
  }
  return {
    name: item.name,
    sku: item.sku,
    barcode: item.barcode ?? '',
    description: item.description ?? '',
    kind: item.kind,
    unit: item.unit,
    salePrice: centsToInput(item.salePriceCents),
    cost: centsToInput(item.costCents),
    vatRateBp: String(item.vatRateBp),
    vatNatura: item.vatNatura ?? '',
    category: item.category ?? '',
    active: item.active,
    lowStockThreshold: quantityToInput(item.lowStockThreshold),
  };
}
