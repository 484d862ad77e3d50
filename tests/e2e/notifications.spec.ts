// The bell: the customer accepts on the landing page in another browser, and the agent's bell rings
// without a reload; opening the notification goes to the budget and marks it read. The e-mail choice
// of the profile is kept.
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

test('the customer accepts and the agent’s bell rings live; the notification opens the budget', async ({ page, browser, request }) => {
  const agency = await createAgency(request);
  const token = await apiToken(request, agency.owner.email, agency.owner.password);
  const headers = { Authorization: `Bearer ${token}` };
  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Sino') });
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: 'Réveillon em Jericoacoara' });
  const created = await request.post('/api/budgets/', {
    headers,
    data: { attendance_id: attendance.id, title: 'Réveillon em Jeri', show_values: true },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const budget = (await created.json()) as { id: number; proposals: { id: number }[]; landing_page_id: string };
  const service = await request.post('/api/services', {
    headers,
    data: {
      proposal_id: budget.proposals[0]?.id,
      type: 'other',
      title: 'Pousada pé na areia',
      currency: 'BRL',
      adult_number: 2,
      child_number: 0,
      infant_number: 0,
      total_cents: 480_000,
      details: {},
    },
  });
  expect(service.ok(), await service.text()).toBeTruthy();
  expect((await request.patch(`/api/budgets/${budget.id}`, { headers, data: { status: 'sent' } })).ok()).toBeTruthy();

  await login(page, agency.owner.email, agency.owner.password);
  await page.goto('/tarefas');
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toHaveAccessibleName('Notificações');

  const customer = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const lp = await customer.newPage();
    await lp.goto(`/landing-page/${budget.landing_page_id}`);
    await lp.getByRole('link', { name: 'Quero esta' }).first().click();
    const form = lp.getByRole('form', { name: 'Gostou? Aceite sua proposta' });
    await form.getByLabel('Nome completo').fill('Renata Albuquerque');
    await form.getByLabel('E-mail').fill('renata@cliente.test');
    await form.getByRole('button', { name: 'Aceitar “Proposta 1”' }).click();
    await expect(lp.getByText('“Proposta 1” foi aceita por Renata Albuquerque')).toBeVisible();
  } finally {
    await customer.close();
  }

  // No reload: the stream tells the screen. (A headless browser's visit counts as a bot's, so the
  // acceptance alone rings here; the API tests cover the first visit.)
  await expect(bell).toHaveAccessibleName('Notificações: 1 não lida', { timeout: 15_000 });
  await expect(page.getByTestId('bell-count')).toContainText('1');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  const items = panel.getByTestId('notification');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Renata Albuquerque aceitou “Proposta 1” do orçamento “Réveillon em Jeri”');
  await expect(items.first()).toContainText('não lida');
  await items.first().click();
  await expect(page).toHaveURL(new RegExp(`/novo-orcamento/${budget.id}$`));
  await expect(bell).toHaveAccessibleName('Notificações');
});

test('the profile keeps which notifications also go by e-mail', async ({ page, request }) => {
  const agency = await createAgency(request);
  await login(page, agency.owner.email, agency.owner.password);
  await page.goto('/perfil');
  const card = page.getByRole('region', { name: 'Avisos por e-mail' });
  const task = card.getByRole('checkbox', { name: 'Um colega me atribuiu uma tarefa' });
  await expect(task).not.toBeChecked();
  await task.check();
  await expect(page.getByText('Avisos por e-mail salvos.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Avisos por e-mail' }).getByRole('checkbox', { name: 'Um colega me atribuiu uma tarefa' }),
  ).toBeChecked();
});
