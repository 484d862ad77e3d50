// The HTTP adapter of the signature port, speaking D4Sign's REST protocol (v1), authenticated by
// the `tokenAPI` and `cryptKey` query parameters:
//   POST {base}/documents/{safe}/upload (multipart `file`) -> { uuid }
//   POST {base}/documents/{uuid}/webhooks { url }; POST .../createlist { signers }; POST .../sendtosigner
//   GET  {base}/documents/{uuid} -> [{ statusId }] (4 finished, 6 cancelled)
//   POST {base}/documents/{uuid}/download { type: 'PDF' } -> { url }, then GET url -> the signed PDF
//   POST {base}/documents/{uuid}/cancel { comment }
// Its callbacks are checked with the HMAC-SHA256 of the raw body in `Content-Hmac: sha256=<hex>`.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import { sniffFileType } from '../../file-type';
import { type SignatureProvider, SignatureProviderError, type SignatureStatus } from './signature-provider';

export type D4SignOptions = { baseUrl: string; token: string; cryptKey: string; safeId: string; callbackSecret: string; timeoutMs: number };

/** The signed PDF's largest size taken from the provider. */
const MAX_SIGNED_BYTES = 20 * 1024 * 1024;

/** The configured provider, or null when electronic signature is off (no URL, token, safe or callback secret). */
export function signatureProviderFrom(
  config: Pick<
    Config,
    'D4SIGN_URL' | 'D4SIGN_TOKEN' | 'D4SIGN_CRYPT_KEY' | 'D4SIGN_SAFE_ID' | 'D4SIGN_CALLBACK_SECRET' | 'D4SIGN_TIMEOUT_MS'
  >,
): SignatureProvider | null {
  if (!config.D4SIGN_URL || !config.D4SIGN_TOKEN || !config.D4SIGN_SAFE_ID || !config.D4SIGN_CALLBACK_SECRET) return null;
  return d4signProvider({
    baseUrl: config.D4SIGN_URL,
    token: config.D4SIGN_TOKEN,
    cryptKey: config.D4SIGN_CRYPT_KEY ?? '',
    safeId: config.D4SIGN_SAFE_ID,
    callbackSecret: config.D4SIGN_CALLBACK_SECRET,
    timeoutMs: config.D4SIGN_TIMEOUT_MS,
  });
}

/** `sha256=<hex>` of the body, as the callbacks carry it. */
export function d4signCallbackHmac(secret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

const uploaded = z.looseObject({ uuid: z.string().min(1).max(100) });
const documentInfo = z.looseObject({ statusId: z.union([z.string(), z.number()]) });
const download = z.looseObject({ url: z.string().url() });

export function d4signProvider(opts: D4SignOptions): SignatureProvider {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const auth = `tokenAPI=${encodeURIComponent(opts.token)}&cryptKey=${encodeURIComponent(opts.cryptKey)}`;
  const doc = (uuid: string) => `/documents/${encodeURIComponent(uuid)}`;

  /** One exchange; the token travels in the query, so URLs are never logged. */
  async function call(method: 'GET' | 'POST', path: string, body?: FormData | object): Promise<unknown> {
    let res: Response;
    let text: string;
    try {
      // One signal for the whole exchange: a body that trickles in is cut by the same timeout.
      res = await fetch(`${base}${path}?${auth}`, {
        method,
        headers:
          body && !(body instanceof FormData)
            ? { 'content-type': 'application/json', accept: 'application/json' }
            : { accept: 'application/json' },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(opts.timeoutMs),
        redirect: 'error',
      });
      text = await res.text();
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new SignatureProviderError('timeout', `${opts.timeoutMs} ms`);
      throw new SignatureProviderError('failed', (error as Error | undefined)?.message ?? 'network error');
    }
    if (res.status === 404) throw new SignatureProviderError('not_found', `${method} ${path.split('/')[1]}`);
    if (!res.ok) throw new SignatureProviderError('failed', `${method} ${path.split('/')[1]} answered HTTP ${res.status}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new SignatureProviderError('bad_answer', `${method} ${path.split('/')[1]}: not JSON`);
    }
  }

  function read<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(Array.isArray(value) ? value[0] : value);
    if (!parsed.success) throw new SignatureProviderError('bad_answer', `${what}: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  return {
    async requestSignature(request) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(request.pdf)], { type: 'application/pdf' }), request.filename);
      const { uuid } = read(uploaded, await call('POST', `/documents/${encodeURIComponent(opts.safeId)}/upload`, form), 'upload');
      await call('POST', `${doc(uuid)}/webhooks`, { url: request.callbackUrl });
      await call('POST', `${doc(uuid)}/createlist`, {
        signers: request.signers.map((s) => ({
          email: s.email,
          display_name: s.name,
          act: '1',
          foreign: '0',
          certificadoicpbr: '0',
          assinatura_presencial: '0',
        })),
      });
      await call('POST', `${doc(uuid)}/sendtosigner`, { message: request.message, skip_email: '0', workflow: '0' });
      return uuid;
    },

    async status(documentId): Promise<SignatureStatus> {
      const { statusId } = read(documentInfo, await call('GET', doc(documentId)), 'status');
      const id = String(statusId);
      return id === '4' ? 'signed' : id === '6' ? 'cancelled' : 'pending';
    },

    async downloadSigned(documentId) {
      const { url } = read(download, await call('POST', `${doc(documentId)}/download`, { type: 'PDF', language: 'pt' }), 'download');
      let data: Buffer;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs) });
        if (!res.ok) throw new SignatureProviderError('failed', `signed file answered HTTP ${res.status}`);
        if (Number(res.headers.get('content-length') ?? 0) > MAX_SIGNED_BYTES)
          throw new SignatureProviderError('bad_answer', 'signed file too large');
        data = Buffer.from(await res.arrayBuffer());
      } catch (error) {
        if (error instanceof SignatureProviderError) throw error;
        const name = (error as Error | undefined)?.name;
        if (name === 'TimeoutError' || name === 'AbortError') throw new SignatureProviderError('timeout', `${opts.timeoutMs} ms`);
        throw new SignatureProviderError('failed', (error as Error | undefined)?.message ?? 'network error');
      }
      if (data.length > MAX_SIGNED_BYTES || sniffFileType(data) !== 'application/pdf') {
        throw new SignatureProviderError('bad_answer', 'the signed file is not a PDF');
      }
      return data;
    },

    async cancel(documentId) {
      try {
        await call('POST', `${doc(documentId)}/cancel`, { comment: 'Contrato cancelado pela agência.' });
      } catch (error) {
        if (!(error instanceof SignatureProviderError && error.reason === 'not_found')) throw error;
      }
    },

    verifyCallback(rawBody, header) {
      if (!header) return false;
      const expected = Buffer.from(d4signCallbackHmac(opts.callbackSecret, rawBody));
      const given = Buffer.from(header.trim().toLowerCase());
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
