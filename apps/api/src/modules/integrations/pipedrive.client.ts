// Pipedrive's REST API as the integration uses it: API v2 for deals, persons, organizations,
// pipelines, stages and deal fields; v1 for users (GET /v1/users/me checks a token) and webhooks.
// The token goes in the x-api-token header. A 429 or 5xx is retried in place a few times, waiting
// what Pipedrive asks (retry-after, or x-ratelimit-reset once x-ratelimit-remaining is 0); past that
// the caller gets a PipedriveError to retry later (the job queue's backoff).

export type PipedriveErrorKind = 'unauthorized' | 'rate_limited' | 'unavailable' | 'not_found' | 'rejected';

export class PipedriveError extends Error {
  override readonly name = 'PipedriveError';
  constructor(
    readonly kind: PipedriveErrorKind,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** Worth trying again later (the job's retry), as opposed to a refusal that will not change by itself. */
  get retryable() {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}

export type PipedriveClientOptions = {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  /** Tries of one call on 429/5xx before giving up to the caller. */
  tries?: number;
  /** The longest wait in place between tries; a longer retry-after is left to the caller. */
  maxWaitMs?: number;
};

export type Query = Record<string, string | number | boolean | undefined>;

export interface PipedriveClient {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  patch<T>(path: string, body: unknown): Promise<T>;
  delete<T>(path: string): Promise<T>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Seconds in a header, as a wait in ms (null when absent or not a number). */
function secondsHeader(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  if (Number.isFinite(n)) return Math.max(0, n * 1000);
  // retry-after may also be an HTTP date.
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/** How long Pipedrive asks us to wait after this answer: retry-after, else the window's reset once nothing remains. */
export function requestedWaitMs(headers: Headers): number | null {
  const retryAfter = secondsHeader(headers, 'retry-after');
  if (retryAfter !== null) return retryAfter;
  if (headers.get('x-ratelimit-remaining') === '0') return secondsHeader(headers, 'x-ratelimit-reset');
  return null;
}

async function errorDetail(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; error_info?: unknown; message?: unknown };
    const detail = body.error ?? body.message;
    if (typeof detail === 'string' && detail) return detail.slice(0, 300);
  } catch {
    // not JSON: the status says enough
  }
  return `HTTP ${res.status}`;
}

export function pipedriveClient(opts: PipedriveClientOptions): PipedriveClient {
  const tries = opts.tries ?? 3;
  const maxWaitMs = opts.maxWaitMs ?? 30_000;
  const base = opts.baseUrl.replace(/\/+$/, '');
  // A window exhausted by an earlier answer: the next call waits for its reset.
  let notBefore = 0;

  async function call<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    for (let attempt = 1; ; attempt++) {
      const wait = notBefore - Date.now();
      if (wait > 0) await sleep(Math.min(wait, maxWaitMs));
      let res: Response;
      try {
        res = await fetch(url, {
          method,
          headers: {
            'x-api-token': opts.token,
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (err) {
        if (attempt < tries) {
          await sleep(250 * 2 ** attempt);
          continue;
        }
        throw new PipedriveError('unavailable', 0, `Pipedrive unreachable: ${String(err)}`);
      }
      const asked = requestedWaitMs(res.headers);
      if (res.ok) {
        if (asked !== null) notBefore = Date.now() + asked;
        return (res.status === 204 ? {} : await res.json()) as T;
      }
      if (res.status === 429 || res.status >= 500) {
        const delay = asked ?? 250 * 2 ** attempt;
        if (attempt < tries && delay <= maxWaitMs) {
          await res.body?.cancel();
          await sleep(delay);
          continue;
        }
        throw new PipedriveError(res.status === 429 ? 'rate_limited' : 'unavailable', res.status, await errorDetail(res));
      }
      const detail = await errorDetail(res);
      if (res.status === 401) throw new PipedriveError('unauthorized', 401, detail);
      if (res.status === 404 || res.status === 410) throw new PipedriveError('not_found', res.status, detail);
      throw new PipedriveError('rejected', res.status, detail);
    }
  }

  return {
    get: (path, query) => call('GET', path, undefined, query),
    post: (path, body) => call('POST', path, body),
    patch: (path, body) => call('PATCH', path, body),
    delete: (path) => call('DELETE', path),
  };
}
