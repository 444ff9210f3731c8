import { describe, expect, it } from 'vitest';
import type { TSdiState, TSdiTransmission } from '@shared/invoicing/sdi.ts';
import { hasKey, loadNamespaces } from '../../../../../test/helpers/locales.ts';
import {
  SDI_TEXT_KEYS,
  isAwaitingSdi,
  notificationLabelKey,
  notificationTone,
  sdiErrorKey,
  sdiPhase,
  sdiRefetchInterval,
} from './sdi-texts.ts';

const transmission = (over: Partial<TSdiTransmission> = {}): TSdiTransmission => ({
  id: 't1',
  fileName: 'IT01234567890_00001.xml',
  sentTo: 'sdi01@pec.fatturapa.it',
  accountAddress: 'ufficio@pec.example.it',
  status: 'pending',
  sdiIdentifier: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  sentAt: null,
  delivery: { outboxId: 'o1', status: 'queued', errorCode: null, lastError: null, sendAt: null },
  notifications: [],
  ...over,
});
const delivery = (status: NonNullable<TSdiTransmission['delivery']>['status']) => ({
  outboxId: 'o1',
  status,
  errorCode: null,
  lastError: null,
});
const state = (...transmissions: TSdiTransmission[]): TSdiState => ({
  transmissions,
  pecAccounts: [],
  sendTo: 'sdi01@pec.fatturapa.it',
  canSend: false,
});

describe('sdiPhase', () => {
  it('is none before any file was sent', () => {
    expect(sdiPhase(undefined)).toBe('none');
  });

  it("lets the PEC message's delivery decide while the SDI has not answered", () => {
    expect(sdiPhase(transmission({ delivery: delivery('queued') }))).toBe('sending');
    expect(sdiPhase(transmission({ delivery: delivery('sending') }))).toBe('sending');
    expect(sdiPhase(transmission({ delivery: delivery('scheduled') }))).toBe('sending');
    expect(sdiPhase(transmission({ delivery: delivery('sent') }))).toBe('sent');
    expect(sdiPhase(transmission({ delivery: delivery('failed') }))).toBe('failed');
    expect(sdiPhase(transmission({ delivery: null }))).toBe('withdrawn');
    expect(sdiPhase(transmission({ delivery: null, sentAt: '2026-03-02T09:00:05.000Z' }))).toBe('sent');
  });

  it("follows the SDI's answer once there is one, whatever the message's state", () => {
    expect(sdiPhase(transmission({ status: 'delivered', delivery: delivery('sent') }))).toBe('delivered');
    expect(sdiPhase(transmission({ status: 'rejected', delivery: null }))).toBe('rejected');
    expect(sdiPhase(transmission({ status: 'not_delivered' }))).toBe('not_delivered');
    expect(sdiPhase(transmission({ status: 'attested' }))).toBe('attested');
  });
});

describe('sdiRefetchInterval', () => {
  it('looks again often while the message leaves, every 15 s while the answer is awaited', () => {
    expect(sdiRefetchInterval(state(transmission({ delivery: delivery('sending') })))).toBe(3_000);
    expect(sdiRefetchInterval(state(transmission({ delivery: delivery('sent') })))).toBe(15_000);
    expect(sdiRefetchInterval(state(transmission({ delivery: delivery('failed') })))).toBe(15_000);
  });

  it('does not look again once answered, or before anything was sent', () => {
    expect(sdiRefetchInterval(undefined)).toBe(false);
    expect(sdiRefetchInterval(state())).toBe(false);
    expect(sdiRefetchInterval(state(transmission({ status: 'delivered' })))).toBe(false);
    // Only the latest file counts: an older pending one is history.
    expect(sdiRefetchInterval(state(transmission({ status: 'rejected' }), transmission({ id: 't0' })))).toBe(
      false,
    );
    expect(isAwaitingSdi(state(transmission({ status: 'rejected' })))).toBe(false);
  });
});

describe('notifications', () => {
  it('name the outcome of an NE', () => {
    expect(notificationLabelKey({ type: 'RC', outcome: null })).toBe('invoices:sdi.notification.RC');
    expect(notificationLabelKey({ type: 'NE', outcome: 'EC01' })).toBe('invoices:sdi.notification.NE_EC01');
    expect(notificationLabelKey({ type: 'NE', outcome: 'EC02' })).toBe('invoices:sdi.notification.NE_EC02');
    expect(notificationLabelKey({ type: 'NE', outcome: null })).toBe('invoices:sdi.notification.NE');
  });

  it('are red when something went wrong, green when it went well', () => {
    expect(notificationTone({ type: 'NS', outcome: null })).toBe('danger');
    expect(notificationTone({ type: 'NE', outcome: 'EC02' })).toBe('danger');
    expect(notificationTone({ type: 'RC', outcome: null })).toBe('success');
    expect(notificationTone({ type: 'MC', outcome: null })).toBe('warning');
  });
});

describe('sdiErrorKey', () => {
  it('explains the common SDI error codes', () => {
    for (const code of ['00200', '00305', '00306', '00404', '00100', '00002']) {
      expect(sdiErrorKey(code)).toBe(`invoices:sdi.errorCodes.${code}`);
    }
    expect(sdiErrorKey(' 00200 ')).toBe('invoices:sdi.errorCodes.00200');
  });

  it("leaves the others to the SDI's own description", () => {
    expect(sdiErrorKey('00433')).toBeNull();
    expect(sdiErrorKey('constructor')).toBeNull();
    expect(sdiErrorKey('')).toBeNull();
  });
});

describe('the texts', () => {
  it('exist in Italian and English', () => {
    const it_ = loadNamespaces('it', ['invoices']);
    const en = loadNamespaces('en', ['invoices']);
    const missing = SDI_TEXT_KEYS.filter((key) => !hasKey(it_, key) || !hasKey(en, key));
    expect(missing).toEqual([]);
    expect(SDI_TEXT_KEYS.length).toBeGreaterThan(30);
  });
});
