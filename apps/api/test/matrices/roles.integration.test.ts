import { ROLES, type Role } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { validSample } from '../guard/inputs';
import { buildCall, cacheProblems, errorBody, errorReplyProblems, send } from '../guard/requests';
import { idResolver, useGuard } from '../guard/setup';
import { changedTables } from '../guard/tenant-data';
import { DEMO } from '../harness';

const { t, g } = useGuard();

/** The policy, stated once here and independently of trpc.ts: who may call each access level. */
const ALLOWED: Record<string, readonly Role[]> = {
  manager: ['owner', 'administrador', 'super_admin'],
  owner: ['owner'],
  super_admin: ['super_admin'],
};
const LOGIN: Record<Role, string> = {
  super_admin: DEMO.users.superAdmin,
  owner: DEMO.users.owner,
  administrador: DEMO.users.admin,
  colaborador: DEMO.users.colaborador,
};

describe('role matrix', () => {
  it('owner-only, manager and super-admin routes refuse every other role with 403 and change nothing; allowed roles are not refused', {
    timeout: 180_000,
  }, async () => {
    const tokens = Object.fromEntries(await Promise.all(ROLES.map(async (r) => [r, await t.tokenFor(LOGIN[r])]))) as Record<Role, string>;
    const routes = g.inventory.routes.filter((r) => ALLOWED[r.access]);
    const ids = await g.ids(g.companies.demo);
    const failures: string[] = [];
    let cases = 0;
    let before = await g.snapshot();
    const allowedCalls: (() => Promise<void>)[] = [];
    for (const route of routes) {
      const { value } = validSample(route.input, idResolver(g.catalog, route, ids));
      for (const role of ROLES) {
        if (ALLOWED[route.access]?.includes(role)) {
          allowedCalls.push(async () => {
            const call = buildCall(route, value, { token: tokens[role] });
            const res = await send(t, call);
            cases += 1;
            // 401/403 log the user out in the web app: never an answer to an allowed role.
            if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500) {
              failures.push(`${route.name} as ${role} (allowed): HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
            }
            failures.push(...cacheProblems(call, res).map((p) => `${route.name} as ${role} (allowed): ${p}`));
          });
          continue;
        }
        const call = buildCall(route, value, { token: tokens[role] });
        const res = await send(t, call);
        cases += 1;
        const body = errorBody(route, res) as { code?: string; message?: string } | undefined;
        if (res.statusCode !== 403 || body?.code !== 'FORBIDDEN' || body?.message !== 'Proibido') {
          failures.push(`${route.name} as ${role}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        } else
          failures.push(...[...errorReplyProblems(route, res), ...cacheProblems(call, res)].map((p) => `${route.name} as ${role}: ${p}`));
        const after = await g.snapshot();
        const changed = changedTables(before, after);
        if (changed.length) failures.push(`${route.name} as ${role} changed ${changed.join(', ')}`);
        before = after;
      }
    }
    // Allowed calls may change state, so they run after every refusal was checked.
    for (const call of allowedCalls) await call();
    const levels = Object.keys(ALLOWED)
      .map((a) => `${a} ${routes.filter((r) => r.access === a).length}`)
      .join(', ');
    console.log(`[role matrix] ${routes.length} routes (${levels}) × ${ROLES.length} roles = ${cases} cases, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it('feature routes refuse an agency whose plan lacks the feature with 402 and change nothing', { timeout: 60_000 }, async () => {
    const routes = g.inventory.routes.filter((r) => r.feature);
    const db = t.deps.db;
    const bare = await db.plan.create({ data: { name: 'Plano sem recursos (teste)', amountCents: 0, features: {} } });
    await db.subscription.update({
      where: { companyId: g.companies.outra },
      data: { planId: bare.id, status: 'active', currentPeriodEnd: new Date(Date.now() + 86_400_000) },
    });
    const token = await t.tokenFor(DEMO.users.outraOwner);
    const ids = await g.ids(g.companies.outra);
    const failures: string[] = [];
    let before = await g.snapshot();
    for (const route of routes) {
      const { value } = validSample(route.input, idResolver(g.catalog, route, ids));
      const res = await send(t, buildCall(route, value, { token }));
      const body = errorBody(route, res) as { code?: string } | undefined;
      if (res.statusCode !== 402 || body?.code !== 'PLAN_RESTRICTED')
        failures.push(`${route.name} without ${route.feature}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
      const after = await g.snapshot();
      const changed = changedTables(before, after);
      if (changed.length) failures.push(`${route.name} without ${route.feature} changed ${changed.join(', ')}`);
      before = after;
    }
    console.log(`[role matrix] ${routes.length} feature routes refused to a plan without the feature`);
    expect(failures).toEqual([]);
  });
});
