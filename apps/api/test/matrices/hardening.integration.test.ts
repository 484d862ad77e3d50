import { Writable } from 'node:stream';
import { createPrismaClient } from '@app/db';
import { GENERIC_ERROR_MESSAGE } from '@app/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { validSample } from '../guard/inputs';
import {
  buildCall,
  cacheProblems,
  errorBodySchema,
  errorReplyProblems,
  internalsIn,
  malformedForms,
  multipartBody,
  SAMPLE_FILES,
  send,
} from '../guard/requests';
import { idResolver, useGuard } from '../guard/setup';
import { changedTables } from '../guard/tenant-data';
import { DEMO, useTestApp } from '../harness';

const { t, g } = useGuard();
const limited = useTestApp({ LOGIN_RATE_LIMIT: '3' });
const OWN_ORIGIN = 'http://localhost:3000';
const REMOTE = { remoteAddress: '198.51.100.20' };

function expectErrorShape(res: { statusCode: number; body: string; headers: Record<string, unknown> }, status: number) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  const body = errorBodySchema.parse(JSON.parse(res.body));
  expect(body.status).toBe(status);
  expect(body.request_id).toBe(res.headers['x-request-id']);
  expect(internalsIn(res.body)).toBeUndefined();
  return body;
}

describe('security headers', () => {
  it('API replies, error replies and the web app carry them', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    for (const res of [
      await t.call('GET', '/api/profile', { token: owner }),
      await t.call('GET', '/api/nao-existe'),
      await t.call('GET', '/'),
    ]) {
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBeDefined();
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('CORS', () => {
  it("answers the app's own origin only", async () => {
    const own = await t.call('GET', '/healthz', { headers: { origin: OWN_ORIGIN } });
    expect(own.headers['access-control-allow-origin']).toBe(OWN_ORIGIN);
    const foreign = await t.call('GET', '/healthz', { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.call('OPTIONS', '/api/users', {
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const ownPreflight = await t.call('OPTIONS', '/api/users', {
      headers: { origin: OWN_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(ownPreflight.headers['access-control-allow-origin']).toBe(OWN_ORIGIN);
  });
});

describe('body limits', () => {
  const big = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1_100_000) });
  it('a JSON body over 1 MB is 413 in the error shape, on REST and tRPC', async () => {
    for (const url of ['/api/login', '/trpc/auth.login']) {
      const res = await t.app.inject({ method: 'POST', url, payload: big, headers: { 'content-type': 'application/json' } });
      expectErrorShape(res, 413);
    }
  });

  it('tRPC refuses any body but JSON before reading it (multipart would bypass the limit)', async () => {
    const body = multipartBody({ email: 'a@b.test', password: 'x'.repeat(2_000_000) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: body.payload,
      headers: { 'content-type': body.contentType },
    });
    expectErrorShape(res, 415);
  });

  it('tRPC batching is off: one request is one procedure call', async () => {
    const res = await t.call('POST', '/trpc/auth.login,auth.login?batch=1', {
      body: { 0: { email: DEMO.users.owner, password: 'errada' }, 1: { email: DEMO.users.owner, password: 'errada' } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('uploads', () => {
  it('every upload route refuses a disguised file, a file over its limit, a second file or another field, in the error shape, changing nothing', {
    timeout: 60_000,
  }, async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const ids = await g.ids(g.companies.demo);
    const uploads = g.inventory.routes.filter((r) => r.upload);
    let cases = 0;
    for (const route of uploads) {
      const limits = route.upload as NonNullable<typeof route.upload>;
      const { value } = validSample(route.input, idResolver(g.catalog, route, ids));
      const url = buildCall(route, value).url;
      const fields = Object.fromEntries(Object.entries((value ?? {}) as object).filter(([k]) => !route.pathParams.includes(k)));
      const png = SAMPLE_FILES['image/png'] as { data: Buffer };
      const bad = [
        {
          label: 'HTML disguised as an image',
          status: 400,
          body: multipartBody(fields, {
            field: limits.field,
            name: 'foto.png',
            type: 'image/png',
            data: Buffer.from('<html><script>alert(1)</script></html>'),
          }),
        },
        {
          label: 'an executable',
          status: 400,
          body: multipartBody(fields, { field: limits.field, name: 'x.pdf', type: 'application/pdf', data: Buffer.from('MZ\x90\x00\x03') }),
        },
        {
          label: 'one byte over the limit',
          status: 413,
          body: multipartBody(fields, {
            field: limits.field,
            name: 'grande.png',
            type: 'image/png',
            data: Buffer.concat([png.data, Buffer.alloc(limits.maxBytes + 1 - png.data.length)]),
          }),
        },
        {
          label: 'another field name',
          status: 400,
          body: multipartBody(fields, { field: 'outro', name: 'foto.png', type: 'image/png', data: png.data }),
        },
      ];
      for (const b of bad) {
        const before = await g.snapshot();
        const files = await g.storedFiles();
        const res = await t.app.inject({
          method: route.method as 'POST',
          url,
          payload: b.body.payload,
          headers: { authorization: `Bearer ${owner}`, 'content-type': b.body.contentType },
        });
        cases += 1;
        expect(res.statusCode, `${route.name} with ${b.label}: ${res.body.slice(0, 200)}`).toBe(b.status);
        expectErrorShape(res, b.status);
        expect(changedTables(before, await g.snapshot()), `${route.name} with ${b.label}`).toEqual([]);
        expect(await g.storedFiles(), `${route.name} with ${b.label} stored a file`).toEqual(files);
      }
      const files = await g.storedFiles();
      const good = await send(t, buildCall(route, value, { token: owner }));
      expect(good.statusCode, `${route.name} with a valid file: ${good.body.slice(0, 200)}`).toBeLessThan(300);
      // The control: the storage check sees a stored upload.
      expect((await g.storedFiles()).length, `${route.name}: a valid upload stored no file`).toBe(files.length + 1);
    }
    console.log(`[hardening] ${uploads.length} upload routes, ${cases} refused uploads`);
  });

  it('every upload route answers a malformed form (boundary missing or wrong, body cut short, not a form) with 400, storing nothing', {
    timeout: 60_000,
  }, async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const ids = await g.ids(g.companies.demo);
    const uploads = g.inventory.routes.filter((r) => r.upload);
    const failures: string[] = [];
    let cases = 0;
    for (const route of uploads) {
      const limits = route.upload as NonNullable<typeof route.upload>;
      const url = buildCall(route, validSample(route.input, idResolver(g.catalog, route, ids)).value).url;
      const type = limits.types[0] as string;
      const sample = SAMPLE_FILES[type] as { name: string; data: Buffer };
      for (const form of malformedForms({ field: limits.field, name: sample.name, type, data: sample.data })) {
        const before = await g.snapshot();
        const files = await g.storedFiles();
        const call = {
          method: route.method,
          url,
          payload: form.payload,
          headers: { authorization: `Bearer ${owner}`, 'content-type': form.contentType },
        };
        const res = await send(t, call);
        cases += 1;
        const problems = [...errorReplyProblems(route, res), ...cacheProblems(call, res)];
        if (res.statusCode !== 400) problems.unshift(`HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        const changed = changedTables(before, await g.snapshot());
        if (changed.length) problems.push(`changed ${changed.join(', ')}`);
        if ((await g.storedFiles()).join() !== files.join()) problems.push('stored a file');
        if (problems.length) failures.push(`${route.name} with ${form.label}: ${problems.join('; ')}`);
      }
    }
    console.log(
      `[hardening] ${uploads.length} upload routes × ${cases / Math.max(1, uploads.length)} malformed forms = ${cases} cases, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });

  it('a plain write route not classified as an upload takes no file: a valid form is refused and nothing is stored', {
    timeout: 60_000,
  }, async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const ids = await g.ids(g.companies.demo);
    // An unclassified upload route would accept it: classify it (`upload` in route-classification.ts).
    const routes = g.inventory.routes.filter((r) => r.transport === 'plain' && r.write && !r.upload && r.access !== 'local');
    const png = SAMPLE_FILES['image/png'] as { name: string; data: Buffer };
    const form = multipartBody({}, { field: 'file', name: png.name, type: 'image/png', data: png.data });
    const failures: string[] = [];
    for (const route of routes) {
      const url = buildCall(route, validSample(route.input, idResolver(g.catalog, route, ids)).value).url;
      const before = await g.snapshot();
      const files = await g.storedFiles();
      const res = await send(t, {
        method: route.method,
        url,
        payload: form.payload,
        headers: { authorization: `Bearer ${owner}`, 'content-type': form.contentType },
      });
      if (res.statusCode < 300) failures.push(`${route.name} accepted a form: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (res.statusCode >= 500) failures.push(`${route.name}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      const changed = changedTables(before, await g.snapshot());
      if (changed.length) failures.push(`${route.name} with a form changed ${changed.join(', ')}`);
      if ((await g.storedFiles()).join() !== files.join()) failures.push(`${route.name} stored the file of a form`);
    }
    console.log(`[hardening] ${routes.length} plain write routes without an upload refuse a form`);
    expect(failures).toEqual([]);
  });
});

describe('rate limits (LOGIN_RATE_LIMIT=3)', () => {
  const login = (email: string, headers: Record<string, string> = {}, remote = REMOTE) =>
    limited.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'errada123' }, headers, ...remote });
  const forgot = (email: string, headers: Record<string, string> = {}, remote = REMOTE) =>
    limited.app.inject({ method: 'POST', url: '/api/forgot/password', payload: { email }, headers, ...remote });

  it('login: the 4th failure for an e-mail is 429, and a forged X-Forwarded-For does not reset it', async () => {
    for (let i = 0; i < 3; i++) expect((await login(DEMO.users.colaborador)).statusCode).toBe(401);
    const blocked = await login(DEMO.users.colaborador);
    expectErrorShape(blocked, 429);
    expect((await login(DEMO.users.colaborador, { 'x-forwarded-for': '203.0.113.99' })).statusCode).toBe(429);
  });

  it('login: one address cannot try many e-mails without limit (ten times the per-e-mail budget)', { timeout: 60_000 }, async () => {
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await login(`ninguem${i}@nada.test`, {}, { remoteAddress: '198.51.100.21' })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('login: successful logins of an office behind one address never count against it', { timeout: 60_000 }, async () => {
    const office = { remoteAddress: '198.51.100.23' };
    for (let i = 0; i < 31; i++) {
      const res = await limited.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: DEMO.users.owner, password: DEMO.password },
        ...office,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('password recovery: the 4th request from an address is 429, whatever X-Forwarded-For claims', async () => {
    const remote = { remoteAddress: '198.51.100.22' };
    for (let i = 0; i < 3; i++) expect((await forgot(`p${i}@nada.test`, {}, remote)).statusCode).toBe(200);
    expectErrorShape(await forgot('p4@nada.test', {}, remote), 429);
    expect((await forgot('p5@nada.test', { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 200)}` }, remote)).statusCode).toBe(
      429,
    );
  });

  it('password recovery: one e-mail cannot be flooded from many addresses', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(DEMO.users.admin, {}, { remoteAddress: `198.51.100.${100 + i}` })).statusCode);
    expect(statuses).toContain(429);
  });
});

describe('request ids', () => {
  it('every reply carries one; error bodies repeat it; a sane incoming id is kept, anything else replaced', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const replies = [
      await t.call('GET', '/api/profile', { token: owner }),
      await t.call('GET', '/trpc/profile.get', { token: owner }),
      await t.call('GET', '/api/nao-existe'),
      await t.call('GET', '/api/users/%E0%A4%A'),
      await t.call('GET', `/api/users/${'9'.repeat(300)}`),
      await t.call('POST', '/api/login', { body: { email: 'x' } }),
    ];
    for (const res of replies) expect(res.headers['x-request-id'], res.body.slice(0, 200)).toMatch(/^[\w.-]{8,64}$/);
    expectErrorShape(replies[2] as never, 404);
    expectErrorShape(replies[3] as never, 400);
    expect((replies[4] as { statusCode: number }).statusCode).toBeGreaterThanOrEqual(400);
    expectErrorShape(replies[4] as never, (replies[4] as { statusCode: number }).statusCode);
    expect((await t.call('GET', '/healthz', { headers: { 'x-request-id': 'lb-1234abcd' } })).headers['x-request-id']).toBe('lb-1234abcd');
    for (const bad of ['x'.repeat(500), 'a b c', '<script>', '']) {
      expect((await t.call('GET', '/healthz', { headers: { 'x-request-id': bad } })).headers['x-request-id']).not.toBe(bad);
    }
  });
});

describe('internal errors (database unreachable)', () => {
  let broken: BuiltApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/inexistente',
      REDIS_URL: '',
      SMTP_URL: 'smtp://127.0.0.1:1',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      APP_URL: OWN_ORIGIN,
    });
    const logStream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    broken = await buildApp(config, createPrismaClient(config.DATABASE_URL as string), { logStream });
    await broken.app.ready();
  });
  afterAll(async () => {
    await broken?.app.close();
    await broken?.deps.db.$disconnect();
  });

  it('answers 500 with the generic message and the request id, never the cause; the log has the cause and the same id', async () => {
    const token = await new SignJWT({ company_id: 2, company_name: 'x', role: 'owner', features: {} })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('2')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('test-secret-test-secret-test-secret-0123456789'));
    const calls = [
      { method: 'POST', url: '/api/login', payload: { email: DEMO.users.owner, password: DEMO.password } },
      { method: 'GET', url: '/api/users', headers: { authorization: `Bearer ${token}` } },
      { method: 'GET', url: '/trpc/users.list', headers: { authorization: `Bearer ${token}` } },
    ];
    for (const call of calls) {
      const res = await broken.app.inject(call as never);
      expect(res.statusCode, res.body).toBe(500);
      const json = JSON.parse(res.body);
      const body = errorBodySchema.parse(json.error ? json.error.data : json);
      expect(body).toMatchObject({ status: 500, message: GENERIC_ERROR_MESSAGE });
      expect(internalsIn(res.body), res.body).toBeUndefined();
      expect(res.body).not.toContain('127.0.0.1:1');
      const logged = lines.filter((l) => l.reqId === body.request_id);
      expect(
        logged.some((l) => (l.level as number) >= 50 && JSON.stringify(l.err ?? '').length > 20),
        JSON.stringify(logged).slice(0, 500),
      ).toBe(true);
      expect(JSON.stringify(logged)).not.toContain(token);
    }
    const health = await broken.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(internalsIn(health.body)).toBeUndefined();
  });
});
