import { describe, expect, it } from 'vitest';
import { validSample } from '../guard/inputs';
import { buildCall, errorReplyProblems, forgedAuthorizations, send } from '../guard/requests';
import { idResolver, useGuard } from '../guard/setup';
import { changedTables } from '../guard/tenant-data';
import { DEMO } from '../harness';

const { t, g } = useGuard();
const PROTECTED = new Set(['authed', 'manager', 'owner', 'super_admin']);

describe('authentication matrix', () => {
  it('every non-public route answers 401 to a missing, expired, foreign-key, alg-none or otherwise bad token, and changes nothing', {
    timeout: 180_000,
  }, async () => {
    const db = t.deps.db;
    const owner = await db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } });
    const inactive = await db.user.create({
      data: {
        companyId: g.companies.demo,
        name: 'Pessoa Inativa',
        email: 'inativa@demo.test',
        role: 'owner',
        status: 'inactive',
        passwordHash: owner.passwordHash,
      },
    });
    const credentials = await forgedAuthorizations(t.deps.config.jwtSecret, { userId: owner.id, companyId: g.companies.demo }, inactive.id);
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
        else failures.push(...errorReplyProblems(route, res).map((p) => `${route.name} with ${label}: ${p}`));
        const after = await g.snapshot();
        const changed = changedTables(before, after);
        if (changed.length) failures.push(`${route.name} with ${label} changed ${changed.join(', ')}`);
        before = after;
      }
    }
    console.log(
      `[auth matrix] ${routes.length} routes × ${Object.keys(credentials).length} credentials = ${cases} cases, ${failures.length} failures`,
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
