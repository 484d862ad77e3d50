// "Um pagamento atrasou": the sweep tells the sale's seller of each installment that became overdue,
// once whatever the runs (two at the same time included), not one received, not one due today (until
// the day turns), not one of an undone sale; the e-mail follows the seller's choice in the profile.
import { businessDate, type NotificationList } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, jobRun, useTestApp } from '../../../test/harness';
import { ok, type SellableBudget, sellableBudget, TICKET_USD, TOUR } from '../../../test/sale-fixtures';
import { notificationMailsJob } from '../notifications/notifications.service';
import { notifyOverdueReceivables, overdueReceivablesJob } from './overdue.jobs';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const ids = { colab: 0 };
const USD_RATE = 5;
const SOLD = TOUR.sale_cents + TICKET_USD.sale_cents * USD_RATE;

const call = (method: string, url: string, body?: unknown, token = tokens.owner) => t.call(method, url, { token, body });
const shift = (days: number) => new Date(Date.parse(`${businessDate()}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const overdueBell = async (token: string, budgetId: number) =>
  (await ok<NotificationList>(await call('GET', '/api/notifications?per_page=50', undefined, token))).notifications.filter(
    (n) => n.kind === 'payment_overdue' && n.link === `/venda-fechada/${budgetId}`,
  );

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.colab = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
  const root = await t.tokenFor(DEMO.users.superAdmin);
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
  );
  await ok(
    await call('PUT', `/api/currency_quotes_params/${quotes.items.find((q) => q.currency === 'USD')?.id}`, { rate: USD_RATE }, root),
  );
});

describe('a payment became overdue', () => {
  let budget: SellableBudget;
  let clientName: string;
  let budgetTitle: string;

  beforeAll(async () => {
    budget = await sellableBudget(t, tokens.owner, { supplierId: null });
    // Sold by the owner for the collaborator: the seller is told, not who clicked.
    await ok(
      await call('PUT', `/api/budgets/sell/${budget.id}`, {
        proposal_id: budget.proposalId,
        seller_user_id: ids.colab,
        payment_plan: [
          { number: 1, due_date: shift(-10), amount_cents: 10_000 },
          { number: 2, due_date: shift(-1), amount_cents: 20_000 },
          { number: 3, due_date: shift(0), amount_cents: 30_000 },
          { number: 4, due_date: shift(30), amount_cents: SOLD - 60_000 },
        ],
      }),
    );
    const receivables = await t.deps.db.receivable.findMany({
      where: { sale: { budgetId: budget.id } },
      orderBy: { number: 'asc' },
      select: { id: true, client: { select: { name: true } } },
    });
    clientName = receivables[0]?.client.name ?? '';
    budgetTitle = (await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id } })).title;
    // The second is paid in full before it is told: nothing to tell.
    await ok(await call('POST', `/api/receivables/${receivables[1]?.id}/receive`, { method: 'pix' }));
  });

  it('tells the seller of each open installment due before today, once, also when two runs meet', async () => {
    const [a, b] = await Promise.all([notifyOverdueReceivables(t.deps.db), notifyOverdueReceivables(t.deps.db)]);
    expect(a + b).toBe(1);
    await overdueReceivablesJob.handle({}, t.jobDeps(), jobRun());
    const told = await overdueBell(tokens.colab, budget.id);
    expect(told.map((n) => [n.title, n.read])).toEqual([
      [`Pagamento em atraso: parcela 1 de ${clientName} (orçamento “${budgetTitle}”)`, false],
    ]);
    expect(await overdueBell(tokens.owner, budget.id)).toEqual([]);
    expect(await overdueBell(tokens.outra, budget.id)).toEqual([]);
    const row = await t.deps.db.notification.findFirstOrThrow({ where: { id: told[0]?.id } });
    expect(row.companyId).toBe((await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id } })).companyId);
  });

  it('the installment due today is told when the agency’s day turns; the one not yet due is not', async () => {
    expect(await notifyOverdueReceivables(t.deps.db, shift(1))).toBe(1);
    expect(await notifyOverdueReceivables(t.deps.db, shift(1))).toBe(0);
    expect((await overdueBell(tokens.colab, budget.id)).map((n) => n.title.match(/parcela (\d)/)?.[1])).toEqual(['3', '1']);
  });

  it('mails the seller who chose it in the profile, once whatever the runs', async () => {
    await ok(await call('PUT', '/api/notifications/preferences', { email: ['payment_overdue'] }, tokens.colab));
    const before = (await t.mailsTo(DEMO.users.colaborador)).length;
    await notificationMailsJob.handle({}, t.jobDeps(), jobRun());
    await notificationMailsJob.handle({}, t.jobDeps(), jobRun());
    const mails = await t.mailsTo(DEMO.users.colaborador);
    const overdueMails = mails.filter((m) => m.subject.startsWith('Pagamento em atraso'));
    expect(mails.length - before).toBe(2);
    expect(overdueMails.map((m) => m.subject).sort()).toEqual([
      `Pagamento em atraso: parcela 1 de ${clientName} (orçamento “${budgetTitle}”)`,
      `Pagamento em atraso: parcela 3 de ${clientName} (orçamento “${budgetTitle}”)`,
    ]);
    expect(overdueMails[0]?.text).toContain(`/venda-fechada/${budget.id}`);
  });

  it('an undone sale’s installments are not told', async () => {
    await ok(await call('PUT', `/api/budgets/undo-sell/${budget.id}`, {}));
    expect(await notifyOverdueReceivables(t.deps.db, shift(60))).toBe(0);
  });
});
