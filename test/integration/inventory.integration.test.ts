import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { TItem, TItemFormValues, TItemPage, TMovementPage } from '@shared/inventory/contracts.ts';
import type { TItemImportResult } from '@shared/inventory/import-export.ts';
import { gs1CheckDigit } from '@shared/inventory/barcodes.ts';
import { ITEM_IMPORT_TARGETS, applyMapping, guessMapping } from '@shared/imports/mapping.ts';
import type { TServerMessage } from '@shared/realtime/messages.ts';
import { isValidBarcode } from '@shared/inventory/barcodes.ts';
import { itemInput } from '@server/seed/factories.ts';
import { seedInventoryDemo } from '@server/seed/inventory-demo.ts';
import { expectOtherOrganizationGets404 } from '../helpers/tenancy.ts';
import {
  DATABASES,
  ORIGIN,
  api,
  createSignedInUserWithOrg,
  createTestApp,
  type SignedInWithOrg,
  type TestApp,
} from '../helpers/test-app.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A valid EAN-13 from its first 12 digits. */
const ean13 = (body: string) => body + gs1CheckDigit(body);
let serial = 100_000;
/** A fresh valid EAN-13 for each call (Italian GS1 prefix 80). */
const nextEan = () => ean13(`80${String(serial++).padStart(10, '0')}`);

type Client = ReturnType<typeof api>;
type ErrorBody = {
  error: { code: string; message: string; details?: { path: string; key?: string; message: string }[] };
};

/** A client socket that records every message, so none is missed between the awaits of a test. */
class TestSocket {
  readonly received: TServerMessage[] = [];
  private waiters: { test: (m: TServerMessage) => boolean; resolve: (m: TServerMessage) => void }[] = [];
  readonly ws: WebSocket;

  constructor(url: string, headers: Record<string, string>) {
    this.ws = new WebSocket(url, { headers });
    this.ws.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as TServerMessage);
      this.flush();
    });
    this.ws.on('error', () => undefined);
  }

  private flush() {
    for (const waiter of [...this.waiters]) {
      const found = this.received.find(waiter.test);
      if (found) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(found);
      }
    }
  }

  next<T extends TServerMessage['type']>(type: T, timeoutMs = 5000) {
    return new Promise<Extract<TServerMessage, { type: T }>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test: (m) => m.type === type,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m as Extract<TServerMessage, { type: T }>);
        },
      });
      this.flush();
    });
  }

  notifications() {
    return this.received.flatMap((m) => (m.type === 'NOTIFICATION' ? [m.notification] : []));
  }
}

describe.each(DATABASES)('inventory on %s', (kind) => {
  let t: TestApp;
  let wsUrl: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await t?.close();
  });

  async function newOrg(role?: SignedInWithOrg['role']) {
    const owner = await createSignedInUserWithOrg(t.app, role ? { role } : {});
    return { owner, client: api(t.app, owner.cookie) };
  }

  async function createItem(client: Client, values: Partial<TItemFormValues> = {}): Promise<TItem> {
    const res = await client.post('/api/v1/inventory', itemInput(values));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TItem;
  }

  async function move(client: Client, id: string, body: Record<string, unknown>, headers = {}) {
    return client.post(`/api/v1/inventory/${id}/movements`, body, headers);
  }

  it('creates, reads, updates and deletes an item; prices in euros become cents', async () => {
    const { client } = await newOrg();
    const barcode = nextEan();
    const created = await createItem(client, {
      name: '  Pastiglie freno anteriori ',
      sku: 'pf-001',
      barcode,
      unit: 'kit',
      salePrice: '1.234,56',
      cost: 800,
      vatRateBp: 2200,
      category: 'Freni',
      lowStockThreshold: '2',
    });
    expect(created).toMatchObject({
      name: 'Pastiglie freno anteriori',
      sku: 'PF-001',
      barcode,
      kind: 'goods',
      unit: 'kit',
      salePriceCents: 123456,
      costCents: 80000,
      vatRateBp: 2200,
      vatNatura: null,
      category: 'Freni',
      active: true,
      stockQuantity: 0,
      lowStockThreshold: 2,
      lowStock: true,
    });

    const read = await client.get(`/api/v1/inventory/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);

    const updated = await client.put(`/api/v1/inventory/${created.id}`, {
      name: 'Pastiglie freno anteriori Brembo',
      sku: 'PF-001',
      barcode,
      unit: 'kit',
      salePrice: '59,90',
      cost: '31',
      vatRateBp: 2200,
      category: 'Freni',
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Pastiglie freno anteriori Brembo',
      salePriceCents: 5990,
      costCents: 3100,
      active: false,
      lowStockThreshold: null,
      lowStock: false,
    });

    const deleted = await client.del(`/api/v1/inventory/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await client.get(`/api/v1/inventory/${created.id}`)).statusCode).toBe(404);
  });

  it('creates a service without stock fields and a 0% VAT item with its Natura code', async () => {
    const { client } = await newOrg();
    const labour = await createItem(client, {
      name: 'Manodopera officina',
      sku: 'MO-ORA',
      kind: 'service',
      unit: 'h',
      salePrice: '45',
      lowStockThreshold: '3',
    });
    expect(labour).toMatchObject({ kind: 'service', unit: 'h', lowStockThreshold: null, lowStock: false });
    const exempt = await createItem(client, { sku: 'CORSO-1', vatRateBp: 0, vatNatura: 'n4' });
    expect(exempt).toMatchObject({ vatRateBp: 0, vatNatura: 'N4' });
  });

  it('explains bad input on the right field in the caller language', async () => {
    const { client } = await newOrg();
    const badBarcode = await client.post(
      '/api/v1/inventory',
      { name: 'Candela', sku: 'CAND-1', barcode: '8001234567891' },
      { 'accept-language': 'it' },
    );
    expect(badBarcode.statusCode).toBe(400);
    const body = badBarcode.json() as ErrorBody;
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      {
        path: 'barcode',
        key: 'inventory.errors.barcodeInvalid',
        message:
          'Codice a barre non valido: usa un codice EAN-13, EAN-8 o UPC-A con la cifra di controllo corretta',
      },
    ]);

    const noNatura = await client.post('/api/v1/inventory', { name: 'Corso', sku: 'C-1', vatRateBp: 0 });
    expect(noNatura.statusCode).toBe(400);
    expect((noNatura.json() as ErrorBody).error.details).toEqual([
      {
        path: 'vatNatura',
        key: 'inventory.errors.naturaRequired',
        message: 'With VAT at 0% choose the reason for no VAT (Natura code)',
      },
    ]);

    const several = await client.post('/api/v1/inventory', {
      name: '',
      sku: '',
      salePrice: '12,345',
      vatRateBp: 1500,
      unit: 'barrels',
    });
    expect(several.statusCode).toBe(400);
    const keys = Object.fromEntries((several.json() as ErrorBody).error.details!.map((d) => [d.path, d.key]));
    expect(keys).toMatchObject({
      name: 'inventory.errors.nameRequired',
      sku: 'inventory.errors.skuRequired',
      salePrice: 'inventory.errors.priceInvalid',
      vatRateBp: 'inventory.errors.vatRateInvalid',
      unit: 'inventory.errors.unitInvalid',
    });
  });

  it('refuses a duplicate SKU or barcode with 409 naming the field; UPC-A and its EAN-13 are one code', async () => {
    const { client } = await newOrg();
    const upc = '036000291452';
    const first = await createItem(client, { sku: 'OLIO-5W30', barcode: upc });

    const sameSku = await client.post(
      '/api/v1/inventory',
      { name: 'Altro', sku: 'olio-5w30' },
      { 'accept-language': 'it' },
    );
    expect(sameSku.statusCode).toBe(409);
    expect(sameSku.json()).toEqual({
      error: {
        code: 'ALREADY_EXISTS',
        message: 'Questo elemento esiste già',
        details: [
          {
            path: 'sku',
            key: 'inventory.errors.skuTaken',
            message: 'Esiste già un articolo con questo codice',
          },
        ],
      },
    });

    const sameBarcode = await client.post('/api/v1/inventory', {
      name: 'Altro',
      sku: 'ALTRO',
      barcode: `0${upc}`,
    });
    expect(sameBarcode.statusCode).toBe(409);
    expect((sameBarcode.json() as ErrorBody).error.details![0]).toMatchObject({
      path: 'barcode',
      key: 'inventory.errors.barcodeTaken',
    });

    // An update may keep its own codes but not take another item's.
    const second = await createItem(client, { sku: 'OLIO-10W40' });
    const keepOwn = await client.put(`/api/v1/inventory/${first.id}`, {
      name: 'Olio 5W30 1 l',
      sku: 'OLIO-5W30',
      barcode: upc,
    });
    expect(keepOwn.statusCode).toBe(200);
    const takeOther = await client.put(`/api/v1/inventory/${second.id}`, { name: 'x', sku: 'OLIO-5W30' });
    expect(takeOther.statusCode).toBe(409);

    // Another organization may use the same codes.
    const other = await newOrg();
    await createItem(other.client, { sku: 'OLIO-5W30', barcode: upc });
  });

  it('searches with typos, filters, pages by 10 and values the stock of all the filtered items', async () => {
    const { client } = await newOrg();
    const barcode = nextEan();
    const oil = await createItem(client, {
      name: 'Olio motore sintetico 5W30',
      sku: 'OLIO-5W30',
      barcode,
      category: 'Lubrificanti',
      cost: '8,40',
      lowStockThreshold: 10,
    });
    await move(client, oil.id, { kind: 'in', quantity: 12.5 });
    const filter = await createItem(client, {
      name: 'Filtro aria',
      sku: 'FA-200',
      category: 'Filtri',
      cost: '4,10',
      lowStockThreshold: 5,
    });
    await move(client, filter.id, { kind: 'in', quantity: 3 });
    await createItem(client, { name: 'Manodopera', sku: 'MO', kind: 'service', unit: 'h', cost: '20' });
    for (let i = 0; i < 12; i++) {
      const item = await createItem(client, {
        name: `Bullone M8 numero ${i}`,
        sku: `BUL-${i}`,
        category: 'Minuteria',
        cost: '0,10',
      });
      await move(client, item.id, { kind: 'in', quantity: 10 });
    }
    const inactive = await createItem(client, { name: 'Filtro vecchio', sku: 'FV', active: false });

    const list = async (query: string) => {
      const res = await client.get(`/api/v1/inventory${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TItemPage;
    };

    // Typo-tolerant search over name, SKU and barcode.
    // Each word matches on its own, in any order ("sintetco" is a typo of "sintetico").
    expect((await list('?q=sintetco%20olio')).items.map((i) => i.sku)).toEqual(['OLIO-5W30']);
    expect((await list('?q=aria%20filttro')).items.map((i) => i.sku)).toEqual(['FA-200']);
    expect((await list('?q=Filtri')).items.map((i) => i.sku)).toEqual(['FA-200']);
    expect((await list('?q=fa-200')).items.map((i) => i.sku)).toEqual(['FA-200']);
    expect((await list(`?q=${barcode}`)).items.map((i) => i.sku)).toEqual(['OLIO-5W30']);

    const all = await list('');
    expect(all.total).toBe(15);
    expect(all.items).toHaveLength(10);
    expect(all.pageSize).toBe(10);
    // 12.5 × 8,40 + 3 × 4,10 + 12 × 10 × 0,10 = 105 + 12,30 + 12 = 129,30 €; services count nothing.
    expect(all.stockValueCents).toBe(12930);
    const page2 = await list('?page=2');
    expect(page2.items).toHaveLength(5);
    expect(new Set([...all.items, ...page2.items].map((i) => i.id)).size).toBe(15);

    const low = await list('?lowStock=true');
    expect(low.items.map((i) => i.sku)).toEqual(['FA-200']);
    expect(low.items[0]!.lowStock).toBe(true);
    expect(low.stockValueCents).toBe(1230);

    expect((await list('?category=Minuteria')).total).toBe(12);
    expect((await list('?category=Minuteria')).stockValueCents).toBe(1200);
    expect((await list('?kind=service')).items.map((i) => i.sku)).toEqual(['MO']);
    expect((await list('?active=inactive')).items.map((i) => i.id)).toEqual([inactive.id]);
    expect((await list('?active=all')).total).toBe(16);
    expect((await list('?sort=-stockQuantity&pageSize=1')).items[0]!.sku).toBe('OLIO-5W30');

    const categories = await client.get('/api/v1/inventory/categories');
    expect(categories.json()).toEqual({ categories: ['Filtri', 'Lubrificanti', 'Minuteria'] });

    const bad = await client.get('/api/v1/inventory?kind=robots');
    expect(bad.statusCode).toBe(400);
  });

  it('records in, out and adjustments; the quantity is always the sum of the movements', async () => {
    const { owner, client } = await newOrg();
    const item = await createItem(client, { unit: 'l', lowStockThreshold: 1 });

    const inRes = await move(client, item.id, { kind: 'in', quantity: '10,5', reason: 'DDT 123' });
    expect(inRes.statusCode, inRes.body).toBe(201);
    expect(inRes.json()).toMatchObject({
      movement: {
        kind: 'in',
        quantity: 10.5,
        reason: 'DDT 123',
        userId: owner.user.id,
        userName: 'Owner User',
      },
      item: { id: item.id, stockQuantity: 10.5 },
    });
    const out = await move(client, item.id, { kind: 'out', quantity: 2.25, occurredOn: '2026-03-01' });
    expect(out.json()).toMatchObject({
      movement: { kind: 'out', quantity: -2.25, occurredOn: '2026-03-01' },
      item: { stockQuantity: 8.25 },
    });
    const adjust = await move(client, item.id, { kind: 'adjustment', quantity: -0.25, reason: 'Inventario' });
    expect(adjust.json()).toMatchObject({ item: { stockQuantity: 8 } });

    const noReason = await move(client, item.id, { kind: 'adjustment', quantity: 1 });
    expect(noReason.statusCode).toBe(400);
    expect((noReason.json() as ErrorBody).error.details![0]).toMatchObject({
      path: 'reason',
      key: 'inventory.errors.reasonRequired',
    });
    const zero = await move(client, item.id, { kind: 'out', quantity: 0 });
    expect(zero.statusCode).toBe(400);

    const movements = await client.get(`/api/v1/inventory/${item.id}/movements`);
    expect(movements.statusCode).toBe(200);
    const page = movements.json() as TMovementPage;
    expect(page.total).toBe(3);
    // Newest day first, then the latest recorded.
    expect(page.items.map((m) => m.kind)).toEqual(['adjustment', 'in', 'out']);
    expect(page.items.every((m) => m.userName === 'Owner User')).toBe(true);
    const sum = page.items.reduce((s, m) => s + m.quantity * 1000, 0) / 1000;
    const now = (await client.get(`/api/v1/inventory/${item.id}`)).json() as TItem;
    expect(now.stockQuantity).toBe(sum);
    expect(now.stockQuantity).toBe(8);

    // The stock is not an input of the item.
    const put = await client.put(`/api/v1/inventory/${item.id}`, {
      name: now.name,
      sku: now.sku,
      unit: 'l',
      stockQuantity: 999,
    });
    expect(put.statusCode).toBe(200);
    expect((put.json() as TItem).stockQuantity).toBe(8);

    const paged = await client.get(`/api/v1/inventory/${item.id}/movements?pageSize=2&page=2`);
    expect((paged.json() as TMovementPage).items).toHaveLength(1);
  });

  it('refuses going below zero unless the organization allows it', async () => {
    const { client } = await newOrg();
    const item = await createItem(client);
    await move(client, item.id, { kind: 'in', quantity: 2 });

    const refused = await move(client, item.id, { kind: 'out', quantity: 3 }, { 'accept-language': 'it' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'INSUFFICIENT_STOCK',
        message: 'Giacenza insufficiente: la quantità andrebbe sotto zero',
        details: [
          {
            path: 'quantity',
            key: 'inventory.errors.insufficientStock',
            message: 'Giacenza insufficiente: la quantità andrebbe sotto zero',
          },
        ],
      },
    });
    const negativeAdjust = await move(client, item.id, { kind: 'adjustment', quantity: -5, reason: 'x' });
    expect(negativeAdjust.statusCode).toBe(409);
    expect(((await client.get(`/api/v1/inventory/${item.id}`)).json() as TItem).stockQuantity).toBe(2);
    expect(((await client.get(`/api/v1/inventory/${item.id}/movements`)).json() as TMovementPage).total).toBe(
      1,
    );

    expect((await client.get('/api/v1/inventory/settings')).json()).toEqual({ allowNegativeStock: false });
    const saved = await client.put('/api/v1/inventory/settings', { allowNegativeStock: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ allowNegativeStock: true });

    const allowed = await move(client, item.id, { kind: 'out', quantity: 3 });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json()).toMatchObject({ item: { stockQuantity: -1 } });

    // Settings belong to the organization; a manager may read but not change them.
    const manager = await newOrg('manager');
    expect((await manager.client.get('/api/v1/inventory/settings')).json()).toEqual({
      allowNegativeStock: false,
    });
    expect(
      (await manager.client.put('/api/v1/inventory/settings', { allowNegativeStock: true })).statusCode,
    ).toBe(403);
  });

  it('cannot oversell under concurrency: 10 parallel outs of 1 on a stock of 5, exactly 5 succeed', async () => {
    const { client } = await newOrg();
    const item = await createItem(client);
    await move(client, item.id, { kind: 'in', quantity: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => move(client, item.id, { kind: 'out', quantity: 1 })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const now = (await client.get(`/api/v1/inventory/${item.id}`)).json() as TItem;
    expect(now.stockQuantity).toBe(0);
    const movements = (await client.get(`/api/v1/inventory/${item.id}/movements?pageSize=100`)).json();
    expect((movements as TMovementPage).total).toBe(6);
  });

  it('refuses movements on services and the deletion of items with movements (deactivation works)', async () => {
    const { client } = await newOrg();
    const service = await createItem(client, { kind: 'service', unit: 'h' });
    const onService = await move(client, service.id, { kind: 'in', quantity: 1 });
    expect(onService.statusCode).toBe(400);
    expect((onService.json() as ErrorBody).error.details![0]).toMatchObject({
      key: 'inventory.errors.notGoods',
    });

    const item = await createItem(client, { name: 'Cinghia distribuzione', sku: 'CD-1' });
    await move(client, item.id, { kind: 'in', quantity: 1 });
    const del = await client.del(`/api/v1/inventory/${item.id}`, { 'accept-language': 'it' });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({
      error: { code: 'IN_USE', message: "Impossibile eliminare: l'elemento è in uso" },
    });
    const toService = await client.put(`/api/v1/inventory/${item.id}`, {
      name: 'Cinghia',
      sku: 'CD-1',
      kind: 'service',
    });
    expect(toService.statusCode).toBe(400);
    const deactivated = await client.put(`/api/v1/inventory/${item.id}`, {
      name: item.name,
      sku: item.sku,
      active: false,
    });
    expect(deactivated.statusCode).toBe(200);
    expect((deactivated.json() as TItem).active).toBe(false);
  });

  it('notifies the organization over the live channel when a movement crosses the low-stock threshold', async () => {
    const { owner, client } = await newOrg();
    const socket = new TestSocket(wsUrl, { cookie: owner.cookie, origin: ORIGIN });
    sockets.push(socket);
    await socket.next('CONNECTED');
    socket.ws.send(JSON.stringify({ type: 'SUBSCRIBE', channel: 'notifications' }));
    await socket.next('SUBSCRIBED');

    const item = await createItem(client, { name: 'Liquido freni DOT4', unit: 'pz', lowStockThreshold: 3 });
    await move(client, item.id, { kind: 'in', quantity: 10 });
    await move(client, item.id, { kind: 'out', quantity: 6 }); // 4: still above
    expect(socket.notifications()).toEqual([]);

    const crossing = await move(client, item.id, { kind: 'out', quantity: 2 }, { 'accept-language': 'it' });
    expect(crossing.statusCode).toBe(201);
    const { notification } = await socket.next('NOTIFICATION');
    expect(notification).toMatchObject({
      type: 'warning',
      title: 'Scorta bassa: Liquido freni DOT4',
      message: 'Giacenza 2 pz, soglia minima 3 pz. È ora di riordinare.',
      read: false,
      data: { url: `/inventory/${item.id}` },
    });

    // Already below: no second notification; back above and down again: a new one, in English.
    await move(client, item.id, { kind: 'out', quantity: 1 });
    await move(client, item.id, { kind: 'in', quantity: 5 }); // 6
    await move(client, item.id, { kind: 'out', quantity: 4 }, { 'accept-language': 'en' }); // 2
    await expect.poll(() => socket.notifications().length).toBe(2);
    expect(socket.notifications()[1]).toMatchObject({
      title: 'Low stock: Liquido freni DOT4',
      message: 'Stock 2 pz, low-stock threshold 3 pz. Time to reorder.',
    });

    // Another organization hears nothing.
    const stranger = await newOrg();
    const strangerSocket = new TestSocket(wsUrl, { cookie: stranger.owner.cookie, origin: ORIGIN });
    sockets.push(strangerSocket);
    await strangerSocket.next('CONNECTED');
    strangerSocket.ws.send(JSON.stringify({ type: 'SUBSCRIBE', channel: 'notifications' }));
    await strangerSocket.next('SUBSCRIBED');
    await move(client, item.id, { kind: 'in', quantity: 10 });
    await move(client, item.id, { kind: 'out', quantity: 10 });
    await expect.poll(() => socket.notifications().length).toBe(3);
    expect(strangerSocket.notifications()).toEqual([]);
  });

  it('looks items up by barcode (UPC-A = EAN-13) or SKU; an unknown code is 404', async () => {
    const { client } = await newOrg();
    const upcItem = await createItem(client, { sku: 'UPC-ITEM', barcode: '036000291452' });
    const eanBody = nextEan();
    const eanItem = await createItem(client, { sku: 'EAN-ITEM', barcode: eanBody });
    const look = (code: string) => client.get(`/api/v1/inventory/lookup?code=${encodeURIComponent(code)}`);

    expect((await look('036000291452')).json()).toMatchObject({ id: upcItem.id });
    expect((await look('0036000291452')).json()).toMatchObject({ id: upcItem.id });
    expect((await look(eanBody)).json()).toMatchObject({ id: eanItem.id });
    expect((await look(` ${eanBody.slice(0, 6)} ${eanBody.slice(6)} `)).json()).toMatchObject({
      id: eanItem.id,
    });
    expect((await look('ean-item')).json()).toMatchObject({ id: eanItem.id });
    const unknown = await look(nextEan());
    expect(unknown.statusCode).toBe(404);
    expect((await look('')).statusCode).toBe(400);

    const stranger = await newOrg();
    expect((await stranger.client.get(`/api/v1/inventory/lookup?code=${eanBody}`)).statusCode).toBe(404);
  });

  describe('import and export', () => {
    const parse = async (cookie: string, payload: string | Buffer, type: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/imports/parse',
        headers: { origin: ORIGIN, cookie, 'content-type': type },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { headers: string[]; rows: string[][] };
    };
    /** What the web does: parse the file, guess the mapping, apply it to every row. */
    const mapped = async (cookie: string, payload: string | Buffer, type = 'text/csv') => {
      const file = await parse(cookie, payload, type);
      const mapping = guessMapping(file.headers, ITEM_IMPORT_TARGETS);
      return file.rows.map((row) => applyMapping(file.headers, row, mapping));
    };
    const runImport = async (client: Client, body: Record<string, unknown>, headers = {}) => {
      const res = await client.post('/api/v1/inventory/import', body, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TItemImportResult;
    };

    const goodCsv = (barcode: string) =>
      [
        'Codice articolo;Nome;Codice a barre;Tipo;Unità di misura;Categoria;Prezzo di vendita;Costo;Aliquota IVA;Natura;Giacenza;Scorta minima',
        `FO-100;Filtro olio;${barcode};Bene;pezzi;Filtri;12,50;6,20;22%;;14;5`,
        'OL-5W40;Olio 5W40 4 l;;bene;l;Lubrificanti;39,90;24,00;22;;7,5;2',
        'MO-ORA;Manodopera meccanica;;Servizio;ore;Servizi;45,00;;22%;;;',
        'CORSO-1;Corso sicurezza;;servizio;h;Formazione;100;;0%;N4;;',
      ].join('\n');

    it('previews a good file, then imports it with opening stock as "Import" adjustments', async () => {
      const { owner, client } = await newOrg();
      const barcode = nextEan();
      const rows = await mapped(owner.cookie, goodCsv(barcode));

      const preview = await runImport(client, { rows, mode: 'valid_only', dryRun: true });
      expect(preview).toMatchObject({
        dryRun: true,
        total: 4,
        valid: 4,
        invalid: 0,
        duplicates: 0,
        imported: 0,
        committed: false,
        issues: [],
      });
      expect(preview.preview[0]).toMatchObject({
        row: 1,
        sku: 'FO-100',
        barcode,
        kind: 'goods',
        unit: 'pz',
        salePriceCents: 1250,
        costCents: 620,
        stockQuantity: 14,
      });
      expect(((await client.get('/api/v1/inventory')).json() as TItemPage).total).toBe(0);

      const done = await runImport(client, { rows, mode: 'all_or_nothing', dryRun: false });
      expect(done).toMatchObject({ imported: 4, committed: true });
      const list = (await client.get('/api/v1/inventory?sort=sku')).json() as TItemPage;
      expect(list.items.map((i) => [i.sku, i.kind, i.stockQuantity])).toEqual([
        ['CORSO-1', 'service', 0],
        ['FO-100', 'goods', 14],
        ['MO-ORA', 'service', 0],
        ['OL-5W40', 'goods', 7.5],
      ]);
      expect(list.items.find((i) => i.sku === 'CORSO-1')).toMatchObject({ vatRateBp: 0, vatNatura: 'N4' });
      const oil = list.items.find((i) => i.sku === 'OL-5W40')!;
      const movements = (await client.get(`/api/v1/inventory/${oil.id}/movements`)).json() as TMovementPage;
      expect(movements.items).toMatchObject([
        { kind: 'adjustment', quantity: 7.5, reason: 'Import', userName: 'Owner User' },
      ]);
      // 14 × 6,20 + 7,5 × 24,00 = 86,80 + 180 = 266,80 €
      expect(list.stockValueCents).toBe(26680);

      // Importing the same file again creates nothing: every row is a duplicate.
      const again = await runImport(client, { rows, mode: 'valid_only', dryRun: false });
      expect(again).toMatchObject({ total: 4, valid: 0, duplicates: 4, imported: 0, committed: false });
      expect(again.issues[0]).toMatchObject({ row: 1, status: 'duplicate', sku: 'FO-100' });
      expect(((await client.get('/api/v1/inventory')).json() as TItemPage).total).toBe(4);
    });

    it('reports bad rows with their errors; valid_only imports the rest, all_or_nothing nothing', async () => {
      const { owner, client } = await newOrg();
      const csv = [
        'SKU,Name,Barcode,Type,Unit,Sale price,VAT rate,Natura,Stock',
        'A-1,Good one,,goods,pcs,10.00,22,,3',
        'A-2,,,goods,pcs,10.00,22,,',
        'A-3,Bad barcode,8001234567891,goods,pcs,1,22,,',
        'A-4,No natura,,goods,pcs,1,0,,',
        'A-5,Service with stock,,service,h,1,22,,4',
        'A-6,Bad stock,,goods,pcs,1,22,,-2',
        'a-1,Same SKU as row 1,,goods,pcs,1,22,,',
      ].join('\n');
      const rows = await mapped(owner.cookie, csv);

      const strict = await runImport(
        client,
        { rows, mode: 'all_or_nothing', dryRun: false },
        { 'accept-language': 'it' },
      );
      expect(strict).toMatchObject({ total: 7, valid: 1, invalid: 5, duplicates: 1, imported: 0 });
      expect(strict.committed).toBe(false);
      expect(((await client.get('/api/v1/inventory')).json() as TItemPage).total).toBe(0);
      const byRow = Object.fromEntries(strict.issues.map((i) => [i.row, i]));
      expect(byRow[2]!.errors).toEqual([
        { path: 'name', key: 'inventory.errors.nameRequired', message: 'Il nome è obbligatorio' },
      ]);
      expect(byRow[3]!.errors[0]).toMatchObject({ path: 'barcode', key: 'inventory.errors.barcodeInvalid' });
      expect(byRow[4]!.errors[0]).toMatchObject({
        path: 'vatNatura',
        key: 'inventory.errors.naturaRequired',
      });
      expect(byRow[5]!.errors[0]).toMatchObject({
        path: 'stockQuantity',
        key: 'inventory.errors.stockOnService',
      });
      expect(byRow[6]!.errors[0]).toMatchObject({
        path: 'stockQuantity',
        key: 'inventory.errors.openingStockNegative',
      });
      expect(byRow[7]).toMatchObject({ status: 'duplicate', sku: 'A-1' });

      const lenient = await runImport(client, { rows, mode: 'valid_only', dryRun: false });
      expect(lenient).toMatchObject({ valid: 1, invalid: 5, duplicates: 1, imported: 1, committed: true });
      const list = (await client.get('/api/v1/inventory')).json() as TItemPage;
      expect(list.items.map((i) => [i.sku, i.stockQuantity])).toEqual([['A-1', 3]]);
    });

    it('refuses an empty request and needs manage_financial_data', async () => {
      const { client } = await newOrg();
      const empty = await client.post('/api/v1/inventory/import', { rows: [], dryRun: true });
      expect(empty.statusCode).toBe(400);
      const viewer = await newOrg('viewer');
      const res = await viewer.client.post('/api/v1/inventory/import', {
        rows: [{ name: 'x', sku: 'y' }],
        dryRun: true,
      });
      expect(res.statusCode).toBe(403);
    });

    it('exports the filtered list as Italian CSV and XLSX that import back as duplicates', async () => {
      const { owner, client } = await newOrg();
      const barcode = nextEan();
      const rows = await mapped(owner.cookie, goodCsv(barcode));
      await runImport(client, { rows, mode: 'valid_only', dryRun: false });

      const csv = await client.get('/api/v1/inventory/export?format=csv&kind=goods', {
        'accept-language': 'it',
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(
        /attachment; filename="magazzino-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      const text = csv.body.replace(/^\uFEFF/, '');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(
        'Codice articolo;Nome;Codice a barre;Tipo;Unità di misura;Categoria;Prezzo di vendita;Costo;Aliquota IVA;Natura;Giacenza;Scorta minima;Descrizione;Attivo',
      );
      expect(lines.slice(1)).toEqual([
        `FO-100;Filtro olio;${barcode};Bene;pz;Filtri;12,50;6,20;22%;;14;5;;Sì`,
        'OL-5W40;Olio 5W40 4 l;;Bene;l;Lubrificanti;39,90;24,00;22%;;7,5;2;;Sì',
      ]);

      const again = await runImport(client, {
        rows: await mapped(owner.cookie, csv.body),
        mode: 'valid_only',
        dryRun: true,
      });
      expect(again).toMatchObject({ total: 2, invalid: 0, duplicates: 2 });

      const xlsx = await client.get('/api/v1/inventory/export?format=xlsx', { 'accept-language': 'en' });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe(XLSX);
      expect(xlsx.headers['content-disposition']).toMatch(/inventory-\d{4}-\d{2}-\d{2}\.xlsx/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.getRow(1).getCell(1).value).toBe('SKU');
      expect(sheet.rowCount).toBe(5);
      const fo = sheet.getRow(3);
      expect(fo.getCell(1).value).toBe('FO-100');
      expect(fo.getCell(7).value).toBe(12.5);
      expect(fo.getCell(11).value).toBe(14);
      const backAgain = await runImport(client, {
        rows: await mapped(owner.cookie, xlsx.rawPayload, XLSX),
        mode: 'valid_only',
        dryRun: true,
      });
      expect(backAgain).toMatchObject({ total: 4, invalid: 0, duplicates: 4 });

      const user = await newOrg('user');
      expect((await user.client.get('/api/v1/inventory/export')).statusCode).toBe(403);
    });
  });

  it('lets viewers and users read but not write; managers write', async () => {
    for (const role of ['viewer', 'user'] as const) {
      const { client } = await newOrg(role);
      expect((await client.get('/api/v1/inventory')).statusCode).toBe(200);
      expect((await client.get('/api/v1/inventory/categories')).statusCode).toBe(200);
      expect((await client.post('/api/v1/inventory', { name: 'x', sku: 'y' })).statusCode).toBe(403);
    }
    const manager = await newOrg('manager');
    const item = await createItem(manager.client);
    expect((await move(manager.client, item.id, { kind: 'in', quantity: 1 })).statusCode).toBe(201);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/inventory' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('seeds a realistic demo inventory whose stock is the sum of its movements', async () => {
    const { owner, client } = await newOrg();
    const deps = { db: t.app.services.database.db, orgId: owner.organizationId, userId: owner.user.id };
    expect(await seedInventoryDemo(deps)).toBe(true);
    expect(await seedInventoryDemo(deps)).toBe(false);
    const all = (await client.get('/api/v1/inventory?active=all&pageSize=100')).json() as TItemPage;
    expect(all.total).toBeGreaterThanOrEqual(30);
    const goods = all.items.filter((i) => i.kind === 'goods' && i.active);
    expect(goods.every((i) => i.barcode && isValidBarcode(i.barcode))).toBe(true);
    expect(all.items.some((i) => i.kind === 'service' && i.unit === 'h')).toBe(true);
    const low = (await client.get('/api/v1/inventory?lowStock=true&pageSize=100')).json() as TItemPage;
    expect(low.total).toBeGreaterThanOrEqual(3);
    expect(low.total).toBeLessThan(goods.length / 2);
    for (const item of goods.slice(0, 5)) {
      const page = (await client.get(`/api/v1/inventory/${item.id}/movements?pageSize=100`)).json();
      const sum = (page as TMovementPage).items.reduce((s, m) => s + Math.round(m.quantity * 1000), 0);
      expect(item.stockQuantity).toBe(sum / 1000);
    }
    expect(all.stockValueCents).toBeGreaterThan(0);
  });

  describe('tenancy: another organization gets 404', () => {
    const createInOrgA = async ({ client }: { client: Client }) => {
      const item = await createItem(client, { name: 'Segreto di A', sku: 'SEGRETO' });
      await move(client, item.id, { kind: 'in', quantity: 4 });
      return item.id;
    };

    it('GET /api/v1/inventory/:id', async () => {
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/inventory/${id}`,
        createInOrgA,
      });
    });

    it('PUT /api/v1/inventory/:id', async () => {
      const { id, owner } = await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/inventory/${id}`,
        method: 'PUT',
        body: { name: 'Rubato', sku: 'RUBATO' },
        createInOrgA,
      });
      const still = (await api(t.app, owner.cookie).get(`/api/v1/inventory/${id}`)).json() as TItem;
      expect(still.name).toBe('Segreto di A');
    });

    it('DELETE /api/v1/inventory/:id', async () => {
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/inventory/${id}`,
        method: 'DELETE',
        createInOrgA: async ({ client }) => (await createItem(client)).id,
      });
    });

    it('GET /api/v1/inventory/:id/movements', async () => {
      await expectOtherOrganizationGets404(t.app, {
        path: (id) => `/api/v1/inventory/${id}/movements`,
        createInOrgA,
      });
    });

    it('POST /api/v1/inventory/:id/movements, and lists, lookup and exports show nothing of A', async () => {
      const a = await newOrg();
      const id = await createInOrgA({ client: a.client });
      const b = await newOrg();
      const res = await move(b.client, id, { kind: 'out', quantity: 4 });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Item not found' } });
      expect(((await a.client.get(`/api/v1/inventory/${id}`)).json() as TItem).stockQuantity).toBe(4);

      const list = (await b.client.get('/api/v1/inventory?active=all&q=segreto')).json() as TItemPage;
      expect(list).toMatchObject({ items: [], total: 0, stockValueCents: 0 });
      expect((await b.client.get('/api/v1/inventory/lookup?code=SEGRETO')).statusCode).toBe(404);
      expect((await b.client.get('/api/v1/inventory/categories')).json()).toEqual({ categories: [] });
      const exported = await b.client.get('/api/v1/inventory/export?format=csv');
      expect(exported.body).not.toContain('SEGRETO');
    });
  });
});
