// A read never writes: every read route of the inventory (GET, HEAD, OPTIONS; tRPC queries),
// called as the owner of a bare agency (nothing but itself, its plan and its owner: whatever a read
// would make "on first use" is missing) and as the owner of an agency holding rows of every kind,
// leaves every table as it was, but for the side effects a read has by design, listed below. And
// the one read that reconciles with an outside service, check-session, writes only what lags.
import { hashPassword } from '@app/db';
import { PAID_PLAN_FEATURES } from '@app/db/seed';
import { describe, expect, it } from 'vitest';
import { validSample } from '../guard/inputs';
import { buildCall, send } from '../guard/requests';
import { idResolver, useGuard } from '../guard/setup';
import { changedTables } from '../guard/tenant-data';
import { DEMO } from '../harness';

const { t, g } = useGuard();

/** Tables a read may write, each with why (any other table a read route writes fails here). */
const READ_SIDE_EFFECTS: Record<string, string> = {
  personal_data_accesses: 'an export that lists clients is recorded, as the LGPD asks of every read of personal data in bulk',
};

const PASSWORD = 'senha-forte-1';

/**
 * An agency made straight in the database, without what the app gives one at creation (its quote
 * rows, its default contract template): on `planId`, active, its owner able to sign in.
 */
async function bareAgency(name: string, planId: number) {
  const email = `dona@${name.toLowerCase()}.test`;
  const company = await t.deps.db.company.create({
    data: {
      name: `Agência ${name}`,
      subscription: { create: { planId, status: 'active', currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) } },
      users: { create: { name: `Dona ${name}`, email, role: 'owner', status: 'active', passwordHash: await hashPassword(PASSWORD) } },
    },
    select: { id: true },
  });
  return { companyId: company.id, email, token: await t.tokenFor(email, PASSWORD) };
}

describe('safe reads', () => {
  it('no read route changes a table, as the owner of a bare agency and of one with rows of every kind', { timeout: 180_000 }, async () => {
    // Every feature but cambio_sistema: the agency keeps its own quotes, so a list that made them would show.
    const plan = await t.deps.db.plan.create({
      data: { name: 'Plano sem câmbio (teste)', amountCents: 9_990, features: { ...PAID_PLAN_FEATURES, cambio_sistema: false } },
    });
    const bare = await bareAgency('Leituras', plan.id);
    const callers = [
      { label: 'owner of a bare agency', token: bare.token, ids: await g.ids(bare.companyId) },
      { label: 'owner of Agência Demo', token: await t.tokenFor(DEMO.users.owner), ids: await g.ids(g.companies.demo) },
    ];
    const routes = g.inventory.routes.filter((r) => !r.write);
    const failures: string[] = [];
    let cases = 0;
    let before = await g.snapshot();
    for (const caller of callers) {
      for (const route of routes) {
        const { value } = validSample(route.input, idResolver(g.catalog, route, caller.ids));
        const res = await send(t, buildCall(route, value, { token: caller.token }));
        cases += 1;
        if (res.statusCode >= 500) failures.push(`${route.name} as ${caller.label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`);
        const after = await g.snapshot();
        const changed = changedTables(before, after).filter((table) => !READ_SIDE_EFFECTS[table]);
        if (changed.length) failures.push(`${route.name} as ${caller.label} (HTTP ${res.statusCode}) changed ${changed.join(', ')}`);
        before = after;
      }
    }
    console.log(`[safe reads] ${routes.length} read routes × ${callers.length} callers = ${cases} cases, ${failures.length} failures`);
    expect(failures).toEqual([]);
  });

  it('check-session brings what lags behind the provider in step, and writes nothing once in step', async () => {
    const pro = await t.deps.db.plan.findFirstOrThrow({ where: { name: DEMO.plans.pro }, select: { id: true } });
    const agency = await bareAgency('Pagamentos', pro.id);
    const authorization = `Bearer ${agency.token}`;
    const created = await send(t, {
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      payload: JSON.stringify({ plan_id: pro.id, email: agency.email }),
      headers: { authorization, 'content-type': 'application/json' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sessionId = new URL(created.json().checkout_url).pathname.split('/').pop() as string;
    // The simulator's page pays and delivers the signed events to the webhook, as Stripe would.
    expect((await send(t, { method: 'POST', url: `/checkout-simulator/${sessionId}/pay`, headers: {} })).statusCode).toBe(303);
    const check = () => send(t, { method: 'GET', url: `/api/payments/check-session/${sessionId}`, headers: { authorization } });

    // The webhook came first: the check reads, nothing more, however often the page asks.
    let before = await g.snapshot();
    for (let i = 0; i < 2; i++) {
      const res = await check();
      expect(res.json()).toMatchObject({ status: 'complete', payment_status: 'paid', status_plan: 'active' });
      const after = await g.snapshot();
      expect(changedTables(before, after)).toEqual([]);
      before = after;
    }

    // The browser came back first (the webhook not there yet): the check brings both copies in step.
    const db = t.deps.db;
    await db.checkoutSession.update({ where: { id: sessionId }, data: { status: 'open', paymentStatus: 'unpaid' } });
    await db.subscription.update({ where: { companyId: agency.companyId }, data: { status: 'incomplete', stripeSubscriptionId: null } });
    before = await g.snapshot();
    expect((await check()).json()).toMatchObject({ status: 'complete', payment_status: 'paid', status_plan: 'active' });
    expect(changedTables(before, await g.snapshot()).sort()).toEqual(['checkout_sessions', 'subscriptions']);
    expect(await db.subscription.findUniqueOrThrow({ where: { companyId: agency.companyId } })).toMatchObject({ status: 'active' });
  });
});
