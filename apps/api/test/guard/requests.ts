import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { z } from 'zod';
import type { TestApp } from '../harness';
import type { InventoryRoute } from '../inventory';
import { FILES, multipart } from '../multipart';
import type { BadInput } from './inputs';

/** The one error body (error-body.ts), nothing more. */
export const errorBodySchema = z
  .object({
    status: z.number().int().min(400).max(599),
    code: z.string().min(1),
    message: z.string().min(1),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    request_id: z.string().min(1),
  })
  .strict();

/** What must never reach a client: stack frames, file paths, driver and SQL internals. */
const INTERNALS = [
  /\bat [\w.<>]+ \(/,
  /\.(ts|js|mjs):\d+/,
  /node_modules/,
  /prisma/i,
  /\bSELECT\b.+\bFROM\b/i,
  /\b(INSERT INTO|UPDATE\s+\S+\s+SET|DELETE FROM)\b/i,
  /syntax error|violates|duplicate key|relation "|column "|ECONNREFUSED|invalid byte sequence/i,
  /"stack"/,
];

export function internalsIn(text: string): string | undefined {
  return INTERNALS.find((re) => re.test(text))?.source;
}

/** `stream`: the route answers a server-sent events stream (InventoryRoute.stream). */
export type Call = { method: string; url: string; payload?: string | Buffer; headers: Record<string, string>; stream?: true };

/** A small real file of each type an upload route may accept (the server sniffs the bytes). */
export const SAMPLE_FILES: Record<string, { name: string; data: Buffer }> = {
  'image/png': { name: 'foto.png', data: FILES.png },
  'application/pdf': { name: 'documento.pdf', data: FILES.pdf },
  'image/jpeg': { name: 'foto.jpg', data: FILES.jpeg },
  'image/webp': { name: 'foto.webp', data: FILES.webp },
  'text/csv': { name: 'clientes.csv', data: Buffer.from('Nome;CPF;E-mail\r\nMaria da Silva;529.982.247-25;maria@exemplo.com.br\r\n') },
};

/** Text fields (any value, stringified) and at most one file, as multipart/form-data. */
export function multipartBody(fields: Record<string, unknown>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const text = Object.fromEntries(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v ?? '')]),
  );
  const { body, headers } = multipart(
    text,
    file ? [{ field: file.field, filename: file.name, contentType: file.type, data: file.data }] : [],
  );
  return { payload: body, contentType: headers['content-type'] as string };
}

/**
 * Multipart bodies the parser must refuse, each built from a valid form with one file: the
 * boundary missing or not the body's, the body cut inside the file, before the closing boundary
 * or inside the part headers, and bodies that are not a form at all.
 */
export function malformedForms(file: { field: string; name: string; type: string; data: Buffer }) {
  const good = multipartBody({}, file);
  const body = good.payload;
  const boundary = good.contentType.split('boundary=')[1] as string;
  const headersEnd = body.indexOf('\r\n\r\n') + 4;
  const closing = Buffer.byteLength(`--${boundary}--\r\n`);
  const type = good.contentType;
  return [
    { label: 'no boundary', payload: body, contentType: 'multipart/form-data' },
    { label: 'a boundary the body does not use', payload: body, contentType: `multipart/form-data; boundary=outro${boundary}` },
    { label: 'cut inside the file', payload: body.subarray(0, headersEnd + Math.floor(file.data.length / 2)), contentType: type },
    { label: 'no closing boundary', payload: body.subarray(0, body.length - closing), contentType: type },
    { label: 'cut inside the part headers', payload: body.subarray(0, headersEnd - 4), contentType: type },
    { label: 'a JSON body', payload: JSON.stringify({ file: 'x' }), contentType: type },
    { label: 'an empty body', payload: '', contentType: type },
  ];
}

/**
 * Problems with an answer's caching: an answer to a call with credentials, and any JSON answer,
 * may depend on who asks, so no browser or proxy may keep it.
 */
export function cacheProblems(call: Call, res: LightMyRequestResponse): string[] {
  const cacheControl = String(res.headers['cache-control'] ?? '');
  const json = /^application\/json\b/.test(String(res.headers['content-type'] ?? ''));
  if ((call.headers.authorization !== undefined || json) && !/\bno-store\b/.test(cacheControl)) {
    return [`answer (HTTP ${res.statusCode}) without Cache-Control: no-store (got "${cacheControl}")`];
  }
  return [];
}

function queryString(input: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      params.append(k, item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item ?? ''));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The HTTP request that sends `input` to a route the way its clients do. */
export function buildCall(
  route: InventoryRoute,
  input: unknown,
  opts: { token?: string; raw?: Extract<BadInput, { kind: 'raw' }> } = {},
): Call {
  const headers: Record<string, string> = opts.token ? { authorization: `Bearer ${opts.token}` } : {};
  if (route.transport === 'trpc') {
    if (route.method === 'GET') {
      const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return { method: 'GET', url: route.url + q, headers };
    }
    if (opts.raw)
      return { method: 'POST', url: route.url, payload: opts.raw.body, headers: { ...headers, 'content-type': opts.raw.contentType } };
    return input === undefined
      ? { method: 'POST', url: route.url, headers }
      : { method: 'POST', url: route.url, payload: JSON.stringify(input), headers: { ...headers, 'content-type': 'application/json' } };
  }
  let url = route.url;
  const rest: Record<string, unknown> = input && typeof input === 'object' && !Array.isArray(input) ? { ...(input as object) } : {};
  for (const p of route.pathParams) {
    const v = rest[p];
    delete rest[p];
    // A URL carries UTF-8 only: a lone surrogate is sent as U+FFFD, as a browser would.
    const text = v === undefined || v === null || typeof v === 'object' ? 'x' : String(v).replace(/[\uD800-\uDFFF]/gu, '\uFFFD');
    url = url.replace(`:${p}`, encodeURIComponent(text));
  }
  // A raw body is sent as given, on any method that has one (a DELETE too).
  if (opts.raw && route.method !== 'GET' && route.method !== 'HEAD')
    return { method: route.method, url, payload: opts.raw.body, headers: { ...headers, 'content-type': opts.raw.contentType } };
  if (route.method === 'GET' || route.method === 'DELETE' || route.method === 'HEAD') {
    return { method: route.method, url: url + queryString(rest), headers, ...(route.stream ? { stream: true as const } : {}) };
  }
  if (route.upload) {
    // A valid small file of an accepted type, plus the text fields of the input.
    const type = route.upload.types[0] as string;
    const sample = SAMPLE_FILES[type] ?? { name: 'arquivo.bin', data: Buffer.from('x') };
    const body = multipartBody(rest, { field: route.upload.field, name: sample.name, type, data: sample.data });
    return { method: route.method, url, payload: body.payload, headers: { ...headers, 'content-type': body.contentType } };
  }
  const body = input === undefined ? undefined : input !== null && typeof input === 'object' && !Array.isArray(input) ? rest : input;
  return body === undefined
    ? { method: route.method, url, headers }
    : { method: route.method, url, payload: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } };
}

export function send(t: TestApp, call: Call, extra: { remoteAddress?: string } = {}): Promise<LightMyRequestResponse> {
  const request = { method: call.method as 'GET', url: call.url, headers: call.headers, payload: call.payload, ...extra };
  return call.stream ? streamStart(t, request) : t.app.inject(request);
}

/**
 * A stream's answer as far as its first message (an error answer, whole), then the stream closed:
 * what the matrices check of a route whose answer stays open.
 */
async function streamStart(t: TestApp, request: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({ ...request, payloadAsStream: true });
  const events = /^text\/event-stream\b/.test(String(res.headers['content-type'] ?? ''));
  let body = '';
  // Leaving the loop destroys the stream, which closes the request.
  for await (const chunk of res.stream()) {
    body += String(chunk);
    if (events && body.includes('\n\n')) break;
  }
  return {
    raw: res.raw,
    headers: res.headers,
    statusCode: res.statusCode,
    statusMessage: res.statusMessage,
    trailers: res.trailers,
    cookies: res.cookies,
    isLightMyRequest: true,
    rawPayload: Buffer.from(body),
    payload: body,
    body,
    json: () => JSON.parse(body),
    stream: () => Readable.from([body]),
  };
}

/**
 * The error body whichever the transport: REST's body, or tRPC's error.data (a request Fastify
 * refuses before tRPC sees it, e.g. an unsupported content type, gets the REST body on /trpc too).
 */
export function errorBody(route: InventoryRoute, res: LightMyRequestResponse): unknown {
  const json = safeJson(res.body) as { error?: { data?: unknown } } | undefined;
  if (route.transport === 'trpc' && json?.error) return json.error.data;
  return json;
}

export function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Problems with an error reply: not the error shape, a status mismatch, or internals in it. */
export function errorReplyProblems(route: InventoryRoute, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const body = errorBody(route, res);
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) problems.push(`not the error shape: ${res.body.slice(0, 300)}`);
  else if (parsed.data.status !== res.statusCode) problems.push(`body status ${parsed.data.status} but HTTP ${res.statusCode}`);
  const leaked = internalsIn(res.body);
  if (leaked) problems.push(`internals in the body (${leaked}): ${res.body.slice(0, 300)}`);
  return problems;
}

/**
 * The same session as `token` (every claim the app put in it), issued `ageSeconds` earlier:
 * a token from before a change that happens now, whatever the clock's second.
 */
export function earlierToken(secret: string, token: string, ageSeconds = 120) {
  const { iat: _iat, exp: _exp, nbf: _nbf, ...claims } = decodeJwt(token);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader(decodeProtectedHeader(token) as { alg: string })
    .setIssuedAt(now - ageSeconds)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(secret));
}

/** Tokens that must all be refused: expired, another key, `alg: none`, garbage, other schemes. */
export async function forgedAuthorizations(secret: string, victim: { userId: number; companyId: number }, inactiveUserId: number) {
  const claims = { company_id: victim.companyId, company_name: 'Agência Demo', role: 'owner', features: {} };
  const sign = (key: string, sub: number, exp: number | string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(sub))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(key));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const noneToken = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: String(victim.userId), exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
  return {
    'no token': undefined,
    expired: `Bearer ${await sign(secret, victim.userId, Math.floor(Date.now() / 1000) - 60)}`,
    'another key': `Bearer ${await sign('another-secret-another-secret-another-secret-00', victim.userId, '1h')}`,
    'alg none': `Bearer ${noneToken}`,
    'deactivated user': `Bearer ${await sign(secret, inactiveUserId, '1h')}`,
    garbage: 'Bearer not.a.jwt',
    'other scheme': `Basic ${Buffer.from('dono@demo.test:demo12345').toString('base64')}`,
  } as Record<string, string | undefined>;
}
