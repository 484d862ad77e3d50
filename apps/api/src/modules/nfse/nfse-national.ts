// The national issuer (Sefin Nacional) as the provider port of the NFS-e: mTLS with the agency's A1
// certificate, JSON bodies carrying the XML as GZip+Base64. POST /nfse sends a signed DPS and
// answers the NFS-e (201) or the rejection's codes (400); GET /dps/{id} says whether a DPS already
// became a note (what makes a retry after a lost answer safe); GET /nfse/{chave} gives that note.
// Events of a note (its cancellation): POST /nfse/{chave}/eventos registers a signed pedRegEvento,
// GET /nfse/{chave}/eventos/{tipo}/{sequência} says whether one is already registered.
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { rootCertificates } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { NfseEnvironment } from '@app/shared';
import type { Config } from '../../config';
import type { A1Certificate } from './nfse-certificate';

export type AuthorityMessage = { code: string; description: string };

export type IssueOutcome = { kind: 'authorized'; accessKey: string; xml: string } | { kind: 'rejected'; errors: AuthorityMessage[] };
export type EventOutcome = { kind: 'registered'; xml: string } | { kind: 'rejected'; errors: AuthorityMessage[] };

/** The national API at the level of signed XML (the gateway takes the note as JSON and signs it itself: nfse-gateway.ts). */
export interface NfseProvider {
  issue(signedDps: string): Promise<IssueOutcome>;
  /** The note a DPS already became, or null when the authority has none for it. */
  findByDps(dpsId: string): Promise<{ accessKey: string; xml: string } | null>;
  /** Registers a signed event of the note. */
  registerEvent(accessKey: string, signedEvent: string): Promise<EventOutcome>;
  /** The event `code` (first of its kind) already registered for the note, or null. */
  findEvent(accessKey: string, code: string): Promise<{ xml: string } | null>;
}

/** A failure worth retrying (network, timeout, 5xx, an answer we cannot read). */
export class NfseUnavailable extends Error {
  override readonly name = 'NfseUnavailable';
}

export const gzipBase64 = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
export const gunzipBase64 = (data: string) => gunzipSync(Buffer.from(data, 'base64')).toString('utf8');

type Answer = { status: number; body: Record<string, unknown> | null };

const extraCas = new Map<string, string>();
function trusted(config: Config): string[] | undefined {
  if (!config.NFSE_CA_FILE) return undefined;
  let pem = extraCas.get(config.NFSE_CA_FILE);
  if (pem === undefined) {
    pem = readFileSync(config.NFSE_CA_FILE, 'utf8');
    extraCas.set(config.NFSE_CA_FILE, pem);
  }
  // Given `ca`, Node trusts only it: the public roots stay alongside.
  return [...rootCertificates, pem];
}

/** The read body's JSON messages, whatever casing the authority uses (Codigo/codigo). */
function messages(body: Record<string, unknown> | null): AuthorityMessage[] {
  const list = body?.erros ?? body?.Erros ?? body?.erro;
  const items = Array.isArray(list) ? list : list ? [list] : [];
  return items.map((item) => {
    const m = (item ?? {}) as Record<string, unknown>;
    return { code: String(m.Codigo ?? m.codigo ?? ''), description: String(m.Descricao ?? m.descricao ?? '') };
  });
}

export function nationalProvider(config: Config, environment: NfseEnvironment, certificate: A1Certificate): NfseProvider {
  const base = environment === 'producao' ? config.NFSE_NATIONAL_PRODUCTION_URL : config.NFSE_NATIONAL_URL;
  const ca = trusted(config);

  function call(method: 'GET' | 'POST', path: string, body?: object): Promise<Answer> {
    const url = new URL(`${base.replace(/\/$/, '')}${path}`);
    const payload = body ? Buffer.from(JSON.stringify(body)) : undefined;
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          key: certificate.keyPem,
          cert: certificate.certPem,
          ...(ca ? { ca } : {}),
          timeout: config.NFSE_TIMEOUT_MS,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => reject(new NfseUnavailable(e.message)));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: Record<string, unknown> | null = null;
            try {
              parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
            } catch {
              parsed = null;
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('timeout', () => req.destroy(new NfseUnavailable('timeout')));
      req.on('error', (e) => reject(e instanceof NfseUnavailable ? e : new NfseUnavailable(e.message)));
      req.end(payload);
    });
  }

  const note = (body: Record<string, unknown> | null) => {
    const accessKey = body?.chaveAcesso;
    const xml = body?.nfseXmlGZipB64;
    if (typeof accessKey !== 'string' || typeof xml !== 'string') throw new NfseUnavailable('answer without the note');
    return { accessKey, xml: gunzipBase64(xml) };
  };

  const eventXml = (body: Record<string, unknown> | null) => {
    const xml = body?.eventoXmlGZipB64;
    if (typeof xml !== 'string') throw new NfseUnavailable('answer without the event');
    return { xml: gunzipBase64(xml) };
  };
  const notePath = (accessKey: string) => `/nfse/${encodeURIComponent(accessKey)}/eventos`;

  return {
    async registerEvent(accessKey, signedEvent) {
      const answer = await call('POST', notePath(accessKey), { pedidoRegistroEventoXmlGZipB64: gzipBase64(signedEvent) });
      if (answer.status === 200 || answer.status === 201) return { kind: 'registered', ...eventXml(answer.body) };
      const errors = messages(answer.body);
      if (answer.status >= 400 && answer.status < 500 && errors.length) return { kind: 'rejected', errors };
      throw new NfseUnavailable(`status ${answer.status}`);
    },
    async findEvent(accessKey, code) {
      const found = await call('GET', `${notePath(accessKey)}/${code}/1`);
      if (found.status === 404) return null;
      if (found.status !== 200) throw new NfseUnavailable(`status ${found.status}`);
      return eventXml(found.body);
    },
    async issue(signedDps) {
      const answer = await call('POST', '/nfse', { dpsXmlGZipB64: gzipBase64(signedDps) });
      if (answer.status === 200 || answer.status === 201) return { kind: 'authorized', ...note(answer.body) };
      const errors = messages(answer.body);
      if (answer.status >= 400 && answer.status < 500 && errors.length) return { kind: 'rejected', errors };
      throw new NfseUnavailable(`status ${answer.status}`);
    },
    async findByDps(dpsId) {
      const found = await call('GET', `/dps/${encodeURIComponent(dpsId)}`);
      if (found.status === 404) return null;
      const accessKey = found.body?.chaveAcesso;
      if (found.status !== 200 || typeof accessKey !== 'string') throw new NfseUnavailable(`status ${found.status}`);
      const nfse = await call('GET', `/nfse/${encodeURIComponent(accessKey)}`);
      if (nfse.status !== 200) throw new NfseUnavailable(`status ${nfse.status}`);
      return note(nfse.body);
    },
  };
}
