import { describe, expect, it } from 'vitest';
import {
  composeHref,
  composeRequestOf,
  hasFilters,
  listQueryOf,
  paramsFromState,
  stateFromParams,
  withList,
  withoutCompose,
} from './mailbox-url.ts';

const FOLDER = '11111111-1111-4111-8111-111111111111';
const MESSAGE = '22222222-2222-4222-8222-222222222222';
const LABEL = '33333333-3333-4333-8333-333333333333';

describe('the mailbox state in the URL', () => {
  it('opens the unified Inbox by default (spec §2)', () => {
    const state = stateFromParams(new URLSearchParams());
    expect(state).toMatchObject({
      folderId: null,
      view: 'inbox',
      messageId: null,
      q: '',
      group: 'conversations',
    });
    expect(paramsFromState(state).toString()).toBe('');
    expect(listQueryOf(state).toString()).toBe('view=inbox&group=conversations');
  });

  it('round-trips a folder, a message, a search and the filters', () => {
    const query = `folder=${FOLDER}&q=fattura+marzo&read=false&starred=true&attachments=true&from=2026-01-01&to=2026-03-31&label=${LABEL}&group=messages&m=${MESSAGE}`;
    const state = stateFromParams(new URLSearchParams(query));
    expect(state).toMatchObject({
      folderId: FOLDER,
      messageId: MESSAGE,
      q: 'fattura marzo',
      isRead: false,
      isStarred: true,
      isImportant: null,
      hasAttachments: true,
      from: '2026-01-01',
      to: '2026-03-31',
      labelId: LABEL,
      group: 'messages',
    });
    expect(paramsFromState(state).toString()).toBe(query);
    expect(Object.fromEntries(listQueryOf(state))).toEqual({
      folderId: FOLDER,
      q: 'fattura marzo',
      isRead: 'false',
      isStarred: 'true',
      hasAttachments: 'true',
      from: '2026-01-01',
      to: '2026-03-31',
      labelId: LABEL,
      group: 'messages',
    });
    expect(hasFilters(state)).toBe(true);
  });

  it('opens a message linked as ?message= too', () => {
    expect(stateFromParams(new URLSearchParams(`message=${MESSAGE}`)).messageId).toBe(MESSAGE);
  });

  it('drops values a link cannot carry: bad ids, views, dates', () => {
    const state = stateFromParams(new URLSearchParams('folder=x&view=evil&m=1&from=01/02/2026&label=no'));
    expect(state).toMatchObject({ folderId: null, view: 'inbox', messageId: null, from: '', labelId: null });
    expect(hasFilters(state)).toBe(false);
  });

  it('closes the open message when the folder, the search or a filter changes, not otherwise (spec §2)', () => {
    const open = stateFromParams(new URLSearchParams(`m=${MESSAGE}&pane=folders`));
    expect(withList(open, { folderId: FOLDER }).messageId).toBeNull();
    expect(withList(open, { q: 'preventivo' }).messageId).toBeNull();
    expect(withList(open, { isStarred: true }).messageId).toBeNull();
    expect(withList(open, { view: 'inbox' }).messageId).toBe(MESSAGE);
    expect(withList(open, {}).folders).toBe(false);
  });

  describe('a message to write, asked for by a link (issue 16)', () => {
    const CLIENT = '44444444-4444-4444-8444-444444444444';
    const INVOICE = '55555555-5555-4555-8555-555555555555';
    const QUOTE = '66666666-6666-4666-8666-666666666666';

    it('is none without compose=new', () => {
      expect(composeRequestOf(new URLSearchParams(`clientId=${CLIENT}`))).toBeNull();
      expect(composeRequestOf(new URLSearchParams('compose=reply'))).toBeNull();
    });

    it('round-trips a client with an invoice, and a quote', () => {
      const href = composeHref({
        recipient: 'anna@rossi.example',
        clientId: CLIENT,
        document: { kind: 'invoice', id: INVOICE },
      });
      expect(href).toBe(
        `/email?compose=new&recipient=anna%40rossi.example&clientId=${CLIENT}&invoiceId=${INVOICE}`,
      );
      expect(composeRequestOf(new URL(href, 'http://x').searchParams)).toEqual({
        recipient: 'anna@rossi.example',
        clientId: CLIENT,
        document: { kind: 'invoice', id: INVOICE },
      });
      const quote = composeHref({ clientId: CLIENT, document: { kind: 'quote', id: QUOTE } });
      expect(composeRequestOf(new URL(quote, 'http://x').searchParams)).toEqual({
        recipient: '',
        clientId: CLIENT,
        document: { kind: 'quote', id: QUOTE },
      });
      expect(composeHref({})).toBe('/email?compose=new');
    });

    it('drops what a link cannot carry: bad ids and addresses', () => {
      const request = composeRequestOf(
        new URLSearchParams('compose=new&recipient=not an address&clientId=1&invoiceId=x&quoteId=y'),
      );
      expect(request).toEqual({ recipient: '', clientId: null, document: null });
      const long = `${'a'.repeat(320)}@x.it`;
      expect(composeRequestOf(new URLSearchParams({ compose: 'new', recipient: long }))?.recipient).toBe('');
    });

    it('is not read as the mailbox state, and is taken out of the URL leaving that state', () => {
      const params = new URLSearchParams(
        `folder=${FOLDER}&q=fattura&compose=new&recipient=a%40b.it&clientId=${CLIENT}&invoiceId=${INVOICE}`,
      );
      const state = stateFromParams(params);
      expect(state).toMatchObject({ folderId: FOLDER, q: 'fattura', to: '', from: '' });
      expect(withoutCompose(params).toString()).toBe(`folder=${FOLDER}&q=fattura`);
      expect(stateFromParams(withoutCompose(params))).toEqual(state);
    });
  });
});
