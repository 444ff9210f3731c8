/**
 * What an uploaded file is, from its name and its first bytes (issue 17). A file whose content does not match its
 * extension is refused (FILE_TYPE_MISMATCH); a file of a type we do not read (office documents, zip, …) is stored
 * without text. Only the first bytes are looked at, so a stream is checked while it is being stored.
 */

export type FileKind =
  'pdf' | 'jpeg' | 'png' | 'webp' | 'heic' | 'tiff' | 'xml' | 'p7m' | 'office' | 'zip' | 'text' | 'other';

/** How many leading bytes `sniff` needs. */
export const SNIFF_BYTES = 64;

const KIND_OF_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  heif: 'heic',
  tif: 'tiff',
  tiff: 'tiff',
  xml: 'xml',
  p7m: 'p7m',
  docx: 'office',
  xlsx: 'office',
  pptx: 'office',
  odt: 'office',
  ods: 'office',
  odp: 'office',
  zip: 'zip',
  txt: 'text',
  csv: 'text',
};

export const MIME_OF_KIND: Record<FileKind, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  tiff: 'image/tiff',
  xml: 'application/xml',
  p7m: 'application/pkcs7-mime',
  office: 'application/octet-stream',
  zip: 'application/zip',
  text: 'text/plain',
  other: 'application/octet-stream',
};

/** Kinds whose text the reader extracts (the PDF text layer, OCR of images, the e-invoice's XML). */
export const READABLE_KINDS: ReadonlySet<FileKind> = new Set([
  'pdf',
  'jpeg',
  'png',
  'webp',
  'heic',
  'tiff',
  'xml',
  'p7m',
  'text',
]);

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export function kindOfName(fileName: string): FileKind {
  return KIND_OF_EXTENSION[extensionOf(fileName)] ?? 'other';
}

const startsWith = (head: Buffer, bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

/** Whether the first bytes of a file are what its kind promises. */
export function contentMatches(kind: FileKind, head: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      // The header may follow a little junk (some scanners), within the first bytes.
      return head.subarray(0, SNIFF_BYTES).includes('%PDF-');
    case 'jpeg':
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'webp':
      return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP';
    case 'heic':
      return (
        ascii(head, 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|mif1|msf1|heim|heis)$/.test(ascii(head, 8, 12))
      );
    case 'tiff':
      return startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a]);
    case 'xml': {
      const text = head
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart();
      return text.startsWith('<');
    }
    case 'p7m':
      // DER (a SEQUENCE) or the same in base64, as some senders write it.
      return head[0] === 0x30 || /^[A-Za-z0-9+/=\r\n-]+$/.test(ascii(head, 0, Math.min(head.length, 32)));
    case 'office':
    case 'zip':
      return startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06]);
    case 'text':
      return !head.includes(0);
    case 'other':
      return true;
  }
}

/**
 * The name as the user gave it, or null when it cannot be a file name: empty, longer than 255 characters, with a
 * path separator or a control character (a browser sends only the base name, so anything else is crafted).
 */
export function validFileName(raw: string): string | null {
  const name = raw.normalize('NFC').trim();
  if (!name || name === '.' || name === '..' || name.length > 255) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f/\\]/.test(name)) return null;
  return name;
}

/** A title from a file name: without the extension, separators as spaces. */
export function titleOfFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return base.replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200) || fileName.slice(0, 200);
}
