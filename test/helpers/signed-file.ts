import forge from 'node-forge';

/** A throw-away signer (1024-bit RSA, self-signed): tests sign FatturaPA files as suppliers' tools do. */
let signer: { key: forge.pki.rsa.PrivateKey; cert: forge.pki.Certificate } | null = null;

function throwAwaySigner() {
  if (signer) return signer;
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 86_400_000);
  const subject = [
    { name: 'commonName', value: 'Fornitore di prova' },
    { name: 'countryName', value: 'IT' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  signer = { key: keys.privateKey, cert };
  return signer;
}

/** The file signed into a CMS SignedData envelope with the content inside (CAdES-BES, as a .xml.p7m), DER. */
export function signFile(content: string | Buffer, encoding: 'der' | 'base64' = 'der'): Buffer {
  const { key, cert } = throwAwaySigner();
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(Buffer.from(content).toString('binary'));
  p7.addCertificate(cert);
  p7.addSigner({
    key,
    certificate: cert,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime!, value: new Date() as unknown as string },
    ],
  });
  p7.sign();
  const der = Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  return encoding === 'der' ? der : Buffer.from(der.toString('base64'));
}
