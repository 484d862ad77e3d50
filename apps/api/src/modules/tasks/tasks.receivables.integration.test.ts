// The contas a receber follow-ups against a real database, the real queue and an SMTP sink: an open
// installment due within the agency's N days (3 by default) gets a "vence em breve" task for the
// sale's seller, one N days overdue a "em atraso" task; a received or far one gets none; N is the
// agency's; the customer's reminder e-mail (with the Pix code of what is left) goes out only when
// the agency turned it on, once per installment and rule.
import { businessDate } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, sellableBudget, TICKET_USD, TOUR } from '../../../test/sale-fixtures';
import { followUpsJob } from './tasks.jobs';

const t = useTestApp();
const tokens = { colab: '', owner: '' };
const CLIENT_EMAIL = 'cliente.parcelas@example.test';
const USD_RATE = 5;
const SOLD = TOUR.sale_cents + TICKET_USD.sale_cents * USD_RATE;
const plusDays = (days: number) => {
  const d = new Date(`${businessDate()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const br = (iso: string) => iso.split('-').reverse().join('/');

async function run() {
  await t.platform.jobs.enqueue(followUpsJob, {});
  await t.platform.jobs.drain();
}
const receivableTasks = async () =>
  (
    await t.deps.db.task.findMany({
      where: { sourceKey: { startsWith: 'follow-up:receivable_' } },
      select: { sourceKey: true, title: true, description: true, assigneeUserId: true },
      orderBy: { sourceKey: 'asc' },
    })
  ).map((x) => ({ ...x, sourceKey: x.sourceKey?.replace(/\d+$/, (id) => String(ids.receivables.indexOf(Number(id)))) }));
const settings = (rules: unknown) => t.call('PUT', '/api/tasks/follow-up-settings', { token: tokens.owner, body: { rules } });

const ids = { receivables: [] as number[], colab: 0, budgetTitle: '' };

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  const root = await t.tokenFor(DEMO.users.superAdmin);
  ids.colab = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
  const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, root),
  );
  await ok(
    await call('PUT', `/api/currency_quotes_params/${quotes.items.find((q) => q.currency === 'USD')?.id}`, { rate: USD_RATE }, root),
  );
  const pix = await ok<{ id: number }>(
    await call(
      'POST',
      '/api/payment_method_params',
      { kind: 'pix', name: 'Pix da agência', pix_key_type: 'email', pix_key: 'cobranca@demo.test' },
      tokens.owner,
    ),
  );

  const budget = await sellableBudget(t, tokens.colab, { supplierId: null });
  const { clientId, title } = await t.deps.db.budget.findUniqueOrThrow({
    where: { id: budget.id },
    select: { clientId: true, title: true },
  });
  ids.budgetTitle = title;
  await ok(await call('PATCH', `/api/clients/${clientId}`, { email: CLIENT_EMAIL, phone: '11987654321' }));
  await ok(
    await call('PUT', `/api/budgets/sell/${budget.id}`, {
      proposal_id: budget.proposalId,
      payment_method_id: pix.id,
      payment_plan: [
        { number: 1, due_date: plusDays(1), amount_cents: 10_000 },
        { number: 2, due_date: plusDays(2), amount_cents: 20_000 },
        { number: 3, due_date: plusDays(10), amount_cents: 30_000 },
        { number: 4, due_date: plusDays(-5), amount_cents: SOLD - 60_000 },
      ],
    }),
  );
  ids.receivables = (
    await t.deps.db.receivable.findMany({ where: { client: { id: clientId } }, select: { id: true }, orderBy: { number: 'asc' } })
  ).map((r) => r.id);
  // The first one was paid early: nothing to remind.
  await ok(await call('POST', `/api/receivables/${ids.receivables[0]}/receive`, { method: 'pix' }, tokens.owner));
});

describe('follow-ups of contas a receber', () => {
  it('a task for the seller per open installment due within 3 days, and per one 3 days overdue; none to the customer by default', async () => {
    await run();
    expect(await receivableTasks()).toEqual([
      {
        sourceKey: 'follow-up:receivable_due_soon:1',
        title: expect.stringMatching(/^Parcela vence em breve: Cliente Orçamento \d+ \(2\/4\)$/),
        description: expect.stringContaining(
          `A parcela 2 do orçamento "${ids.budgetTitle}" vence em ${br(plusDays(2))}: faltam BRL 200,00. Fale com Cliente Orçamento`,
        ),
        assigneeUserId: ids.colab,
      },
      {
        sourceKey: 'follow-up:receivable_overdue:3',
        title: expect.stringMatching(/^Parcela em atraso: .* \(4\/4\)$/),
        description: expect.stringContaining(`venceu em ${br(plusDays(-5))}`),
        assigneeUserId: ids.colab,
      },
    ]);
    expect((await receivableTasks())[0]?.description).toContain('(11987654321)');
    expect(await t.mailsTo(CLIENT_EMAIL)).toHaveLength(0);
  });

  it("the agency's N days: 10 days before brings the installment due in 10 days; a second run creates nothing twice", async () => {
    await ok(await settings([{ rule: 'receivable_due_soon', enabled: true, days: 10 }]));
    await run();
    await run();
    expect((await receivableTasks()).map((x) => x.sourceKey)).toEqual([
      'follow-up:receivable_due_soon:1',
      'follow-up:receivable_due_soon:2',
      'follow-up:receivable_overdue:3',
    ]);
  });

  it('turned on, the customer gets one reminder per installment and rule, with the Pix code of what is left; replies go to the seller', async () => {
    await ok(await settings([{ rule: 'receivable_customer_reminder', enabled: true }]));
    await run();
    await run();
    const mails = await t.mailsTo(CLIENT_EMAIL);
    expect(mails).toHaveLength(3);
    const one = (pattern: RegExp) => mails.filter((m) => pattern.test(m.subject));
    expect(one(/^Agência Demo: parcela de R\$\s200,00 vence em /)).toHaveLength(1);
    expect(one(/^Agência Demo: parcela de R\$\s300,00 vence em /)).toHaveLength(1);
    expect(one(/^Agência Demo: parcela de R\$\s[\d.]+,\d{2} em aberto desde /)).toHaveLength(1);
    const soon = mails.find((m) => /200,00/.test(m.subject));
    expect(soon?.text).toContain('Pix copia e cola');
    expect(soon?.text).toContain('cobranca@demo.test');
    expect(soon?.text).toContain('5406200.00');
    expect(soon?.replyTo).toBe(DEMO.users.colaborador);
    const late = mails.find((m) => m.subject.includes('em aberto desde'));
    expect(late?.text).toContain(`A parcela 4 de 4 da sua viagem "${ids.budgetTitle}" venceu em`);
  });
});
