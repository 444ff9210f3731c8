import { describe, expect, it } from 'vitest';
import type { TMessage } from '@shared/mailbox/contracts.ts';
import {
  draftBody,
  draftFrom,
  draftFromServer,
  emptyDraft,
  parseRecipients,
  prefixedSubject,
  recipientText,
  typedRecipient,
  withChosenRecipient,
} from './compose-draft.ts';

const message = (over: Partial<TMessage> = {}): TMessage =>
  ({
    id: 'm1',
    subject: 'Preventivo',
    from: { name: 'Mario Rossi', address: 'mario@rossi.it' },
    to: [
      { name: null, address: 'me@example.it' },
      { name: 'Luca', address: 'luca@rossi.it' },
    ],
    cc: [{ name: null, address: 'ufficio@rossi.it' }],
    replyTo: [],
    html: null,
    text: 'Ci mandate <il> preventivo?\nGrazie',
    attachments: [
      {
        id: 'a1',
        filename: 'listino.pdf',
        contentType: 'application/pdf',
        size: 1200,
        isInline: false,
        contentId: null,
      },
      {
        id: 'a2',
        filename: 'logo.png',
        contentType: 'image/png',
        size: 300,
        isInline: true,
        contentId: 'logo',
      },
    ],
    ...over,
  }) as TMessage;

const options = { accountId: 'a1', ownAddresses: ['ME@example.it'], intro: 'Mario wrote:' };

describe('the composer’s drafts', () => {
  it('splits recipients on commas and semicolons, keeping a quoted name whole', () => {
    expect(parseRecipients(' a@x.it, "Rossi, Mario" <m@y.it>; b@z.it ,, ')).toEqual([
      'a@x.it',
      '"Rossi, Mario" <m@y.it>',
      'b@z.it',
    ]);
    expect(parseRecipients('   ')).toEqual([]);
  });

  it('prefixes the subject once, Italian prefixes included', () => {
    expect(prefixedSubject('Preventivo', 'Re')).toBe('Re: Preventivo');
    expect(prefixedSubject('R: Preventivo', 'Re')).toBe('R: Preventivo');
    expect(prefixedSubject('re:Preventivo', 'Re')).toBe('re:Preventivo');
    expect(prefixedSubject('I: Fattura', 'Fwd')).toBe('I: Fattura');
    expect(prefixedSubject('Fattura', 'Fwd')).toBe('Fwd: Fattura');
  });

  it('replies to the sender, or to Reply-To, and quotes the original text escaped', () => {
    const reply = draftFrom(message(), 'reply', options);
    expect(reply).toMatchObject({
      to: 'Mario Rossi <mario@rossi.it>',
      cc: '',
      subject: 'Re: Preventivo',
      inReplyToId: 'm1',
    });
    expect(reply.html).toContain(
      '<blockquote><p>Ci mandate &lt;il&gt; preventivo?<br>Grazie</p></blockquote>',
    );
    const viaReplyTo = draftFrom(
      message({ replyTo: [{ name: null, address: 'ordini@rossi.it' }] }),
      'reply',
      options,
    );
    expect(viaReplyTo.to).toBe('ordini@rossi.it');
  });

  it('reply to all puts the other recipients in Cc, without the user’s own address or duplicates', () => {
    const all = draftFrom(
      message({
        cc: [
          { name: null, address: 'ufficio@rossi.it' },
          { name: null, address: 'mario@rossi.it' },
        ],
      }),
      'replyAll',
      options,
    );
    expect(all.to).toBe('Mario Rossi <mario@rossi.it>');
    expect(all.cc).toBe('Luca <luca@rossi.it>, ufficio@rossi.it');
  });

  it('a reply to one’s own sent message goes to its recipients', () => {
    const sent = message({
      from: { name: 'Me', address: 'me@example.it' },
      to: [{ name: null, address: 'cliente@x.it' }],
      cc: [],
    });
    expect(draftFrom(sent, 'reply', options).to).toBe('cliente@x.it');
  });

  it('a forward has no recipient and is not a reply; the signature comes before the quote', () => {
    const forward = draftFrom(message(), 'forward', { ...options, signatureHtml: '<p>Anna</p>' });
    expect(forward).toMatchObject({ to: '', subject: 'Fwd: Preventivo', inReplyToId: null });
    // The original's files go along, not the images inside its HTML.
    expect(forward.attachments).toEqual([
      { forwardId: 'a1', filename: 'listino.pdf', contentType: 'application/pdf', size: 1200 },
    ]);
    expect(draftFrom(message(), 'reply', options).attachments).toEqual([]);
    expect(forward.html.indexOf('<p>Anna</p>')).toBeLessThan(forward.html.indexOf('<blockquote>'));
  });

  it('a new message has the account’s signature under the place to write, or nothing', () => {
    expect(emptyDraft('a1', '<p>Anna Bianchi</p>').html).toBe('<p></p><p></p><p>Anna Bianchi</p>');
    expect(emptyDraft(null).html).toBe('');
  });
});

describe('recipient suggestions in a recipients field', () => {
  it('takes the recipient being typed after the last separator outside quotes', () => {
    expect(typedRecipient('a@x.it, mar')).toBe('mar');
    expect(typedRecipient('"Rossi, Mario" <m@y.it>; bia')).toBe('bia');
    expect(typedRecipient('"Rossi, Ma')).toBe('"Rossi, Ma');
    expect(typedRecipient('a@x.it, ')).toBe('');
  });

  it('writes the chosen one in place of what was typed, ready for the next', () => {
    expect(withChosenRecipient('a@x.it, mar', 'Mario <m@y.it>')).toBe('a@x.it, Mario <m@y.it>, ');
    expect(withChosenRecipient('mar', 'Mario <m@y.it>')).toBe('Mario <m@y.it>, ');
    const field = withChosenRecipient(
      'a@x.it; bi',
      recipientText({ name: 'Bianchi, Studio', address: 'b@z.it' }),
    );
    expect(parseRecipients(field)).toEqual(['a@x.it', '"Bianchi, Studio" <b@z.it>']);
  });

  it('quotes a name holding a separator, and leaves an address alone', () => {
    expect(recipientText({ name: 'Mario Rossi', address: 'm@y.it' })).toBe('Mario Rossi <m@y.it>');
    expect(recipientText({ name: 'Rossi, Mario', address: 'm@y.it' })).toBe('"Rossi, Mario" <m@y.it>');
    expect(recipientText({ name: null, address: 'm@y.it' })).toBe('m@y.it');
  });
});

describe('a draft kept on the server (issue 16)', () => {
  const doc = {
    kind: 'invoice' as const,
    id: '00000000-0000-4000-8000-000000000001',
    format: 'pdf' as const,
  };
  const upload = '00000000-0000-4000-8000-000000000002';
  const forward = '00000000-0000-4000-8000-000000000003';

  it('is saved as typed, with its ready files by kind', () => {
    const values = { ...emptyDraft('acc'), to: 'mario rossi, ', subject: 'Bozza', html: '<p>x</p>' };
    expect(
      draftBody(values, [
        { filename: 'a.pdf', contentType: 'application/pdf', size: 10, uploadId: upload },
        { filename: 'Fattura 1.pdf', contentType: 'application/pdf', size: 0, document: doc },
        { filename: 'b.png', contentType: 'image/png', size: 5, forwardId: forward },
      ]),
    ).toEqual({
      accountId: 'acc',
      inReplyToId: null,
      to: 'mario rossi, ',
      cc: '',
      bcc: '',
      subject: 'Bozza',
      html: '<p>x</p>',
      attachments: [{ uploadId: upload, filename: 'a.pdf', contentType: 'application/pdf', size: 10 }],
      documents: [{ ...doc, filename: 'Fattura 1.pdf' }],
      forwardAttachmentIds: [forward],
      confidential: false,
    });
  });

  it('opens in the composer as it was saved, with its id and revision', () => {
    const draft = draftFromServer({
      id: '00000000-0000-4000-8000-00000000000a',
      accountId: null,
      inReplyToId: null,
      to: 'a@x.it',
      cc: '',
      bcc: '',
      subject: 'S',
      html: '<p>h</p>',
      confidential: false,
      attachments: [{ uploadId: upload, filename: 'a.pdf', contentType: 'application/pdf', size: 10 }],
      documents: [{ ...doc, filename: 'Fattura 1.pdf' }],
      forwards: [{ id: forward, filename: 'b.png', contentType: 'image/png', size: 5 }],
      revision: 3,
      messageId: null,
      updatedAt: '2026-01-05T10:00:00.000Z',
    });
    expect(draft.draftId).toBe('00000000-0000-4000-8000-00000000000a');
    expect(draft.serverRevision).toBe(3);
    expect(draft.attachments.map((a) => a.filename)).toEqual(['b.png', 'a.pdf', 'Fattura 1.pdf']);
    expect(draft.attachments[2]!.document).toEqual(doc);
    expect(draftBody(draft, draft.attachments).documents).toEqual([{ ...doc, filename: 'Fattura 1.pdf' }]);
  });
});
