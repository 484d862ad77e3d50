// The limits of outgoing e-mail (send-limits.ts, SEND_LIMITS) through HTTP: recipients are counted,
// not calls; a refused send is a 429 with the limit's message and Retry-After on both transports,
// records no mailing and queues no job, and gives back what it spent; the agency's limit is shared
// by its users and not by other agencies; every route that sends mail is limited. The points
// already spent are set through the platform's own limiters (an hour of real sends would take long).
import { randomUUID } from 'node:crypto';
import { SEND_LIMITS, type SendLimitScope, sendLimitMessage } from '@app/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../test/budget-fixtures';
import { DEMO, useTestApp } from '../test/harness';
import { budgetMailingJob } from './modules/budget-documents/budget-documents.jobs';
import { sendLimitKeys } from './send-limits';

const t = useTestApp();
const users = { owner: { id: 0, token: '' }, admin: { id: 0, token: '' }, colab: { id: 0, token: '' }, outra: { id: 0, token: '' } };
const agencies = { demo: 0, outra: 0 };

beforeAll(async () => {
  const emails = { owner: DEMO.users.owner, admin: DEMO.users.admin, colab: DEMO.users.colaborador, outra: DEMO.users.outraOwner };
  for (const [name, email] of Object.entries(emails) as [keyof typeof users, string][]) {
    const row = await t.deps.db.user.findUniqueOrThrow({ where: { email }, select: { id: true, companyId: true } });
    users[name] = { id: row.id, token: await t.tokenFor(email) };
    agencies[name === 'outra' ? 'outra' : 'demo'] = row.companyId;
  }
});

const SCOPES: SendLimitScope[] = ['userHour', 'agencyHour', 'agencyDay'];
const LIMIT: Record<SendLimitScope, number> = {
  userHour: SEND_LIMITS.recipientsPerUserPerHour,
  agencyHour: SEND_LIMITS.recipientsPerAgencyPerHour,
  agencyDay: SEND_LIMITS.recipientsPerAgencyPerDay,
};
const keysOf = (user: keyof typeof users) =>
  sendLimitKeys({ user: { id: users[user].id }, companyId: user === 'outra' ? agencies.outra : agencies.demo });

/** Spends `points` of `scope` for `user` (or their agency), as earlier sends would have. */
const alreadySent = (user: keyof typeof users, scope: SendLimitScope, points: number) =>
  t.platform.sendLimiters[scope].consume(keysOf(user)[scope], points);
const spentOf = async (user: keyof typeof users, scope: SendLimitScope) =>
  (await t.platform.sendLimiters[scope].get(keysOf(user)[scope]))?.consumedPoints ?? 0;

afterEach(async () => {
  for (const user of Object.keys(users) as (keyof typeof users)[])
    for (const scope of SCOPES) await t.platform.sendLimiters[scope].delete(keysOf(user)[scope]);
});

const addresses = (n: number) => Array.from({ length: n }, (_, i) => `cliente-${i}-${randomUUID()}@exemplo.test`);
const sendEmail = (user: keyof typeof users, budgetId: number, to: string[]) =>
  t.call('POST', `/api/budgets/send-email/${budgetId}`, { token: users[user].token, body: { to } });

/** What a send may leave behind: the mailings, the budget's status and the queued mail jobs. */
async function sendTraces(budgetId: number) {
  await t.platform.jobs.drain();
  const [mailings, budget, jobs] = await Promise.all([
    t.deps.db.budgetMailing.count({ where: { budgetId } }),
    t.deps.db.budget.findUniqueOrThrow({ where: { id: budgetId }, select: { status: true, sentAt: true } }),
    t.platform.jobs.stored(budgetMailingJob.name),
  ]);
  return { mailings, budget, jobs: jobs.length };
}

function expectRefused(res: Awaited<ReturnType<typeof t.call>>, scope: SendLimitScope) {
  expect(res.statusCode, res.body).toBe(429);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(scope === 'agencyDay' ? 86_400 : 3_600);
  expect(res.json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', message: sendLimitMessage(scope, retryAfter) });
  return retryAfter;
}

describe('the send limits count recipients', () => {
  it("a user's sends spend one point per different address; past the hour's limit a 429 stores nothing and spends nothing", async () => {
    const budget = await newBudget(t, users.colab.token);
    await alreadySent('colab', 'userHour', LIMIT.userHour - 11);

    // Nine addresses, one of them twice in another case: nine recipients.
    const to = addresses(9);
    const sent = await sendEmail('colab', budget.id, [...to, (to[0] as string).toUpperCase()]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await spentOf('colab', 'userHour')).toBe(LIMIT.userHour - 2);
    expect(await spentOf('colab', 'agencyHour')).toBe(9);
    expect(await spentOf('colab', 'agencyDay')).toBe(9);

    const before = await sendTraces(budget.id);
    const refused = await sendEmail('colab', budget.id, addresses(3));
    expectRefused(refused, 'userHour');
    expect(refused.json().message).toMatch(
      /^Limite de envios atingido \(200 destinatários por hora para cada usuário\): tente novamente em (\d+ minutos?|1 hora)\.$/,
    );
    expect(await sendTraces(budget.id)).toEqual(before);
    // The refused call counted for nothing, in every limit: two more recipients still go.
    expect(await spentOf('colab', 'userHour')).toBe(LIMIT.userHour - 2);
    expect(await spentOf('colab', 'agencyHour')).toBe(9);
    expect((await sendEmail('colab', budget.id, addresses(2))).statusCode).toBe(200);
    expect((await sendTraces(budget.id)).mailings).toBe(before.mailings + 1);
  });

  it('the proposals route counts the same way, and tRPC answers the same 429 with Retry-After', async () => {
    const budget = await newBudget(t, users.colab.token);
    await alreadySent('colab', 'userHour', LIMIT.userHour);
    const body = { id: budget.id, proposal_ids: [budget.proposalId], to: addresses(1) };
    expectRefused(await t.call('POST', `/api/budgets/${budget.id}/send-proposals`, { token: users.colab.token, body }), 'userHour');
    const trpc = await t.call('POST', '/trpc/budgetDocuments.sendProposals', { token: users.colab.token, body });
    expect(trpc.statusCode).toBe(429);
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0);
    expect(trpc.json().error.data).toMatchObject({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/^Limite de envios atingido/),
    });
    expect((await sendTraces(budget.id)).mailings).toBe(0);
  });

  it("the agency's hour is shared by its users, and not by another agency", async () => {
    const budget = await newBudget(t, users.owner.token);
    await alreadySent('owner', 'agencyHour', LIMIT.agencyHour - 5);
    expect((await sendEmail('owner', budget.id, addresses(3))).statusCode).toBe(200);
    const before = await sendTraces(budget.id);
    // The administrator has sent nothing this hour: the agency's count refuses.
    expectRefused(await sendEmail('admin', budget.id, addresses(3)), 'agencyHour');
    expect(await sendTraces(budget.id)).toEqual(before);
    expect(await spentOf('admin', 'userHour')).toBe(0);
    expect((await sendEmail('admin', budget.id, addresses(2))).statusCode).toBe(200);

    const other = await newBudget(t, users.outra.token);
    expect((await sendEmail('outra', other.id, addresses(3))).statusCode).toBe(200);
  });

  it("the agency's day refuses with its own message", async () => {
    const budget = await newBudget(t, users.owner.token);
    await alreadySent('owner', 'agencyDay', LIMIT.agencyDay);
    const retryAfter = expectRefused(await sendEmail('admin', budget.id, addresses(1)), 'agencyDay');
    expect(sendLimitMessage('agencyDay', retryAfter)).toMatch(
      /5\.000 destinatários por dia para a agência\): tente novamente em \d+ horas?\./,
    );
  });
});

describe('every route that sends mail is limited', () => {
  it('vouchers, reservation requests, contracts, signature requests and invitations: 429 past the limit, nothing stored', async () => {
    await alreadySent('owner', 'userHour', LIMIT.userHour);
    const budget = await newBudget(t, users.owner.token);
    const to = addresses(1);
    const routes: [string, string, unknown][] = [
      ['POST', `/api/budgets/send-email/${budget.id}`, { to }],
      ['POST', '/api/vouchers/send', { budget_id: budget.id, to }],
      ['PUT', '/api/reservations/send/1', {}],
      ['POST', '/api/contracts/send', { contract_id: 1 }],
      ['POST', '/api/contracts/signature/1', {}],
      ['POST', '/api/users', { user: { name: 'Convidada', email: to[0], role: 'colaborador' } }],
      ['POST', `/api/companies/${agencies.demo}/create-user`, { user: { name: 'Convidada', email: to[0], role: 'colaborador' } }],
      ['PUT', `/api/users/reopen/${users.colab.id}`, {}],
    ];
    const before = await Promise.all([t.deps.db.user.count(), t.deps.db.saleMailing.count(), t.deps.db.budgetMailing.count()]);
    for (const [method, url, body] of routes) expectRefused(await t.call(method, url, { token: users.owner.token, body }), 'userHour');
    expect(await Promise.all([t.deps.db.user.count(), t.deps.db.saleMailing.count(), t.deps.db.budgetMailing.count()])).toEqual(before);
  });

  it('an invitation is one recipient', async () => {
    await alreadySent('owner', 'userHour', LIMIT.userHour - 1);
    const [email] = addresses(1);
    const invite = await t.call('POST', '/api/users', {
      token: users.owner.token,
      body: { user: { name: 'Nova', email, role: 'colaborador' } },
    });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(await t.mailsTo(email as string)).toHaveLength(1);
    expect(await spentOf('owner', 'userHour')).toBe(LIMIT.userHour);
  });

  it('invalid input is refused (400) before anything is spent', async () => {
    const budget = await newBudget(t, users.colab.token);
    expect((await sendEmail('colab', budget.id, ['não é e-mail'])).statusCode).toBe(400);
    expect(await spentOf('colab', 'userHour')).toBe(0);
  });
});
