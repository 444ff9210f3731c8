import { describe, expect, it } from 'vitest';
import { sanitizeMailHtml } from './html-sanitize.ts';

const clean = (html: string, cidUrl?: (cid: string) => string | null) => sanitizeMailHtml(html, { cidUrl });

describe('sanitizeMailHtml against hostile HTML', () => {
  it('drops scripts, their text and every on* handler', () => {
    const { html } = clean(
      '<p onclick="steal()">Hi<script>window.pwned=1</script></p><img src=x onerror=alert(1)><body onload=x()>' +
        '<svg onload="alert(1)"><script>alert(2)</script></svg><div onmouseover="x()">ok</div>',
    );
    expect(html).not.toMatch(/script|onerror|onload|onclick|onmouseover|alert|pwned|steal/i);
    expect(html).toContain('Hi');
    expect(html).toContain('<div>ok</div>');
  });

  it('removes javascript:, vbscript: and data: links, also obfuscated, and opens the others in a new tab', () => {
    const { html, links } = clean(
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a>' +
        '<a href="jav&#x09;ascript:alert(1)">c</a><a href="vbscript:msgbox">d</a>' +
        '<a href="data:text/html;base64,PHNjcmlwdD4=">e</a><a href="https://example.com/x" target="_self">ok</a>',
    );
    expect(html).not.toMatch(/javascript|vbscript|data:/i);
    expect(html).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ok</a>',
    );
    expect(links).toContain('https://example.com/x');
  });

  it('drops forms, frames, objects, embeds, meta, base, link and style sheets', () => {
    const { html } = clean(
      '<form action="https://evil.example/"><input name="password"><button>Go</button><textarea>t</textarea>' +
        '<select><option>o</option></select></form><iframe src="https://evil.example"></iframe>' +
        '<object data="x.swf"></object><embed src="x.swf"><meta http-equiv="refresh" content="0;url=https://evil">' +
        '<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/s.css">' +
        '<style>body{display:none}</style><p>kept</p>',
    );
    expect(html).not.toMatch(
      /<(form|input|button|textarea|select|option|iframe|object|embed|meta|base|link|style)/i,
    );
    expect(html).not.toMatch(/display:none|evil/);
    expect(html).toContain('<p>kept</p>');
  });

  it('keeps safe inline styles and removes positioning, url(), expressions and CSS escapes', () => {
    const { html } = clean(
      '<div style="color: red; position: fixed; top: 0; background-image: url(https://t.example/p.gif)">a</div>' +
        '<div style="width: expression(alert(1)); font-weight: bold">b</div>' +
        '<div style="posit\\69 on: absolute; color: \\72 ed; background-color: #fff">c</div>' +
        '<div style="position: absolute; z-index: 99999">d</div><div style="position: relative">e</div>',
    );
    expect(html).toContain('color:red');
    expect(html).toContain('font-weight:bold');
    expect(html).toContain('background-color:#fff');
    expect(html).toContain('position:relative');
    expect(html).not.toMatch(/fixed|absolute|url\(|expression|\\|z-index|top:0/i);
  });

  it('blocks remote images, keeps data: rasters and rewrites cid: images to the attachment route', () => {
    const result = clean(
      '<img src="https://tracker.example/p.gif" alt="t"><img src="data:image/png;base64,iVBORw0KGgo=">' +
        '<img src="data:image/svg+xml;base64,PHN2Zz4="><img src="cid:logo@x">',
      (cid) => (cid === 'logo@x' ? '/api/v1/mail/attachments/abc?inline=1' : null),
    );
    expect(result.hasRemoteImages).toBe(true);
    expect(result.html).toContain('data-remote-src="https://tracker.example/p.gif"');
    expect(result.html).not.toMatch(/ src="https:\/\/tracker/);
    expect(result.html).toContain('src="data:image/png;base64,iVBORw0KGgo="');
    expect(result.html).not.toContain('svg+xml');
    expect(result.html).toContain('src="/api/v1/mail/attachments/abc?inline=1"');
  });

  it('says there are no remote images when there are none', () => {
    expect(clean('<p>plain</p>').hasRemoteImages).toBe(false);
  });
});
