import { describe, expect, it } from 'vitest';
import { validSample } from '../guard/inputs';
import { buildCall, cacheProblems, earlierToken, errorReplyProblems, forgedAuthorizations, send } from '../guard/requests';
import { idResolver, useGuard } from '../guard/setup';
import { changedTables } from '../guard/tenant-data';
import { DEMO, linkToken } from '../harness';

const { t, g } = useGuard();
const PROTECTED = new Set(['authed', 'manager', 'owner', 'super_admin']);

/**
 * Tokens of two owners issued a few minutes ago, checked to work, then made stale through the
 * real routes: one owner changed the password, the other reset it from the e-mailed link. A
 * stolen token must die with the password it was issued under.
 */
async function tokensFromBeforeAPasswordChange(passwordHash: string): Promise<Record<string, string>> {
  const db = t.deps.db;
  const owner = (label: string) =>
    db.user.create({
      data: {
        companyId: g.companies.demo,
        name: `Pessoa ${label}`,
        email: `${label}@demo.test`,
        role: 'owner',
        status: 'active',
        passwordHash,
      },
      select: { email: true },
    });
  const changed = await owner('senha-trocada');
  const reset = await owner('senha-redefinida');
  const tokens = {
    changed: await earlierToken(t.deps.config.jwtSecret, await t.tokenFor(changed.email)),
    reset: await earlierToken(t.deps.config.jwtSecret, await t.tokenFor(reset.email)),
  };
  for (const token of Object.values(tokens)) expect((await t.call('GET', '/api/profile', { token })).statusCode).toBe(200);
  const password = { password: 'senha-nova-123', password_confirmation: 'senha-nova-123' };
  const change = await t.call('POST', '/api/change/password', {
    token: tokens.changed,
    body: { current_password: DEMO.password, ...password },
  });
  expect(change.statusCode, change.body).toBe(200);
  expect((await t.call('POST', '/api/forgot/password', { body: { email: reset.email } })).statusCode).toBe(200);
  await t.platform.jobs.drain();
  const mail = await db.outboxMail.findFirstOrThrow({ where: { to: reset.email }, orderBy: { id: 'desc' } });
  const done = await t.call('POST', '/api/reset/password', { body: { token: linkToken(mail.text, '/definir-senha'), ...password } });
  expect(done.statusCode, done.body).toBe(200);
  return {
    'token issued before a password change': `Bearer ${tokens.changed}`,
    'token issued before a password reset': `Bearer ${tokens.reset}`,
  };
}

describe('authentication matrix', () => {
  it('every non-public route answers 401 (never cached) to a missing, expired, foreign-key, alg-none, pre-password-change or otherwise bad token, and changes nothing', {
    timeout: 180_000,
  }, async () => {
    const db = t.deps.db;
    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } });
    if (!owner.passwordHash) throw new Error('the demo owner has no password');
    const { passwordHash } = owner;
    const inactive = await db.user.create({
      data: {
        companyId: g.companies.demo,
        name: 'Pessoa Inativa',
        email: 'inativa@demo.test',
        role: 'owner',
        status: 'inactive',
        passwordHash,
      },
    });
    const credentials = {
      ...(await forgedAuthorizations(t.deps.config.jwtSecret, { userId: owner.id, companyId: g.companies.demo }, inactive.id)),
      ...(await tokensFromBeforeAPasswordChange(passwordHash)),
    };
    const routes = g.inventory.routes.filter((r) => PROTECTED.has(r.access));
    const ids = await g.ids(g.companies.demo);
    const failures: string[] = [];
    let cases = 0;
    let before = await g.snapshot();
    for (const route of routes) {
      // A valid input on real rows: were the check missing, the call would read or change them.
      const { value } = validSample(route.input, idResolver(g.catalog, route, ids));
      for (const [label, authorization] of Object.entries(credentials)) {
        const call = buildCall(route, value);
        if (authorization) call.headers.authorization = authorization;
        const res = await send(t, call);
        cases += 1;
        if (res.statusCode !== 401) failures.push(`${route.name} with ${label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        else
          failures.push(
            ...[...errorReplyProblems(route, res), ...cacheProblems(call, res)].map((p) => `${route.name} with ${label}: ${p}`),
          );
      }
      // One fingerprint per route, after all its bad credentials: each of them is refused before any
      // work, and a fingerprint of every table after every call made this matrix minutes long.
      const after = await g.snapshot();
      const changed = changedTables(before, after);
      if (changed.length) failures.push(`${route.name} with a bad credential changed ${changed.join(', ')}`);
      before = after;
    }
    // The same routes with a good token (may change state, so after every refusal was checked):
    // the token is what was refused, and an answer that depends on it is never cached.
    const good = { owner: await t.tokenFor(DEMO.users.owner), root: await t.tokenFor(DEMO.users.superAdmin) };
    for (const route of routes) {
      const call = buildCall(route, validSample(route.input, idResolver(g.catalog, route, ids)).value, {
        token: route.access === 'super_admin' ? good.root : good.owner,
      });
      const res = await send(t, call);
      cases += 1;
      if (res.statusCode === 401) failures.push(`${route.name} with a good token: HTTP 401 ${res.body.slice(0, 200)}`);
      failures.push(...cacheProblems(call, res).map((p) => `${route.name} with a good token: ${p}`));
    }
    console.log(
      `[auth matrix] ${routes.length} routes × (${Object.keys(credentials).length} credentials + a good token) = ${cases} cases, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });

  it('signed routes (webhooks) refuse a missing or forged signature in the error shape and change nothing', {
    timeout: 60_000,
  }, async () => {
    const signed = g.inventory.routes.filter((r) => r.access === 'signed');
    const event = JSON.stringify({
      id: 'evt_guarda',
      type: 'checkout.session.completed',
      created: 1,
      data: { object: { customer: 'cus_guarda' } },
    });
    const failures: string[] = [];
    for (const route of signed) {
      for (const signature of [undefined, 't=1,v1=00', `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`]) {
        const before = await g.snapshot();
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        };
        const res = await send(t, { method: route.method, url: route.url, payload: event, headers });
        if (res.statusCode < 400 || res.statusCode >= 500)
          failures.push(`${route.name} with signature ${signature}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        else failures.push(...errorReplyProblems(route, res).map((p) => `${route.name} with signature ${signature}: ${p}`));
        const changed = changedTables(before, await g.snapshot());
        if (changed.length) failures.push(`${route.name} with signature ${signature} changed ${changed.join(', ')}`);
      }
    }
    console.log(`[auth matrix] ${signed.length} signed routes × 3 signatures`);
    expect(failures).toEqual([]);
  });

  it('routes served only to the local machine answer 404 to anyone else', { timeout: 180_000 }, async () => {
    const local = g.inventory.routes.filter((r) => r.access === 'local');
    const failures: string[] = [];
    for (const route of local) {
      const remote = await send(t, buildCall(route, undefined), { remoteAddress: '203.0.113.7' });
      if (remote.statusCode !== 404) failures.push(`${route.name} from 203.0.113.7: HTTP ${remote.statusCode}`);
      const proxied = await send(
        t,
        { ...buildCall(route, undefined), headers: { 'x-forwarded-for': '127.0.0.1' } },
        { remoteAddress: '203.0.113.7' },
      );
      if (proxied.statusCode !== 404)
        failures.push(`${route.name} from 203.0.113.7 claiming X-Forwarded-For 127.0.0.1: HTTP ${proxied.statusCode}`);
      const loopback = await send(t, buildCall(route, undefined));
      if (loopback.statusCode !== 200) failures.push(`${route.name} from loopback: HTTP ${loopback.statusCode}`);
    }
    console.log(`[auth matrix] ${local.length} local-only routes × 3 origins`);
    expect(failures).toEqual([]);
  });
});
