// Contas a receber (issue 36): the budget of support/budget-seed.ts, accepted and sold through the
// API in three installments, shows up in the agency owner's "Contas a receber" (reached from the
// menu); the first installment is received from its "Receber" dialog (amount prefilled with what is
// open) and leaves "Em aberto"; the list exported as CSV is downloaded and read back.
import { readFile } from 'node:fs/promises';
import { login } from './support/app';
import { seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test('receive an installment, see it leave "em aberto", and export the list', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seeded = await seedBudget(request);
  const { budgetId, token } = seeded;
  const budget = (await (await request.get(`/api/budgets/${budgetId}`, { headers: auth(token) })).json()) as { landing_page_id: string };
  expect((await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } })).ok()).toBeTruthy();
  const accepted = await request.put(`/api/budgets/accept/${budget.landing_page_id}`, {
    data: { proposal_id: seeded.lisboa.id, name: 'Ana Viajante', email: 'ana.viajante@e2e.test' },
  });
  expect(accepted.ok(), await accepted.text()).toBeTruthy();
  const sold = await request.put(`/api/budgets/sell/${budgetId}`, {
    headers: auth(token),
    data: { proposal_id: seeded.lisboa.id, installments: 3, first_due_date: '2031-03-10' },
  });
  expect(sold.ok(), await sold.text()).toBeTruthy();
  const plan = ((await sold.json()) as { sale: { payment_plan: { amount_cents: number }[] } }).sale.payment_plan;

  await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
  await page.getByRole('link', { name: 'Contas a receber' }).click();
  await expect(page).toHaveURL('/contas-a-receber');
  const rows = page.getByTestId('receivable-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Em aberto' })).toHaveCount(3);

  await page.getByRole('button', { name: /^Receber parcela 1 de / }).click();
  const dialog = page.getByRole('dialog', { name: 'Receber' });
  const first = (plan[0]?.amount_cents ?? 0) / 100;
  const brl = first.toLocaleString('pt-BR', { minimumFractionDigits: 2 });
  await expect(dialog.getByLabel('Valor recebido')).toHaveValue(`BRL ${brl}`);
  await dialog.getByRole('button', { name: 'Registrar recebimento' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Recebimento registrado.')).toBeVisible();
  await expect(rows.filter({ hasText: 'Recebida' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Em aberto' })).toHaveCount(2);

  // Filtered to "Em aberto", the received one is gone.
  await page.getByRole('combobox', { name: 'Situação' }).click();
  await page.getByRole('option', { name: 'Em aberto' }).click();
  await expect(page).toHaveURL(/situacao=em-aberto/);
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Recebida' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('contas-a-receber.csv');
  const csv = await readFile((await file.path()) as string, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Cliente;Orçamento;Parcela;Vencimento;Moeda;Valor;Recebido;Em aberto;Situação;Forma de pagamento;Recebida em');
  expect(lines.slice(1).map((l) => l.split(';')[2])).toEqual(['2/3', '3/3']);
  expect(lines.slice(1).every((l) => l.includes(';Em aberto;'))).toBe(true);
});

test('mark a supplier payment as paid in "Contas a pagar"', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seeded = await seedBudget(request);
  const { budgetId, token } = seeded;
  expect((await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } })).ok()).toBeTruthy();
  // "Opção Porto" rents the car from the seeded supplier: its reservation, once it has a due date, is owed.
  const sold = await request.put(`/api/budgets/sell/${budgetId}`, { headers: auth(token), data: { proposal_id: seeded.porto.id } });
  expect(sold.ok(), await sold.text()).toBeTruthy();
  const info = (await (await request.get(`/api/budgets/${budgetId}/sold-info`, { headers: auth(token) })).json()) as {
    reservations: { id: number; supplier_name: string | null }[];
  };
  const car = info.reservations.find((r) => r.supplier_name === seeded.supplierName);
  expect(car, 'the car reservation').toBeTruthy();
  const due = await request.patch(`/api/reservations/${car?.id}`, { headers: auth(token), data: { payment_due_date: '2031-01-05' } });
  expect(due.ok(), await due.text()).toBeTruthy();

  await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
  await page.getByRole('link', { name: 'Contas a pagar' }).click();
  const rows = page.getByTestId('payable-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(seeded.supplierName);
  await expect(rows).toContainText('05/01/2031');
  await expect(rows).toContainText('Em aberto');

  await page.getByRole('button', { name: `Marcar como pago: ${seeded.supplierName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Marcar como pago' });
  await dialog.getByRole('button', { name: 'Marcar como pago' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Pagamento registrado.')).toBeVisible();
  await expect(rows).toContainText('Paga');
  await expect(page.getByRole('button', { name: `Marcar como pago: ${seeded.supplierName}` })).toHaveCount(0);
});
