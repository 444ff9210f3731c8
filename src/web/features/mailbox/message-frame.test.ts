import { describe, expect, it } from 'vitest';
import {
  FRAME_SANDBOX,
  frameDocument,
  framePolicy,
  inlineAttachmentIds,
  withInlineImages,
  withRemoteImages,
} from './message-frame.ts';

describe('the message frame', () => {
  it('never lets scripts or same-origin access into the sandbox', () => {
    expect(FRAME_SANDBOX).not.toContain('allow-scripts');
    expect(FRAME_SANDBOX).not.toContain('allow-same-origin');
    expect(FRAME_SANDBOX).toContain('allow-popups-to-escape-sandbox');
  });

  it('allows only inline styles and data: or own-origin images until remote images are asked for', () => {
    expect(framePolicy('https://app.example', false)).toBe(
      "default-src 'none'; img-src data: https://app.example; style-src 'unsafe-inline'",
    );
    expect(framePolicy('https://app.example', true)).toContain(
      'img-src data: https://app.example https: http:',
    );
  });

  it('puts the policy first, links in a new tab and the title escaped', () => {
    const doc = frameDocument('<p>Ciao</p>', {
      origin: 'http://127.0.0.1:3000',
      showImages: false,
      title: '<script>x</script>',
    });
    expect(doc.indexOf('Content-Security-Policy')).toBeLessThan(doc.indexOf('<p>Ciao</p>'));
    expect(doc).toContain('<base target="_blank">');
    expect(doc).not.toContain('<script>');
    expect(doc).toContain('&lt;script&gt;');
  });

  it('keeps remote images blocked unless asked, then swaps their source back', () => {
    const html =
      '<p>logo</p><img alt="logo" src="" data-remote-src="https://tracker.example/p.png"><img src="cid">';
    expect(frameDocument(html, { origin: 'o', showImages: false, title: '' })).toContain(
      'data-remote-src="https://tracker.example/p.png"',
    );
    expect(withRemoteImages(html)).toBe(
      '<p>logo</p><img alt="logo" src="https://tracker.example/p.png"><img src="cid">',
    );
  });
});

describe('inline (cid:) images', () => {
  const a = '0b7f1c2e-1111-4a4a-9b9b-000000000001';
  const b = '0b7f1c2e-1111-4a4a-9b9b-000000000002';
  const html = `<img src="/api/v1/mail/attachments/${a}?inline=1"><img src="/api/v1/mail/attachments/${b}?inline=1"><img src="/api/v1/mail/attachments/${a}?inline=1">`;

  it('lists each inline attachment once', () => {
    expect(inlineAttachmentIds(html)).toEqual([a, b]);
    expect(inlineAttachmentIds('<p>no images</p>')).toEqual([]);
  });

  it('swaps the fetched ones for data: URLs and leaves the others', () => {
    const out = withInlineImages(html, { [a]: 'data:image/png;base64,AAAA' });
    expect(out.match(/data:image\/png;base64,AAAA/g)).toHaveLength(2);
    expect(out).toContain(`/api/v1/mail/attachments/${b}?inline=1`);
  });
});
