// Certificates made in the test with node-forge: a CA standing for ICP-Brasil, the agency's A1
// (.pfx with its password) and the fake national API's server certificate for localhost.
import { DOMParser } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';

export type TestCa = { certPem: string; cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey };
export type TestLeaf = { certPem: string; keyPem: string; cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey };

let serial = 1;
const nextSerial = () => (serial++).toString(16).padStart(4, '0');

function issue(
  subject: forge.pki.CertificateField[],
  issuer: { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey } | null,
  extensions: object[],
  validity: { from: Date; until: Date },
): TestLeaf {
  // 2048 bits: what ICP-Brasil requires of an A1; generated once per test file.
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nextSerial();
  cert.validity.notBefore = validity.from;
  cert.validity.notAfter = validity.until;
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions(extensions);
  cert.sign(issuer ? issuer.key : keys.privateKey, forge.md.sha256.create());
  return { cert, key: keys.privateKey, certPem: forge.pki.certificateToPem(cert), keyPem: forge.pki.privateKeyToPem(keys.privateKey) };
}

const year = (from: Date, years: number) => new Date(from.getTime() + years * 365 * 24 * 60 * 60 * 1000);

export function makeTestCa(): TestCa {
  const now = new Date();
  const ca = issue(
    [{ name: 'commonName', value: 'AC Teste ICP-Brasil' }],
    null,
    [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true },
    ],
    {
      from: year(now, -1),
      until: year(now, 5),
    },
  );
  return { cert: ca.cert, key: ca.key, certPem: ca.certPem };
}

/** The agency's A1 as a .pfx (PKCS#12, 3DES as the ICP-Brasil issuers ship it). */
export function makeA1Pfx(
  ca: TestCa,
  cnpj: string,
  password: string,
  validity?: { from: Date; until: Date },
): { pfx: Buffer; leaf: TestLeaf } {
  const now = new Date();
  const leaf = issue(
    [{ name: 'commonName', value: `AGENCIA DEMO LTDA:${cnpj}` }],
    ca,
    [
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', clientAuth: true },
    ],
    validity ?? { from: year(now, -0.1), until: year(now, 1) },
  );
  const p12 = forge.pkcs12.toPkcs12Asn1(leaf.key, [leaf.cert, ca.cert], password, { algorithm: '3des' });
  return { pfx: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), leaf };
}

export function makeServerCert(ca: TestCa): TestLeaf {
  const now = new Date();
  return issue(
    [{ name: 'commonName', value: 'localhost' }],
    ca,
    [
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
    { from: year(now, -0.1), until: year(now, 1) },
  );
}

/** Whether the one enveloped XMLDSIG signature of `xml` verifies with the certificate `certPem`. */
export function signatureHolds(xml: string, certPem: string): boolean {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const node = doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature')[0];
  const check = new SignedXml({ publicCert: certPem });
  check.loadSignature(node as unknown as Parameters<SignedXml['loadSignature']>[0]);
  return check.checkSignature(xml);
}
