// A gateway as the issuer of the NFS-e: Focus NFe's NFS-e Nacional API (/v2/nfsen), which holds the
// agency's certificate, builds and signs the DPS and talks to the Sefin Nacional for it. The agency's
// token goes as HTTP Basic user. Asynchronous: POST /v2/nfsen?ref= queues the note under our
// reference (its idempotency key: one reference, one note), GET /v2/nfsen/{ref} says where it is
// (processando_autorizacao, autorizado, erro_autorizacao, cancelado) with the paths of its XML,
// DELETE /v2/nfsen/{ref} cancels it with a justification.
import type { NfseEnvironment } from '@app/shared';
import type { Config } from '../../config';
import { type AuthorityMessage, NfseUnavailable } from './nfse-national';

/** Where the gateway has the note of a reference. */
export type GatewayNote =
  | { state: 'processing' }
  | { state: 'authorized'; accessKey: string; number: string; xml: string }
  | { state: 'rejected'; errors: AuthorityMessage[] }
  | { state: 'canceled'; xml: string | null };

export type GatewayCancel = { kind: 'registered'; xml: string | null } | { kind: 'rejected'; errors: AuthorityMessage[] };

/** What the gateway's nfsen body carries (its field names). */
export type GatewayDps = Record<string, string | number>;

export interface NfseGateway {
  /** The note of `ref`, or null when the gateway has none. */
  find(ref: string): Promise<GatewayNote | null>;
  /** Queues the note; 'accepted' means the gateway took it (find says what became of it). */
  issue(ref: string, dps: GatewayDps): Promise<{ kind: 'accepted' } | { kind: 'rejected'; errors: AuthorityMessage[] }>;
  cancel(ref: string, justification: string): Promise<GatewayCancel>;
}

const TOKEN_REFUSED: AuthorityMessage = { code: 'TOKEN', description: 'Token do provedor recusado.' };

/** The gateway's messages: `erros: [{codigo, mensagem}]`, or one `{codigo, mensagem}` at the top. */
function gatewayMessages(body: Record<string, unknown> | null): AuthorityMessage[] {
  const list = Array.isArray(body?.erros) ? (body.erros as unknown[]) : body?.codigo ? [body] : [];
  return list.map((item) => {
    const m = (item ?? {}) as Record<string, unknown>;
    return { code: String(m.codigo ?? ''), description: String(m.mensagem ?? '') };
  });
}

export function focusGateway(config: Config, environment: NfseEnvironment, token: string): NfseGateway {
  const base = (environment === 'producao' ? config.NFSE_GATEWAY_PRODUCTION_URL : config.NFSE_GATEWAY_URL).replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object) {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(config.NFSE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new NfseUnavailable(error instanceof Error ? error.message : 'gateway unreachable');
    }
    const text = await res.text().catch(() => '');
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }

  /** A file the gateway names by its path on the same host (caminho_xml_*). */
  async function file(path: unknown): Promise<string | null> {
    if (typeof path !== 'string' || !path) return null;
    try {
      const res = await fetch(new URL(path, `${base}/`), {
        headers: { authorization },
        signal: AbortSignal.timeout(config.NFSE_TIMEOUT_MS),
      });
      if (!res.ok) throw new NfseUnavailable(`status ${res.status}`);
      return await res.text();
    } catch (error) {
      throw error instanceof NfseUnavailable ? error : new NfseUnavailable(error instanceof Error ? error.message : 'file unreachable');
    }
  }

  const notePath = (ref: string) => `/v2/nfsen/${encodeURIComponent(ref)}`;
  // A refused token is the agency's to fix, not worth retrying: said like a rejection, at any call.
  const refused = (status: number) => status === 401 || status === 403;

  return {
    async find(ref) {
      const answer = await call('GET', notePath(ref));
      if (refused(answer.status)) return { state: 'rejected', errors: [TOKEN_REFUSED] };
      if (answer.status === 404) return null;
      if (answer.status !== 200 || !answer.body) throw new NfseUnavailable(`status ${answer.status}`);
      const { body } = answer;
      switch (body.status) {
        case 'processando_autorizacao':
          return { state: 'processing' };
        case 'erro_autorizacao':
          return { state: 'rejected', errors: gatewayMessages(body) };
        case 'cancelado':
          return { state: 'canceled', xml: await file(body.caminho_xml_cancelamento) };
        case 'autorizado': {
          // The national access key where the gateway gives it, else its verification code.
          const accessKey = body.chave_nfse ?? body.codigo_verificacao;
          const xml = await file(body.caminho_xml_nota_fiscal);
          if (typeof accessKey !== 'string' || !xml) throw new NfseUnavailable('answer without the note');
          return { state: 'authorized', accessKey, number: String(body.numero ?? accessKey), xml };
        }
        default:
          throw new NfseUnavailable(`status ${String(body.status)}`);
      }
    },
    async issue(ref, dps) {
      const answer = await call('POST', `/v2/nfsen?ref=${encodeURIComponent(ref)}`, dps);
      if (refused(answer.status)) return { kind: 'rejected', errors: [TOKEN_REFUSED] };
      if (answer.status === 200 || answer.status === 201 || answer.status === 202) return { kind: 'accepted' };
      const errors = gatewayMessages(answer.body);
      if (answer.status >= 400 && answer.status < 500 && errors.length) return { kind: 'rejected', errors };
      throw new NfseUnavailable(`status ${answer.status}`);
    },
    async cancel(ref, justification) {
      const answer = await call('DELETE', notePath(ref), { justificativa: justification });
      if (refused(answer.status)) return { kind: 'rejected', errors: [TOKEN_REFUSED] };
      if (answer.status === 200 && answer.body?.status === 'cancelado')
        return { kind: 'registered', xml: await file(answer.body.caminho_xml_cancelamento) };
      const errors = gatewayMessages(answer.body);
      if (answer.status < 500 && errors.length) return { kind: 'rejected', errors };
      throw new NfseUnavailable(`status ${answer.status}`);
    },
  };
}
