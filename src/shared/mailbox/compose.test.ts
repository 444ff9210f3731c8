import { describe, expect, it } from 'vitest';
import { composeIssues, recipientAddress } from './compose.ts';

const valid = { to: ['Mario <mario@rossi.it>'], subject: 'Preventivo', html: '<p>Eccolo</p>' };

describe('spec §5: sending an email', () => {
  it('accepts a message with a recipient, a subject and content', () => {
    expect(composeIssues(valid)).toEqual([]);
    expect(composeIssues({ ...valid, html: null, text: 'Solo testo' })).toEqual([]);
    expect(composeIssues({ ...valid, html: '<p><img src="cid:x"></p>' })).toEqual([]);
  });

  it('lists every missing part, in the spec’s order', () => {
    expect(composeIssues({ to: [' '], subject: '  ', html: '<p>&nbsp;</p><br>', text: ' ' })).toEqual([
      { path: 'to', message: 'compose.recipientRequired' },
      { path: 'subject', message: 'compose.subjectRequired' },
      { path: 'content', message: 'compose.contentRequired' },
    ]);
  });

  it('refuses an address with spaces or without a domain, in To, Cc or Bcc', () => {
    expect(composeIssues({ ...valid, to: ['mario rossi@x.it'] })).toEqual([
      { path: 'to', message: 'compose.recipientInvalid' },
    ]);
    expect(composeIssues({ ...valid, cc: ['nobody'], bcc: ['ok@x.it'] })).toEqual([
      { path: 'cc', message: 'compose.recipientInvalid' },
    ]);
  });

  it('caps the recipients at 500 in all', () => {
    const many = Array.from({ length: 501 }, (_, i) => `r${i}@x.it`);
    expect(composeIssues({ ...valid, to: many })).toEqual([
      { path: 'to', message: 'compose.tooManyRecipients?max=500' },
    ]);
  });

  it('reads the address inside a display name', () => {
    expect(recipientAddress('"Rossi, Mario" <mario@rossi.it> ')).toBe('mario@rossi.it');
    expect(recipientAddress(' anna@x.it ')).toBe('anna@x.it');
  });
});
