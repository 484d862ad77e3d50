// The DPS's XMLDSIG, as the national layout asks: enveloped signature of infDPS (Reference URI
// "#<Id>"), C14N 1.0 without comments, RSA-SHA256 and SHA-256 digests, the certificate in KeyInfo.
import type XmlCrypto from 'xml-crypto';
import { onFirstUse } from '../../platform/on-first-use';
import type { A1Certificate } from './nfse-certificate';

const xmlCrypto = onFirstUse<typeof XmlCrypto>('xml-crypto');

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';

/** Signs the `element` (infDPS, or infPedReg of an event) of `xml`; the Signature goes last in its parent. */
export function signXml(xml: string, certificate: A1Certificate, element = 'infDPS'): string {
  const sig = new (xmlCrypto().SignedXml)({
    privateKey: certificate.keyPem,
    publicCert: certificate.certPem,
    canonicalizationAlgorithm: C14N,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    getKeyInfoContent: () => `<X509Data><X509Certificate>${certificate.certBase64}</X509Certificate></X509Data>`,
  });
  sig.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    transforms: [ENVELOPED, C14N],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  sig.computeSignature(xml, { location: { reference: `//*[local-name(.)='${element}']`, action: 'after' } });
  return sig.getSignedXml();
}
