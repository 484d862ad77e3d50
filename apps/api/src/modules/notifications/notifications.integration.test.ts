// The bell through HTTP against the real database: what makes a notification (a customer's first
// visit and acceptance, a task given by a colleague, a reservation confirmed by someone else), what
// does not (a task one gives oneself, a second visit), reading one and all, a user's own only, and
// the e-mail of the kinds the agent chose, sent once whatever the runs.
import type { NotificationList } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, jobRun, useTestApp } from '../../../test/harness';
import { ok, sellableBudget } from '../../../test/sale-fixtures';
import { notificationMailsJob } from './notifications.service';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const ids = { owner: 0, colab: 0 };
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const call = (method: string, url: string, token: string, body?: unknown) => t.call(method, url, { token, body });
const bell = async (token: string, query = '') => ok<NotificationList>(await call('GET', `/api/notifications${query}`, token));

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.owner = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).id;
  ids.colab = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
});

describe('what rings the bell', () => {
  it('a task given by a colleague; not one given to oneself', async () => {
    await ok(await call('POST', '/api/tasks', tokens.owner, { title: 'Emitir os bilhetes do Silva', assignee_user_id: ids.colab }));
    await ok(await call('POST', '/api/tasks', tokens.colab, { title: 'Minha própria tarefa', assignee_user_id: ids.colab }));
    const list = await bell(tokens.colab);
    expect(list.notifications.map((n) => [n.kind, n.title, n.link, n.read])).toEqual([
      ['task_assigned', 'Nova tarefa para você: “Emitir os bilhetes do Silva”', '/tarefas', false],
    ]);
    expect(list.unread_count).toBe(1);
    // Given later by an edit: rings again.
    const task = await ok<{ id: number }>(await call('POST', '/api/tasks', tokens.owner, { title: 'Conferir os vouchers' }));
    await ok(await call('PATCH', `/api/tasks/${task.id}`, tokens.owner, { assignee_user_id: ids.colab }));
    expect((await bell(tokens.colab)).notifications[0]?.title).toBe('Nova tarefa para você: “Conferir os vouchers”');
  });

  it('the customer’s first visit and the acceptance reach the budget’s agent; a second visit does not', async () => {
    const budget = await newBudget(t, tokens.owner, { title: 'Férias em Maceió' });
    await ok(await call('PATCH', `/api/budgets/${budget.id}`, tokens.owner, { status: 'sent' }));
    const tree = await ok<{ landing_page_id: string; title: string }>(await call('GET', `/api/budgets/${budget.id}`, tokens.owner));
    const before = (await bell(tokens.owner)).total_count;
    for (const ip of ['198.51.100.7', '198.51.100.7', '198.51.100.8']) {
      const res = await t.call('GET', `/api/budgets/landing-page/${tree.landing_page_id}`, {
        headers: { 'user-agent': PHONE, 'x-forwarded-for': ip },
      });
      expect(res.statusCode).toBe(200);
    }
    const accept = await t.call('PUT', `/api/budgets/accept/${tree.landing_page_id}`, {
      body: { proposal_id: budget.proposalId, name: 'Marina Lopes', email: 'marina@cliente.test' },
      headers: { 'user-agent': PHONE, 'x-forwarded-for': '198.51.100.7' },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const list = await bell(tokens.owner);
    expect(list.total_count - before).toBe(2);
    expect(list.notifications.slice(0, 2).map((n) => [n.kind, n.title, n.link])).toEqual([
      ['budget_accepted', `Marina Lopes aceitou “Proposta 1” do orçamento “${tree.title}”`, `/novo-orcamento/${budget.id}`],
      ['budget_viewed', `O cliente abriu o orçamento “${tree.title}”`, `/novo-orcamento/${budget.id}`],
    ]);
  });
});

describe('what else rings it', () => {
  it('a reservation confirmed by a colleague reaches the budget’s agent, with the locator; confirmed by the agent, nothing', async () => {
    const root = await t.tokenFor(DEMO.users.superAdmin);
    const quotes = await ok<{ items: { id: number; currency: string }[] }>(
      await call('GET', '/api/currency_quotes_params?per_page=50', root),
    );
    await ok(await call('PUT', `/api/currency_quotes_params/${quotes.items.find((q) => q.currency === 'USD')?.id}`, root, { rate: 5 }));
    const budget = await sellableBudget(t, tokens.owner, { supplierId: null });
    await ok(await call('PUT', `/api/budgets/sell/${budget.id}`, tokens.owner, { proposal_id: budget.proposalId }));
    const info = await ok<{ reservations: { id: number; service_title: string }[] }>(
      await call('GET', `/api/budgets/${budget.id}/sold-info`, tokens.owner),
    );
    const [tour, ticket] = info.reservations;
    const before = (await bell(tokens.owner)).total_count;
    await ok(await call('PATCH', `/api/reservations/${tour?.id}`, tokens.colab, { status: 'confirmed', locator: 'ABC123' }));
    await ok(await call('PATCH', `/api/reservations/${ticket?.id}`, tokens.owner, { status: 'confirmed' }));
    const list = await bell(tokens.owner);
    expect(list.total_count - before).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      kind: 'reservation_confirmed',
      title: `Reserva confirmada: ${tour?.service_title}, localizador ABC123 (orçamento “${(await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id } })).title}”)`,
    });
  });
});

describe('reading the bell', () => {
  it('one, then all; only one’s own (another user’s is not found), never another agency’s', async () => {
    const [first] = (await bell(tokens.colab)).notifications;
    const read = await ok<{ read: boolean }>(await call('PUT', `/api/notifications/${first?.id}/read`, tokens.colab));
    expect(read.read).toBe(true);
    expect((await call('PUT', `/api/notifications/${first?.id}/read`, tokens.owner)).statusCode).toBe(404);
    expect((await call('PUT', `/api/notifications/${first?.id}/read`, tokens.outra)).statusCode).toBe(404);
    expect((await bell(tokens.outra)).total_count).toBe(0);
    expect((await bell(tokens.colab, '?unread=true')).notifications.every((n) => !n.read)).toBe(true);
    const all = await ok<{ read: number }>(await call('PUT', '/api/notifications/read-all', tokens.colab));
    expect(all.read).toBeGreaterThan(0);
    expect((await bell(tokens.colab)).unread_count).toBe(0);
  });
});

describe('by e-mail', () => {
  it('only the kinds chosen, each once whatever the runs; an unknown kind is refused', async () => {
    const colabEmail = DEMO.users.colaborador;
    const bad = await call('PUT', '/api/notifications/preferences', tokens.colab, { email: ['budget_accepted'] });
    expect(bad.statusCode).toBe(400);
    expect(await ok(await call('PUT', '/api/notifications/preferences', tokens.colab, { email: ['task_assigned'] }))).toEqual({
      email: ['task_assigned'],
    });
    await ok(await call('POST', '/api/tasks', tokens.owner, { title: 'Ligar para o hotel em Maragogi', assignee_user_id: ids.colab }));
    const sentBefore = (await t.mailsTo(colabEmail)).length;
    await notificationMailsJob.handle({}, t.jobDeps(), jobRun());
    await notificationMailsJob.handle({}, t.jobDeps(), jobRun());
    const mails = await t.mailsTo(colabEmail);
    expect(mails.length - sentBefore).toBe(1);
    expect(mails[0]?.subject).toBe('Nova tarefa para você: “Ligar para o hotel em Maragogi”');
    expect(mails[0]?.text).toContain('/tarefas');
  });
});
