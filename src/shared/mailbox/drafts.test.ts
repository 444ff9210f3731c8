import { describe, expect, it } from 'vitest';
import { DRAFT_MAX, parseRecipients, sameDraftContent, ZDraftContent, ZDraftInput } from './drafts.ts';

describe('a draft kept on the server (issue 16)', () => {
  it('is not checked as a send: an empty draft is fine', () => {
    const empty = ZDraftInput.parse({});
    expect(empty).toEqual({
      accountId: null,
      inReplyToId: null,
      revision: 0,
      to: '',
      cc: '',
      bcc: '',
      subject: '',
      html: '',
      attachments: [],
      documents: [],
      forwardAttachmentIds: [],
      confidential: false,
    });
    // Recipients are kept as typed, even half-written.
    expect(ZDraftInput.parse({ to: 'mario rossi, ' }).to).toBe('mario rossi, ');
  });

  it('is bounded in size', () => {
    expect(ZDraftInput.safeParse({ html: 'x'.repeat(DRAFT_MAX.html + 1) }).success).toBe(false);
    expect(ZDraftInput.safeParse({ to: 'x'.repeat(DRAFT_MAX.recipients + 1) }).success).toBe(false);
    expect(ZDraftInput.safeParse({ subject: 'x'.repeat(DRAFT_MAX.subject + 1) }).success).toBe(false);
    expect(ZDraftInput.safeParse({ revision: -1 }).success).toBe(false);
    expect(
      ZDraftInput.safeParse({
        attachments: [{ uploadId: 'not-an-id', filename: 'a.pdf', contentType: 'application/pdf', size: 1 }],
      }).success,
    ).toBe(false);
  });

  it('tells a repeated save from a different one', () => {
    const a = ZDraftContent.parse({ to: 'a@x.it', subject: 'Ciao', html: '<p>x</p>' });
    expect(sameDraftContent(a, ZDraftContent.parse({ ...a }))).toBe(true);
    expect(sameDraftContent(a, { ...a, html: '<p>y</p>' })).toBe(false);
    expect(
      sameDraftContent(a, { ...a, forwardAttachmentIds: ['00000000-0000-4000-8000-000000000000'] }),
    ).toBe(false);
  });

  it('splits the recipients as typed, quoted names kept whole', () => {
    expect(parseRecipients('a@x.it, "Rossi, Mario" <m@y.it>; b@z.it\n')).toEqual([
      'a@x.it',
      '"Rossi, Mario" <m@y.it>',
      'b@z.it',
    ]);
  });
});
