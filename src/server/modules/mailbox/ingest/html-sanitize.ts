import sanitizeHtml from 'sanitize-html';

/**
 * The server-side allow-list for mail HTML (issue 15). What survives is formatting only: no script, style sheet,
 * form, frame, object, embed, meta, base or link; no on* handler; links only to http(s), mailto and tel, opened in a
 * new tab without an opener; images only as data: rasters, as cid: parts of the message (rewritten to the
 * attachment route) or, for remote images, blocked: the address moves to data-remote-src until the user allows it.
 * Inline styles keep a list of harmless properties with values that cannot load, escape or position anything.
 * The web shows the result in a sandboxed iframe without scripts as a second wall.
 */

const ALLOWED_TAGS = [
  'a', 'abbr', 'acronym', 'address', 'article', 'aside', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption',
  'center', 'cite', 'code', 'col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em',
  'figcaption', 'figure', 'font', 'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'img', 'ins',
  'kbd', 'li', 'main', 'mark', 'nav', 'ol', 'p', 'pre', 'q', 's', 'samp', 'section', 'small', 'span', 'strike',
  'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul',
  'var', 'wbr',
]; // prettier-ignore

const COMMON_ATTRIBUTES = ['style', 'class', 'dir', 'lang', 'title', 'align', 'valign', 'width', 'height'];
const TABLE_ATTRIBUTES = ['bgcolor', 'border', 'cellpadding', 'cellspacing', 'colspan', 'rowspan', 'nowrap'];

/** A value that loads nothing, runs nothing and escapes nothing: no url(), expression(), escapes or comments. */
const SAFE_VALUE =
  /^(?!.*(?:url\s*\(|expression|javascript|vbscript|behaviou?r|binding|@import|\\|\/\*|<|>))[^;{}]*$/i;
const STYLE_PROPERTIES = [
  'background-color', 'border', 'border-bottom', 'border-bottom-color', 'border-bottom-style',
  'border-bottom-width', 'border-collapse', 'border-color', 'border-left', 'border-left-color', 'border-left-style',
  'border-left-width', 'border-radius', 'border-right', 'border-right-color', 'border-right-style',
  'border-right-width', 'border-spacing', 'border-style', 'border-top', 'border-top-color', 'border-top-style',
  'border-top-width', 'border-width', 'clear', 'color', 'direction', 'display', 'float', 'font', 'font-family',
  'font-size', 'font-style', 'font-variant', 'font-weight', 'height', 'letter-spacing', 'line-height',
  'list-style-type', 'margin', 'margin-bottom', 'margin-left', 'margin-right', 'margin-top', 'max-height',
  'max-width', 'min-height', 'min-width', 'overflow', 'padding', 'padding-bottom', 'padding-left',
  'padding-right', 'padding-top', 'table-layout', 'text-align', 'text-decoration', 'text-indent',
  'text-transform', 'vertical-align', 'white-space', 'width', 'word-break', 'word-spacing', 'word-wrap',
]; // prettier-ignore
const allowedStyles = Object.fromEntries([
  ...STYLE_PROPERTIES.map((p) => [p, [SAFE_VALUE]]),
  // Only the flow positions: fixed or absolute content could cover the app around the frame.
  ['position', [/^(static|relative)$/i]],
]);

const DATA_IMAGE = /^data:image\/(png|gif|jpe?g|webp|bmp);base64,[a-z0-9+/=\s]+$/i;

export type SanitizeOptions = {
  /** The attachment of a cid: reference (Content-ID without the angle brackets), or null when there is none. */
  cidUrl?: (contentId: string) => string | null;
};

export type SanitizedHtml = { html: string; hasRemoteImages: boolean; links: string[] };

export function sanitizeMailHtml(input: string, options: SanitizeOptions = {}): SanitizedHtml {
  let hasRemoteImages = false;
  const links: string[] = [];
  const html = sanitizeHtml(input, {
    allowedTags: ALLOWED_TAGS,
    // The content of these is never text to show (scripts, styles, a form's controls, the page title).
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'xmp'],
    allowedAttributes: {
      '*': COMMON_ATTRIBUTES,
      a: ['href', 'name', 'target', 'rel'],
      img: ['src', 'alt', 'data-remote-src', 'border', 'hspace', 'vspace'],
      font: ['color', 'face', 'size'],
      table: TABLE_ATTRIBUTES,
      td: TABLE_ATTRIBUTES,
      th: TABLE_ATTRIBUTES,
      tr: ['bgcolor'],
      col: ['span'],
      colgroup: ['span'],
      ol: ['start', 'type'],
      li: ['value'],
      time: ['datetime'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['data'] },
    allowProtocolRelative: false,
    allowedStyles: { '*': allowedStyles },
    allowedClasses: { '*': [/^[\w-]{1,64}$/] },
    transformTags: {
      a: (tagName, attribs) => {
        const href = (attribs.href ?? '').trim();
        if (href) links.push(href);
        const out: Record<string, string> = { ...attribs };
        delete out.target;
        delete out.rel;
        if (href && !href.startsWith('#')) {
          out.target = '_blank';
          out.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const src = (attribs.src ?? '').trim();
        const out: Record<string, string> = { ...attribs };
        delete out.src;
        delete out['data-remote-src'];
        if (/^cid:/i.test(src)) {
          const url = options.cidUrl?.(decodeURIComponent(src.slice(4)).replace(/^<|>$/g, ''));
          if (url) out.src = url;
        } else if (/^https?:\/\//i.test(src) || src.startsWith('//')) {
          hasRemoteImages = true;
          out['data-remote-src'] = src;
        } else if (DATA_IMAGE.test(src)) {
          out.src = src;
        }
        return { tagName, attribs: out };
      },
    },
    // The cid: rewrite gives a path of the app: it is our own URL, not a scheme to filter.
    exclusiveFilter: () => false,
  });
  return { html, hasRemoteImages, links };
}
