// The app's hosts through HTTP: CORS for the agencies' subdomains (never a lookalike), the hosts
// written into the web app's page, the one-time handoff that carries a session to another host,
// the owner choosing the subdomain, and where a checkout comes back to.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO, type TestApp, useTestApp } from '../test/harness';

const MAIN = 'http://agencia.test:3432';
const DEMO_HOST = 'http://demo.agencia.test:3432';
const OUTRA_HOST = 'http://outra.agencia.test:3432';
const VITE = 'http://localhost:5173';

const webDist = mkdtempSync(join(tmpdir(), 'hosts-web-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><title>Agência CRM</title></head><body></body></html>');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const t = useTestApp({ APP_URL: MAIN, BASE_DOMAIN: 'agencia.test', CORS_ORIGINS: VITE, WEB_DIST: webDist });
const plain = useTestApp({ WEB_DIST: webDist });

afterEach(() => {
  vi.useRealTimers();
});

const trpc = (app: TestApp, path: string, opts: { token?: string; body?: unknown; origin?: string } = {}) =>
  app.call('POST', `/trpc/${path}`, { token: opts.token, body: opts.body ?? {}, headers: opts.origin ? { origin: opts.origin } : {} });

async function handoffUrl(app: TestApp, token: string, path = '/') {
  const res = await trpc(app, 'auth.handoff', { token, body: { path } });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().result.data.url as string);
}

const redeem = (code: string, origin: string | undefined) => trpc(t, 'auth.redeemHandoff', { body: { code }, origin });

async function companyId(name: string) {
  return (await t.deps.db.company.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
}

/** Agência Outra on the free plan: no custom_subdomain. */
async function outraOnFreePlan() {
  const free = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.free }, select: { id: true } });
  await t.deps.db.subscription.update({
    where: { companyId: await companyId(DEMO.companies.outra) },
    data: { planId: free.id, status: 'active', trialEndsAt: null },
  });
}

describe('CORS', () => {
  it("answers the main host, CORS_ORIGINS and any agency subdomain with the main host's scheme and port", async () => {
    for (const origin of [MAIN, VITE, DEMO_HOST, 'http://nova-agencia.agencia.test:3432']) {
      const simple = await t.call('GET', '/healthz', { headers: { origin } });
      expect(simple.headers['access-control-allow-origin'], origin).toBe(origin);
      const preflight = await t.call('OPTIONS', '/trpc/profile.get', {
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers['access-control-allow-origin'], origin).toBe(origin);
    }
  });

  it('refuses lookalikes, another scheme or port, and nested names', async () => {
    for (const origin of [
      'http://evil-agencia.test:3432',
      'http://agencia.test.evil.com:3432',
      'http://x.agencia.test.evil.com:3432',
      'http://a.b.agencia.test:3432',
      'https://demo.agencia.test:3432',
      'http://demo.agencia.test:3433',
      'http://demo.agencia.test',
      'null',
    ]) {
      const preflight = await t.call('OPTIONS', '/trpc/profile.get', {
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
      });
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      const simple = await t.call('GET', '/healthz', { headers: { origin } });
      expect(simple.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('without BASE_DOMAIN no subdomain is answered', async () => {
    const res = await plain.call('GET', '/healthz', { headers: { origin: 'http://demo.localhost:3000' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe("the web app's page", () => {
  it('carries the main host and the base domain with BASE_DOMAIN, and is served as built without it', async () => {
    const page = await t.call('GET', '/clientes');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(`<meta name="app-origin" content="${MAIN}" />`);
    expect(page.body).toContain('<meta name="base-domain" content="agencia.test" />');
    const built = await plain.call('GET', '/clientes');
    expect(built.statusCode).toBe(200);
    expect(built.body).not.toContain('base-domain');
  });
});

describe('host handoff', () => {
  it("carries the owner to the agency's subdomain with a one-time code in the fragment, keeping the path", async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const url = await handoffUrl(t, owner, '/clientes?busca=ana');
    expect(url.origin).toBe(DEMO_HOST);
    expect(url.pathname).toBe('/entrar');
    expect(url.search).toBe('');
    const code = url.hash.slice(1);
    expect(code.length).toBeGreaterThan(20);

    const first = await redeem(code, DEMO_HOST);
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json().result.data;
    expect(session).toMatchObject({ path: '/clientes?busca=ana', subdomain: 'demo', user: { email: DEMO.users.owner } });
    const profile = await t.call('GET', '/api/profile', { token: session.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.email).toBe(DEMO.users.owner);

    // Single use.
    const again = await redeem(code, DEMO_HOST);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.data).toMatchObject({ status: 401, message: 'Link de acesso inválido ou expirado. Entre novamente.' });
  });

  it('is redeemed only by a page of its target origin, and a refused try does not spend it', async () => {
    const code = (await handoffUrl(t, await t.tokenFor(DEMO.users.owner))).hash.slice(1);
    for (const origin of [OUTRA_HOST, MAIN, 'http://evil-agencia.test:3432', undefined]) {
      expect((await redeem(code, origin)).statusCode, origin).toBe(401);
    }
    expect((await redeem(code, DEMO_HOST)).statusCode).toBe(200);
  });

  it('refuses a tampered, foreign or expired code, and a code is never an access token', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const code = (await handoffUrl(t, owner)).hash.slice(1);
    const [body, signature] = code.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, u: payload.u + 1 })).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${body}.${signature.slice(0, -2)}xx`, owner, `${body}.${signature}.x`]) {
      expect((await redeem(bad, DEMO_HOST)).statusCode).toBe(401);
    }
    expect((await t.call('GET', '/api/profile', { token: code })).statusCode).toBe(401);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect((await redeem(code, DEMO_HOST)).statusCode).toBe(401);
  });

  it('a password changed after the code was made voids it', async () => {
    const admin = await t.tokenFor(DEMO.users.admin);
    const code = (await handoffUrl(t, admin)).hash.slice(1);
    const changed = await t.call('POST', '/api/change/password', {
      token: admin,
      body: { current_password: DEMO.password, password: 'nova-senha-123', password_confirmation: 'nova-senha-123' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await redeem(code, DEMO_HOST)).statusCode).toBe(401);
  });

  it('needs a session, and a server with BASE_DOMAIN', async () => {
    expect((await trpc(t, 'auth.handoff', { body: { path: '/' } })).statusCode).toBe(401);
    const res = await trpc(plain, 'auth.handoff', { token: await plain.tokenFor(DEMO.users.owner), body: { path: '/' } });
    expect(res.statusCode).toBe(409);
  });

  it('takes only a path of the app', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    for (const path of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'clientes', '/a b']) {
      expect((await trpc(t, 'auth.handoff', { token: owner, body: { path } })).statusCode, path).toBe(400);
    }
  });
});

describe('where a checkout comes back to', () => {
  /** A checkout opened from `origin`: its session id, and where its page's 'Cancelar e voltar' leads. */
  async function openCheckout(origin: string | undefined) {
    const owner = await t.tokenFor(DEMO.users.outraOwner);
    const pro = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro }, select: { id: true } });
    const created = await t.call('POST', '/api/payments/create-checkout-session', {
      token: owner,
      body: { plan_id: pro.id, email: DEMO.users.outraOwner },
      headers: origin ? { origin } : {},
    });
    expect(created.statusCode, created.body).toBe(200);
    const checkoutUrl = new URL(created.json().checkout_url);
    const id = checkoutUrl.pathname.split('/').pop() as string;
    const page = await t.call('GET', `/checkout-simulator/${id}`);
    const cancel = new URL(/<a href="([^"]+)">Cancelar e voltar<\/a>/.exec(page.body)?.[1] ?? 'http://nada');
    // The simulator's page is on that origin too, so its form's redirect stays on it.
    expect(checkoutUrl.origin).toBe(cancel.origin);
    return { id, cancel };
  }

  it("else the main host: another agency's subdomain, a foreign site, no origin", async () => {
    for (const origin of [DEMO_HOST, 'https://evil.example', 'http://evil-agencia.test:3432', 'null', undefined]) {
      expect((await openCheckout(origin)).cancel.href, origin).toBe(`${MAIN}/seu-plano`);
    }
  });

  it("the origin the owner started from, when it is the app's, CORS_ORIGINS or the agency's own subdomain", async () => {
    for (const origin of [VITE, MAIN, OUTRA_HOST]) {
      expect((await openCheckout(origin)).cancel.href, origin).toBe(`${origin}/seu-plano`);
    }
    // Paid: the provider sends the browser back there, with the session to confirm.
    const { id } = await openCheckout(OUTRA_HOST);
    const paid = await t.call('POST', `/checkout-simulator/${id}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${OUTRA_HOST}/seu-plano?session_id=${id}`);
  });
});

describe("the owner chooses the agency's subdomain (PATCH /api/profile)", () => {
  it('validated, unique, reserved words refused; the profile carries it; null removes it', async () => {
    const owner = await t.tokenFor(DEMO.users.owner);
    const set = (subdomain: unknown, token = owner) => t.call('PATCH', '/api/profile', { token, body: { subdomain } });

    for (const bad of ['www', 'sistema', 'a_b', '-x', 'x', 'com espaço']) {
      const res = await set(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['subdomain']);
    }
    const taken = await set('outra');
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors.subdomain).toEqual(['has already been taken']);

    const chosen = await set(' Minha-Agencia ');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().subdomain).toBe('minha-agencia');
    expect(new URL((await handoffUrl(t, owner)).href).origin).toBe('http://minha-agencia.agencia.test:3432');

    const removed = await set(null);
    expect(removed.json().subdomain).toBeNull();
    expect((await handoffUrl(t, owner)).origin).toBe(MAIN);
    expect((await set('demo')).json().subdomain).toBe('demo');
  });

  it('only the owner (403), and only with custom_subdomain (402); the other profile fields stay open to all', async () => {
    const colab = await t.tokenFor(DEMO.users.colaborador);
    const refused = await t.call('PATCH', '/api/profile', { token: colab, body: { subdomain: 'colab' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, message: 'Só o proprietário escolhe o endereço da agência.' });
    expect((await t.call('PATCH', '/api/profile', { token: colab, body: { name: 'Colab Demo' } })).statusCode).toBe(200);

    await outraOnFreePlan();
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const noFeature = await t.call('PATCH', '/api/profile', { token: outra, body: { subdomain: 'outra-nova' } });
    expect(noFeature.statusCode).toBe(402);
    expect(await t.deps.db.company.findFirst({ where: { subdomain: 'outra-nova' } })).toBeNull();
    // Without the feature the session belongs on the main host, subdomain or not.
    expect((await handoffUrl(t, outra)).origin).toBe(MAIN);
  });
});
