// Painel da agência (issue 36): the budget of support/budget-seed.ts, sent, sold today through the
// API in two installments with the first received, shows in its agency owner's dashboard (reached
// from the menu): the figures, the charts with the table behind each ("Ver tabela"), and a figure
// clicking through to the list behind it.
import { login } from './support/app';
import { seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test('the dashboard of an agency with a sale: figures, charts and their tables, a figure opening its list', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seeded = await seedBudget(request);
  const { budgetId, token } = seeded;
  expect(
    (await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent', destination: 'Lisboa' } })).ok(),
  ).toBeTruthy();
  const sold = await request.put(`/api/budgets/sell/${budgetId}`, {
    headers: auth(token),
    data: { proposal_id: seeded.lisboa.id, installments: 2 },
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

  // The figure opens the list behind it.
  await page.getByTestId('figure-received').click();
  await expect(page).toHaveURL(/\/contas-a-receber\?situacao=recebida&de=\d{4}-\d{2}-\d{2}&ate=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('receivable-row')).toHaveCount(1);
  await expect(page.getByTestId('receivable-row')).toContainText('Recebida');
});
