import { escapeHtml } from '@shared/text/escape-html.ts';

/**
 * The document of a message's sandboxed frame (issue 15). The HTML comes sanitized by the server (allow-list,
 * remote images moved to REMOTE_IMAGE_ATTRIBUTE); here it gets a Content-Security-Policy that forbids everything
 * but inline styles and images from data: URLs and our own origin (cid: attachments are served by the app), a
 * base target so links open in a new tab, and no referrer. Remote images come back only when the user asks for
 * them for this message, and then the policy lets http(s) images in too. The frame itself has no scripts and no
 * same-origin access (see message-body.tsx), so this is a second wall, not the only one.
 */
export const REMOTE_IMAGE_ATTRIBUTE = 'data-remote-src';

export const FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export function framePolicy(origin: string, showImages: boolean): string {
  const images = ['data:', origin, ...(showImages ? ['https:', 'http:'] : [])].join(' ');
  return `default-src 'none'; img-src ${images}; style-src 'unsafe-inline'`;
}

const IMG_TAG = /<img\b[^>]*>/gi;
const REMOTE = new RegExp(`\\s${REMOTE_IMAGE_ATTRIBUTE}\\s*=`, 'i');
const SRC_ATTRIBUTE = /\ssrc\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/i;

/** Puts the blocked remote images back (their placeholder src, if any, goes). */
export function withRemoteImages(html: string): string {
  return html.replace(IMG_TAG, (tag) => {
    if (!REMOTE.test(tag)) return tag;
    return tag.replace(SRC_ATTRIBUTE, '').replace(REMOTE, ' src=');
  });
}

const FRAME_STYLE = [
  'html{color-scheme:light}',
  'body{margin:0;padding:16px;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;',
  'color:#1f2937;background:#fff;overflow-wrap:anywhere}',
  'img{max-width:100%;height:auto}',
  'table{max-width:100%}',
  'pre{white-space:pre-wrap}',
  'a{color:#1d4ed8}',
].join('');

export function frameDocument(html: string, options: { origin: string; showImages: boolean; title: string }) {
  const body = options.showImages ? withRemoteImages(html) : html;
  return (
    '<!doctype html><html><head>' +
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(framePolicy(options.origin, options.showImages))}">` +
    '<meta charset="utf-8"><meta name="referrer" content="no-referrer">' +
    `<title>${escapeHtml(options.title)}</title>` +
    `<base target="_blank"><style>${FRAME_STYLE}</style>` +
    `</head><body>${body}</body></html>`
  );
}

/** The app's address of an inline (cid:) attachment, as the server's sanitizer writes it into the HTML. */
const INLINE_ATTACHMENT = /\/api\/v1\/mail\/attachments\/([0-9a-f-]{36})\?inline=1/g;

/** The ids of the inline attachments a message's HTML shows. */
export function inlineAttachmentIds(html: string): string[] {
  return [...new Set([...html.matchAll(INLINE_ATTACHMENT)].map((m) => m[1]!))];
}

/**
 * The frame has no origin of its own, so the browser sends it no cookies and the app's attachment address would
 * answer 401 there: the page fetches the images (with the session) and the HTML gets them as data: URLs.
 */
export function withInlineImages(html: string, dataUrls: Record<string, string>): string {
  return html.replace(INLINE_ATTACHMENT, (whole, id: string) => dataUrls[id] ?? whole);
}
