// Painel da agência (issue 36): the budget of support/budget-seed.ts, sent, sold today through the
// API in two monthly installments from 40 days ago with the first received (so the second is
// overdue), shows in its agency owner's dashboard (reached from the menu): the figures, the charts
// with the table behind each ("Ver tabela"), and the figures clicking through to exactly the list
// they count (the period, the agent and the currency carried as removable filter chips).
import { login } from './support/app';
import { seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
/** A day of the agency's calendar (São Paulo), `n` days before today. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
/** '2026-11-28' -> '28/11/2026', as the chips write days. */
const shown = (day: string) => day.split('-').reverse().join('/');

test('the dashboard of an agency with a sale: figures, charts and their tables, a figure opening its list', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seeded = await seedBudget(request);
  const { budgetId, token } = seeded;
  expect(
    (await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent', destination: 'Lisboa' } })).ok(),
  ).toBeTruthy();
  const sold = await request.put(`/api/budgets/sell/${budgetId}`, {
    headers: auth(token),
    data: { proposal_id: seeded.lisboa.id, installments: 2, first_due_date: daysAgo(40) },
  });
  expect(sold.ok(), await sold.text()).toBeTruthy();
  const sale = ((await sold.json()) as { sale: { id: number; sale_cents: number } }).sale;
  const list = (await (await request.get(`/api/receivables?sale_id=${sale.id}`, { headers: auth(token) })).json()) as {
    receivables: { id: number; number: number }[];
  };
  const first = list.receivables.find((r) => r.number === 1);
  const received = await request.post(`/api/receivables/${first?.id}/receive`, { headers: auth(token), data: { method: 'pix' } });
  expect(received.ok(), await received.text()).toBeTruthy();

  await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
  await page.getByRole('link', { name: 'Painel da agência' }).click();
  await expect(page).toHaveURL('/painel');
  await expect(page.getByRole('heading', { name: 'Painel da agência' })).toBeVisible();
  const dashboard = page.getByTestId('agency-dashboard');
  await expect(dashboard).toBeVisible();

  const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2 })}`;
  await expect(page.getByTestId('figure-sales')).toContainText(brl(sale.sale_cents));
  await expect(page.getByTestId('figure-sales')).toContainText('1 venda');
  await expect(page.getByTestId('figure-won')).toContainText('1');

  // Each chart draws and keeps its table; "Ver tabela" shows it.
  const destinations = page.getByTestId('chart-destinations');
  await expect(destinations.locator('.recharts-surface')).toBeVisible();
  await destinations.getByRole('button', { name: 'Ver tabela' }).click();
  const table = destinations.getByTestId('chart-destinations-table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('row', { name: /Lisboa/ })).toContainText(brl(sale.sale_cents));
  await destinations.getByRole('button', { name: 'Ver gráfico' }).click();
  await expect(destinations.locator('.recharts-surface')).toBeVisible();

  const cash = page.getByTestId('chart-cash');
  await expect(cash.locator('.recharts-surface')).toBeVisible();
  await cash.getByRole('button', { name: 'Ver tabela' }).click();
  await expect(cash.getByTestId('chart-cash-table').getByRole('columnheader', { name: 'Recebido' })).toBeVisible();
  await expect(page.getByTestId('chart-budgets-table')).toContainText('Enviados');

  // Another currency: its own sums (no sale in dollars), kept in the address; back to reais.
  await page.getByRole('combobox', { name: 'Moeda' }).click();
  await page.getByRole('option', { name: 'USD', exact: true }).click();
  await expect(page).toHaveURL(/moeda=USD/);
  await expect(page.getByTestId('figure-sales')).toContainText('US$');
  await expect(page.getByTestId('figure-sales')).not.toContainText(brl(sale.sale_cents));
  await page.getByRole('combobox', { name: 'Moeda' }).click();
  await page.getByRole('option', { name: 'BRL', exact: true }).click();
  await expect(page).not.toHaveURL(/moeda=/);
  await expect(page.getByTestId('figure-sales')).toContainText(brl(sale.sale_cents));

  // Each figure opens exactly the list it counts. A period that also holds the first installment's due day.
  const from = daysAgo(45);
  const to = daysAgo(0);
  const period = `de ${shown(from)} a ${shown(to)}`;
  const openDashboard = async () => {
    await page.goto(`/painel?de=${from}`);
    await expect(page.getByTestId('agency-dashboard')).toBeVisible();
  };
  const figureValue = async (testId: string) => (await page.getByTestId(testId).locator('p').nth(1).textContent())?.trim();
  const chip = (label: string) => page.getByTestId('filter-chip').filter({ hasText: label });

  await openDashboard();
  // Received counts payments on the period's days (the installment was due 40 days ago, paid today).
  await page.getByTestId('figure-received').click();
  await expect(page).toHaveURL(new RegExp(`/contas-a-receber\\?recebido-de=${from}&recebido-ate=${to}&moeda=BRL`));
  await expect(page.getByTestId('receivable-row')).toHaveCount(1);
  await expect(page.getByTestId('receivable-row')).toContainText('Recebida');
  await expect(chip(`Recebidas ${period}`)).toBeVisible();

  // The budgets accepted among those sent: a sold one was accepted, so it is there.
  await openDashboard();
  await page.getByTestId('chart-budgets').getByRole('link', { name: 'Ver os aceitos' }).click();
  await expect(page).toHaveURL(new RegExp(`/orcamentos\\?enviado-de=${from}&enviado-ate=${to}&aceitos=sim`));
  await expect(page.getByTestId('budget-row')).toHaveCount(1);
  await expect(chip('Aceitos pelo cliente')).toBeVisible();

  // A top destination opens the budgets sold to exactly that destination.
  await openDashboard();
  const top = page.getByTestId('chart-destinations');
  await top.getByRole('button', { name: 'Ver tabela' }).click();
  await top.getByRole('link', { name: 'Lisboa' }).click();
  await expect(page).toHaveURL(new RegExp(`/orcamentos\\?destino-exato=Lisboa&vendido-de=${from}&vendido-ate=${to}`));
  await expect(page.getByTestId('budget-row')).toHaveCount(1);
  await expect(chip('Destino: Lisboa')).toBeVisible();

  // Attendances opened in the period: the list's total is the figure; the chip says why, and widens it.
  await openDashboard();
  const opened = Number(await figureValue('figure-opened'));
  expect(opened).toBeGreaterThan(0);
  await page.getByTestId('figure-opened').click();
  await expect(page).toHaveURL(new RegExp(`/atendimentos\\?aberto-de=${from}&aberto-ate=${to}`));
  await expect(page.getByText(`${opened} ${opened === 1 ? 'atendimento' : 'atendimentos'} · página 1`)).toBeVisible();
  await expect(chip(`Abertos ${period}`)).toBeVisible();
  await page.getByRole('button', { name: `Remover o filtro Abertos ${period}` }).click();
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await expect(page).not.toHaveURL(/aberto-de/);

  // Sales of the period, in reais: the budgets sold, as many as the figure's sales.
  await openDashboard();
  await expect(page.getByTestId('figure-sales')).toContainText('1 venda');
  await page.getByTestId('figure-sales').click();
  await expect(page).toHaveURL(new RegExp(`/orcamentos\\?vendido-de=${from}&vendido-ate=${to}&moeda=BRL`));
  await expect(page.getByText('1 orçamento · página 1')).toBeVisible();
  await expect(page.getByTestId('budget-row')).toHaveCount(1);
  await expect(chip(`Vendidos ${period}`)).toBeVisible();
  await expect(chip('Moeda: BRL')).toBeVisible();
  await page.getByRole('button', { name: 'Remover o filtro Moeda: BRL' }).click();
  await expect(chip('Moeda: BRL')).toHaveCount(0);
  await expect(page).not.toHaveURL(/moeda=/);
  await expect(chip(`Vendidos ${period}`)).toBeVisible();

  // Overdue installments in reais: the second one, as the figure says.
  await openDashboard();
  await expect(page.getByTestId('figure-overdue')).toContainText('1 parcela');
  await page.getByTestId('figure-overdue').click();
  await expect(page).toHaveURL(/\/contas-a-receber\?situacao=atrasada&moeda=BRL/);
  await expect(page.getByTestId('receivable-row')).toHaveCount(1);
  await expect(page.getByTestId('receivable-row')).toContainText('Atrasada');
  await expect(page.getByText('1 parcela · página 1')).toBeVisible();
  await expect(chip('Moeda: BRL')).toBeVisible();
  await page.getByRole('button', { name: 'Remover o filtro Moeda: BRL' }).click();
  await expect(page.getByTestId('filter-chip')).toHaveCount(0);
  await expect(page).toHaveURL(/\/contas-a-receber\?situacao=atrasada$/);
});
