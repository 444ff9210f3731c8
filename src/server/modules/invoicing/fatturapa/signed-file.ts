import forge from 'node-forge';

/**
 * The FatturaPA inside a signed file (`.xml.p7m`, CAdES-BES: a CMS SignedData whose encapsulated content is the
 * XML), DER or base64 as suppliers' tools write them. The envelope is opened with node-forge's ASN.1 reader; the
 * signature is not checked here (the SDI checked it before delivering the file, and rejects invalid ones).
 * Answers null for anything that is not such an envelope.
 */

const SIGNED_DATA = '1.2.840.113549.1.7.2';

function derOf(file: Buffer): Buffer {
  if (file[0] === 0x30) return file;
  const text = file
    .toString('latin1')
    .replace(/-----[^-]+-----/g, '')
    .replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+=*$/.test(text) ? Buffer.from(text, 'base64') : file;
}

/** The bytes of an OCTET STRING, primitive or constructed (BER chunks). */
function octets(node: forge.asn1.Asn1): string {
  if (typeof node.value === 'string') return node.value;
  return node.value.map(octets).join('');
}

export function openSignedFile(file: Buffer): Buffer | null {
  try {
    // Not strict: BER as some signing tools write it (indefinite lengths, chunked content).
    const root = forge.asn1.fromDer(forge.util.createBuffer(derOf(file).toString('binary')), false);
    const [type, wrapped] = root.value as forge.asn1.Asn1[];
    if (!type || forge.asn1.derToOid(type.value as string) !== SIGNED_DATA) return null;
    const signedData = (wrapped!.value as forge.asn1.Asn1[])[0]!;
    const encapsulated = (signedData.value as forge.asn1.Asn1[])[2]!;
    const explicit = (encapsulated.value as forge.asn1.Asn1[])[1];
    if (!explicit) return null; // detached signature: no content inside
    const content = (explicit.value as forge.asn1.Asn1[])[0]!;
    return Buffer.from(octets(content), 'binary');
  } catch {
    return null;
  }
}
