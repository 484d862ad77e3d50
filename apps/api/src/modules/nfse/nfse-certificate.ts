// The agency's ICP-Brasil A1 certificate: a PKCS#12 (.pfx) with its private key, opened with
// node-forge. What mTLS and the XML signature need, and what the settings screen may show.
import { NFSE_MESSAGES } from '@app/shared';
import type Forge from 'node-forge';
import { onFirstUse } from '../../platform/on-first-use';

const nodeForge = onFirstUse<typeof Forge>('node-forge');

export type A1Certificate = {
  keyPem: string;
  certPem: string;
  /** The certificate's DER as base64: the X509Certificate of the signature's KeyInfo. */
  certBase64: string;
  subject: string;
  validFrom: Date;
  validUntil: Date;
};

/** Opens a .pfx; throws on a wrong password or a file without a certificate and its key. */
export function readPfx(pfx: Buffer, password: string): A1Certificate {
  const forge = nodeForge();
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary'))), password);
  const bag = (type: string) => p12.getBags({ bagType: type })[type]?.[0];
  const { certBag, pkcs8ShroudedKeyBag, keyBag } = forge.pki.oids as Record<string, string>;
  const cert = bag(certBag as string)?.cert;
  const key = bag(pkcs8ShroudedKeyBag as string)?.key ?? bag(keyBag as string)?.key;
  if (!cert || !key) throw new Error('the .pfx has no certificate with its private key');
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const cn = cert.subject.getField('CN') as { value: string } | null;
  return {
    keyPem: forge.pki.privateKeyToPem(key),
    certPem: forge.pki.certificateToPem(cert),
    certBase64: forge.util.encode64(der),
    subject: cn?.value ?? cert.subject.attributes.map((a: Forge.pki.CertificateField) => `${a.shortName ?? a.name}=${a.value}`).join(', '),
    validFrom: cert.validity.notBefore,
    validUntil: cert.validity.notAfter,
  };
}

/**
 * Why the stored certificate cannot sign now: none sent, or expired (the authority would refuse the
 * mTLS handshake, which reads as an authority out of service), else null.
 */
export function certificateProblem(
  settings: { certificateSealed: string | null; certificateValidUntil: Date | null },
  now = new Date(),
): { code: string; message: string } | null {
  if (!settings.certificateSealed) return { code: 'CERTIFICADO', message: NFSE_MESSAGES.certificateMissing };
  if (settings.certificateValidUntil && settings.certificateValidUntil.getTime() <= now.getTime())
    return { code: 'CERTIFICADO_VENCIDO', message: NFSE_MESSAGES.certificateExpired };
  return null;
}

/** Why the agency's issuer cannot be used now: the national issuer's certificate, or the gateway's token. */
export function issuerProblem(
  settings: { issuer: string; certificateSealed: string | null; certificateValidUntil: Date | null; gatewayTokenSealed: string | null },
  now = new Date(),
): { code: string; message: string } | null {
  if (settings.issuer === 'gateway')
    return settings.gatewayTokenSealed ? null : { code: 'TOKEN', message: NFSE_MESSAGES.gatewayTokenMissing };
  return certificateProblem(settings, now);
}
