// The follow-up rule supplier_payment_due against a real database and the real queue: a reservation
// whose payment to the supplier is due tomorrow (Brazil's calendar) gets one task for the
// attendance's owner, logged in its history and reminded by mail once; the near misses (due later,
// canceled) get none; a second run does nothing.
import { businessDate } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, sellableBudget } from '../../../test/sale-fixtures';
import { followUpsJob } from './tasks.jobs';

const t = useTestApp();
const tokens = { colab: '', root: '' };
const SUBJECT = 'Nova tarefa de acompanhamento: ';
const RULE = 'follow-up:supplier_payment_due:';
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const tomorrow = plusDays(businessDate(), 1);

async function run() {
  await t.platform.jobs.enqueue(followUpsJob, {});
  await t.platform.jobs.drain();
}
const ruleTasks = () =>
  t.deps.db.task.findMany({
    where: { sourceKey: { startsWith: RULE } },
    select: { sourceKey: true, title: true, description: true, assigneeUserId: true, attendanceId: true, priority: true, dueDate: true },
  });

const seeded = { due: 0, later: 0, canceled: 0, attendance: 0, budgetTitle: '' };
let colabId = 0;

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  colabId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador }, select: { id: true } })).id;
  const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, tokens.root),
  );
  const usd = quotes.items.find((q) => q.currency === 'USD');
  await ok(await call('PUT', `/api/currency_quotes_params/${usd?.id}`, { rate: 5 }, tokens.root));
  const supplier = await ok<{ id: number }>(
    await call('POST', '/api/suppliers', { kind: 'organization', name: 'Angra Receptivo', service_types: ['tour', 'other'] }),
  );

  const reservationsOf = async () => {
    const budget = await sellableBudget(t, tokens.colab, { supplierId: supplier.id });
    await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, { proposal_id: budget.proposalId }));
    const info = await ok<{ budget_title: string; reservations: { id: number }[] }>(
      await call('GET', `/api/budgets/${budget.id}/sold-info`),
    );
    return { budget, title: info.budget_title, ids: info.reservations.map((r) => r.id) as [number, number] };
  };
  const first = await reservationsOf();
  const second = await reservationsOf();
  seeded.attendance = first.budget.attendanceId;
  seeded.budgetTitle = first.title;
  [seeded.due, seeded.later] = first.ids;
  [seeded.canceled] = second.ids;
  await ok(await call('PATCH', `/api/reservations/${seeded.due}`, { payment_due_date: tomorrow, status: 'confirmed' }));
  await ok(await call('PATCH', `/api/reservations/${seeded.later}`, { payment_due_date: plusDays(tomorrow, 1) }));
  await ok(await call('PATCH', `/api/reservations/${seeded.canceled}`, { payment_due_date: tomorrow, status: 'canceled' }));
});

describe('follow-up supplier_payment_due', () => {
  it('one task per reservation due tomorrow, for the attendance owner, logged and reminded once; a second run does nothing', async () => {
    await run();
    const tasks = await ruleTasks();
    expect(tasks).toEqual([
      {
        sourceKey: `${RULE}${seeded.due}`,
        title: 'Pagamento a fornecedor vence amanhã: Angra Receptivo',
        description: `Vence em ${tomorrow.split('-').reverse().join('/')} o pagamento de BRL 405,00 a Angra Receptivo pela reserva de "Passeio de escuna em Angra" (orçamento "${seeded.budgetTitle}").`,
        assigneeUserId: colabId,
        attendanceId: seeded.attendance,
        priority: 'high',
        dueDate: new Date(`${businessDate()}T00:00:00Z`),
      },
    ]);
    const ruleLog = {
      action: 'follow_up' as const,
      attendanceId: seeded.attendance,
      changes: { path: ['rule', 'to'], equals: 'Pagamento a fornecedor vence amanhã' },
    };
    const log = await t.deps.db.attendanceLog.findFirstOrThrow({ where: ruleLog });
    expect(log.changes).toEqual({
      task: { from: null, to: 'Pagamento a fornecedor vence amanhã: Angra Receptivo' },
      rule: { from: null, to: 'Pagamento a fornecedor vence amanhã' },
    });
    // The sales' installments bring their own follow-ups (receivable_due_soon): only this rule's mails count.
    const reminders = async () =>
      (await t.mailsTo(DEMO.users.colaborador)).filter((m) => m.subject.startsWith(`${SUBJECT}Pagamento a fornecedor`));
    expect((await reminders()).map((m) => m.subject)).toEqual([`${SUBJECT}Pagamento a fornecedor vence amanhã: Angra Receptivo`]);

    await run();
    expect(await ruleTasks()).toHaveLength(1);
    expect(await t.deps.db.attendanceLog.count({ where: ruleLog })).toBe(1);
    expect(await reminders()).toHaveLength(1);
  });
});
