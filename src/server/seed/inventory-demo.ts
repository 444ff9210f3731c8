import type { MovementKind } from '@shared/inventory/stock.ts';
import { todayIsoDate } from '@shared/imports/dates.ts';
import type { Db } from '../platform/db.ts';
import { countItems } from '../modules/inventory/repository.ts';
import { createItemsWithStock, ean13, type ItemSeed } from './inventory-factories.ts';

/**
 * Demo inventory of an Italian mechanical workshop (Officina Rossi, Forlì: cars and agricultural machines):
 * spare parts, lubricants and consumables with valid EAN-13 barcodes, and services (labour hours, diagnosis,
 * call-out by the km). Stock is built from movements (deliveries, jobs, one stock-take adjustment) over the last
 * weeks; a few items end at or below their low-stock threshold. Does nothing when the organization has items.
 */

const day = (daysAgo: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - daysAgo);
  return todayIsoDate(d);
};

type Move = { kind: MovementKind; quantity: number; reason: string; occurredOn: string };
const carico = (quantity: number, daysAgo: number, ddt: string, supplier: string): Move => ({
  kind: 'in',
  quantity,
  reason: `DDT n. ${ddt} – ${supplier}`,
  occurredOn: day(daysAgo),
});
const scarico = (quantity: number, daysAgo: number, job: string): Move => ({
  kind: 'out',
  quantity,
  reason: job,
  occurredOn: day(daysAgo),
});

const ROMAGNA = 'Ricambi Romagna S.r.l.';
const AGRI = 'Agriparts Emilia S.p.A.';
const LUBE = 'Lubrificanti Adriatica S.r.l.';
const ELETTRO = 'Elettroforniture Cesena S.n.c.';

type Goods = {
  sku: string;
  name: string;
  category: string;
  unit: string;
  /** Sale price and cost in euros. */
  sale: number;
  cost: number;
  threshold: number;
  /** The first 12 digits of the EAN-13. */
  barcode: string;
  movements: Move[];
};

const GOODS: Goods[] = [
  {
    sku: 'FIL-OL-001',
    name: 'Filtro olio motore per trattore',
    category: 'Filtri',
    unit: 'pz',
    sale: 18.5,
    cost: 9.8,
    threshold: 5,
    barcode: '803456700011',
    movements: [
      carico(20, 60, '1183', AGRI),
      scarico(6, 41, 'Tagliando trattore Landini 6-135, Az. Agr. Fabbri'),
      scarico(4, 12, 'Tagliando trattori New Holland, Cooperativa Braccianti'),
    ],
  },
  {
    sku: 'FIL-AR-002',
    name: 'Filtro aria primario per trattore',
    category: 'Filtri',
    unit: 'pz',
    sale: 64,
    cost: 38.5,
    threshold: 3,
    barcode: '803456700028',
    movements: [
      carico(8, 58, '1183', AGRI),
      scarico(3, 30, 'Manutenzione mietitrebbia Claas, Az. Agr. Morigi'),
      scarico(3, 6, 'Tagliando trattori New Holland, Cooperativa Braccianti'),
    ],
  },
  {
    sku: 'FIL-GA-003',
    name: "Filtro gasolio con separatore d'acqua",
    category: 'Filtri',
    unit: 'pz',
    sale: 24.9,
    cost: 12.4,
    threshold: 4,
    barcode: '803456700035',
    movements: [carico(12, 58, '1183', AGRI), scarico(5, 20, 'Riparazione impianto gasolio Fiat 80-90')],
  },
  {
    sku: 'FIL-ID-004',
    name: 'Filtro olio idraulico',
    category: 'Filtri',
    unit: 'pz',
    sale: 42,
    cost: 23.1,
    threshold: 3,
    barcode: '803456700042',
    movements: [carico(6, 45, '1201', AGRI), scarico(2, 15, 'Revisione sollevatore, Az. Agr. Fabbri')],
  },
  {
    sku: 'FIL-AB-005',
    name: 'Filtro abitacolo ai carboni attivi',
    category: 'Filtri',
    unit: 'pz',
    sale: 19.9,
    cost: 8.2,
    threshold: 2,
    barcode: '801234500056',
    movements: [carico(5, 33, '774', ROMAGNA)],
  },
  {
    sku: 'LUB-15W40-20',
    name: 'Olio motore 15W-40 tanica 20 l',
    category: 'Lubrificanti',
    unit: 'pz',
    sale: 129,
    cost: 82,
    threshold: 2,
    barcode: '805678900017',
    movements: [carico(6, 50, '3390', LUBE), scarico(2, 22, 'Cambio olio trattori, Cooperativa Braccianti')],
  },
  {
    sku: 'LUB-UTTO-20',
    name: 'Olio idraulico-trasmissioni UTTO tanica 20 l',
    category: 'Lubrificanti',
    unit: 'pz',
    sale: 119,
    cost: 74,
    threshold: 2,
    barcode: '805678900024',
    movements: [
      carico(4, 50, '3390', LUBE),
      scarico(2, 27, 'Cambio olio trasmissione Landini 6-135'),
      scarico(1, 4, 'Rabbocco impianto idraulico, Az. Agr. Morigi'),
    ],
  },
  {
    sku: 'LUB-GRASSO-400',
    name: 'Grasso al litio, cartuccia 400 g',
    category: 'Lubrificanti',
    unit: 'pz',
    sale: 6.9,
    cost: 3.1,
    threshold: 12,
    barcode: '805678900031',
    movements: [
      carico(48, 55, '3371', LUBE),
      scarico(20, 18, 'Ingrassaggio attrezzature, Cooperativa Braccianti'),
      { kind: 'adjustment', quantity: -1, reason: 'Inventario: cartuccia danneggiata', occurredOn: day(3) },
    ],
  },
  {
    sku: 'LUB-5W30-L',
    name: 'Olio motore 5W-30 sintetico (sfuso)',
    category: 'Lubrificanti',
    unit: 'l',
    sale: 11.5,
    cost: 6.4,
    threshold: 10,
    barcode: '805678900048',
    movements: [
      carico(60, 40, '3402', LUBE),
      scarico(35, 21, 'Tagliandi auto aziendali, Ortofrutta Forlivese'),
      scarico(18, 2, 'Tagliando furgone Iveco Daily'),
    ],
  },
  {
    sku: 'LUB-SBL-400',
    name: 'Sbloccante spray 400 ml',
    category: 'Lubrificanti',
    unit: 'pz',
    sale: 5.9,
    cost: 2.4,
    threshold: 6,
    barcode: '805678900055',
    movements: [carico(24, 44, '3402', LUBE), scarico(8, 10, 'Consumo di officina')],
  },
  {
    sku: 'FRE-PA-011',
    name: 'Pastiglie freno anteriori',
    category: 'Freni',
    unit: 'kit',
    sale: 48,
    cost: 26.5,
    threshold: 2,
    barcode: '801234500117',
    movements: [carico(6, 36, '781', ROMAGNA), scarico(2, 9, 'Sostituzione freni Fiat Doblò')],
  },
  {
    sku: 'FRE-DI-012',
    name: 'Disco freno ventilato 280 mm',
    category: 'Freni',
    unit: 'pz',
    sale: 39,
    cost: 21,
    threshold: 1,
    barcode: '801234500124',
    movements: [carico(4, 36, '781', ROMAGNA), scarico(2, 9, 'Sostituzione freni Fiat Doblò')],
  },
  {
    sku: 'FRE-DOT4-500',
    name: 'Liquido freni DOT 4, 500 ml',
    category: 'Freni',
    unit: 'pz',
    sale: 8.5,
    cost: 3.9,
    threshold: 6,
    barcode: '801234500131',
    movements: [carico(24, 36, '781', ROMAGNA), scarico(10, 9, 'Spurgo impianti frenanti')],
  },
  {
    sku: 'TRA-A42',
    name: 'Cinghia trapezoidale A-42',
    category: 'Trasmissione',
    unit: 'pz',
    sale: 16.8,
    cost: 7.9,
    threshold: 4,
    barcode: '803456700141',
    movements: [carico(10, 52, '1190', AGRI), scarico(3, 25, 'Riparazione rotopressa, Az. Agr. Morigi')],
  },
  {
    sku: 'TRA-KIT-DIST',
    name: 'Kit cinghia distribuzione con pompa acqua',
    category: 'Trasmissione',
    unit: 'kit',
    sale: 189,
    cost: 118,
    threshold: 1,
    barcode: '801234500155',
    movements: [carico(3, 31, '790', ROMAGNA), scarico(1, 8, 'Distribuzione Fiat Ducato')],
  },
  {
    sku: 'TRA-CAT-34',
    name: 'Catena a rulli 3/4" passo 12,7 mm',
    category: 'Trasmissione',
    unit: 'm',
    sale: 22,
    cost: 12.5,
    threshold: 5,
    barcode: '803456700165',
    movements: [carico(20, 47, '1195', AGRI), scarico(8.5, 16, 'Sostituzione catena spandiconcime')],
  },
  {
    sku: 'CUS-6205',
    name: 'Cuscinetto a sfere 6205-2RS',
    category: 'Cuscinetti',
    unit: 'pz',
    sale: 9.4,
    cost: 4.2,
    threshold: 10,
    barcode: '803456700172',
    movements: [carico(40, 53, '1190', AGRI), scarico(22, 19, 'Revisione erpice rotante, Az. Agr. Fabbri')],
  },
  {
    sku: 'CUS-6306',
    name: 'Cuscinetto a sfere 6306-2RS',
    category: 'Cuscinetti',
    unit: 'pz',
    sale: 14.8,
    cost: 6.9,
    threshold: 6,
    barcode: '803456700189',
    movements: [
      carico(20, 53, '1190', AGRI),
      scarico(10, 19, 'Revisione erpice rotante, Az. Agr. Fabbri'),
      scarico(6, 5, 'Riparazione trinciatrice, Cooperativa Braccianti'),
    ],
  },
  {
    sku: 'CUS-PO-45628',
    name: 'Paraolio 45x62x8',
    category: 'Cuscinetti',
    unit: 'pz',
    sale: 3.6,
    cost: 1.2,
    threshold: 10,
    barcode: '803456700196',
    movements: [carico(50, 53, '1190', AGRI), scarico(12, 19, 'Revisione erpice rotante, Az. Agr. Fabbri')],
  },
  {
    sku: 'ELE-BAT-100',
    name: 'Batteria 12 V 100 Ah',
    category: 'Elettrico',
    unit: 'pz',
    sale: 165,
    cost: 112,
    threshold: 1,
    barcode: '801279000201',
    movements: [
      carico(4, 39, '5521', ELETTRO),
      scarico(1, 28, 'Sostituzione batteria Lamborghini R3'),
      scarico(1, 11, 'Sostituzione batteria furgone Iveco Daily'),
    ],
  },
  {
    sku: 'ELE-H4',
    name: 'Lampada alogena H4 12 V 60/55 W',
    category: 'Elettrico',
    unit: 'pz',
    sale: 7.5,
    cost: 2.9,
    threshold: 10,
    barcode: '801279000218',
    movements: [carico(30, 39, '5521', ELETTRO), scarico(8, 14, 'Revisione fari mezzi aziendali')],
  },
  {
    sku: 'ELE-FUS-KIT',
    name: 'Kit fusibili lamellari assortiti',
    category: 'Elettrico',
    unit: 'conf',
    sale: 12,
    cost: 4.5,
    threshold: 3,
    barcode: '801279000225',
    movements: [carico(10, 39, '5521', ELETTRO), scarico(2, 13, 'Consumo di officina')],
  },
  {
    sku: 'MIN-M8X30',
    name: 'Viti TE M8x30 zincate (conf. 100 pz)',
    category: 'Minuteria',
    unit: 'conf',
    sale: 14.5,
    cost: 6.8,
    threshold: 3,
    barcode: '801234500230',
    movements: [carico(12, 42, '785', ROMAGNA), scarico(4, 17, 'Consumo di officina')],
  },
  {
    sku: 'MIN-RAC-12',
    name: 'Raccordo idraulico 1/2" BSP',
    category: 'Minuteria',
    unit: 'pz',
    sale: 6.2,
    cost: 2.7,
    threshold: 10,
    barcode: '803456700240',
    movements: [
      carico(30, 46, '1195', AGRI),
      scarico(16, 24, 'Rifacimento tubi idraulici caricatore frontale'),
      scarico(3, 7, 'Riparazione perdite impianto idraulico, Az. Agr. Morigi'),
    ],
  },
  {
    sku: 'MIN-FASC-2032',
    name: 'Fascette stringitubo inox 20-32 mm',
    category: 'Minuteria',
    unit: 'pz',
    sale: 1.2,
    cost: 0.45,
    threshold: 50,
    barcode: '801234500254',
    movements: [carico(200, 42, '785', ROMAGNA), scarico(60, 17, 'Consumo di officina')],
  },
  {
    sku: 'PNE-CAM-ANT',
    name: "Camera d'aria ruota anteriore trattore",
    category: 'Pneumatici',
    unit: 'pz',
    sale: 38,
    cost: 21,
    threshold: 2,
    barcode: '803456700264',
    movements: [carico(4, 35, '1207', AGRI), scarico(1, 23, 'Riparazione foratura, Az. Agr. Fabbri')],
  },
  {
    sku: 'DPI-GUANTI-50',
    name: 'Guanti da lavoro in nitrile (conf. 50)',
    category: 'Consumabili',
    unit: 'conf',
    sale: 11.9,
    cost: 5.6,
    threshold: 4,
    barcode: '801279000270',
    movements: [
      carico(10, 48, '5530', ELETTRO),
      scarico(4, 26, 'Consumo di officina'),
      scarico(3, 1, 'Consumo di officina'),
    ],
  },
];

const SERVICES: ItemSeed[] = [
  {
    sku: 'SRV-MANOD',
    name: 'Manodopera di officina',
    description: 'Ora di lavoro del meccanico in officina.',
    kind: 'service',
    unit: 'h',
    salePriceCents: 4800,
    category: 'Servizi',
  },
  {
    sku: 'SRV-MANOD-CAMPO',
    name: 'Manodopera in campo',
    description: "Ora di lavoro presso l'azienda agricola del cliente.",
    kind: 'service',
    unit: 'h',
    salePriceCents: 5500,
    category: 'Servizi',
  },
  {
    sku: 'SRV-DIAGNOSI',
    name: 'Diagnosi elettronica con strumento',
    kind: 'service',
    unit: 'pz',
    salePriceCents: 6500,
    category: 'Servizi',
  },
  {
    sku: 'SRV-TRASFERTA',
    name: 'Trasferta assistenza (al km)',
    kind: 'service',
    unit: 'km',
    salePriceCents: 90,
    category: 'Servizi',
  },
  {
    sku: 'SRV-SPESE-ART15',
    name: 'Spese anticipate in nome e per conto del cliente',
    description: 'Bolli e diritti di revisione anticipati (escluse art. 15 DPR 633/72).',
    kind: 'service',
    unit: 'pz',
    vatRateBp: 0,
    vatNatura: 'N1',
    category: 'Servizi',
  },
];

export const INVENTORY_DEMO_ITEMS: ItemSeed[] = [
  ...GOODS.map((g): ItemSeed => ({
    sku: g.sku,
    name: g.name,
    category: g.category,
    unit: g.unit,
    barcode: ean13(g.barcode),
    salePriceCents: Math.round(g.sale * 100),
    costCents: Math.round(g.cost * 100),
    lowStockThreshold: g.threshold,
    movements: g.movements,
  })),
  ...SERVICES,
  {
    sku: 'FIL-OL-OLD',
    name: 'Filtro olio motore (vecchio modello, fuori produzione)',
    category: 'Filtri',
    unit: 'pz',
    salePriceCents: 1500,
    costCents: 800,
    active: false,
  },
];

export async function seedInventoryDemo(deps: { db: Db; orgId: string; userId: string }) {
  if ((await countItems(deps.db, deps.orgId)) > 0) return false;
  await createItemsWithStock(deps.db, {
    orgId: deps.orgId,
    userId: deps.userId,
    items: INVENTORY_DEMO_ITEMS,
  });
  return true;
}
