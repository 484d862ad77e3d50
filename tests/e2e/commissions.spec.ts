// Comissões (issue 36): the budget of support/budget-seed.ts sold through the API with a 5 %
// commission to its seller shows up in the agency owner's "Comissões" (reached from the menu) as
// due; the seller's statement lists the sale; "Pagar" marks the month paid; the export is read back.
import { readFile } from 'node:fs/promises';
import { login } from './support/app';
import { seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

test("pay a seller's commission for the month and export the statement", async ({ page, request }) => {
  test.setTimeout(180_000);
  const seeded = await seedBudget(request);
  const { budgetId, token } = seeded;
  expect((await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } })).ok()).toBeTruthy();
  const sold = await request.put(`/api/budgets/sell/${budgetId}`, {
    headers: auth(token),
    data: { proposal_id: seeded.lisboa.id, commission_basis_points: 500 },
  });
  expect(sold.ok(), await sold.text()).toBeTruthy();
  const sale = ((await sold.json()) as { sale: { sale_cents: number } }).sale;
  const earned = Math.round((sale.sale_cents * 500) / 10_000) / 100;
  const brl = (v: number) => v.toLocaleString('pt-BR', { minimumFractionDigits: 2 });

  await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
  await page.getByRole('link', { name: 'Comissões' }).click();
  await expect(page).toHaveURL('/comissoes');
  const rows = page.getByTestId('commission-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('A pagar');
  await expect(page.getByRole('group', { name: 'A pagar' })).toContainText(brl(earned));

  await page.getByRole('button', { name: /^Extrato de / }).click();
  const drawer = page.getByRole('dialog', { name: /^Extrato de / });
  await expect(drawer.getByTestId('commission-sale')).toHaveCount(1);
  await expect(drawer.getByTestId('commission-sale')).toContainText('5%');
  await expect(drawer.getByText('Nenhum pagamento registrado para este mês.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: /^Pagar comissão de / }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagar comissão' });
  await expect(dialog).toContainText(brl(earned));
  await dialog.getByLabel('Observação').fill('Pix de comissão');
  await dialog.getByRole('button', { name: 'Marcar como paga' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Comissão marcada como paga.')).toBeVisible();
  await expect(rows.first()).toContainText('Paga');
  await expect(page.getByRole('button', { name: /^Pagar comissão de / })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'A pagar' })).toContainText('0,00');

  // The previous month has nothing; the next one cannot be chosen yet.
  await expect(page.getByRole('button', { name: 'Próximo mês' })).toBeDisabled();
  await page.getByRole('button', { name: 'Mês anterior' }).click();
  await expect(page).toHaveURL(/mes=\d{4}-\d{2}/);
  await expect(page.getByText('Nenhum vendedor')).toBeVisible();
  await page.getByRole('button', { name: 'Próximo mês' }).click();
  await expect(rows).toHaveCount(1);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^comissoes-\d{4}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path()) as string, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('Vendedor;Orçamento;Cliente;Fechada em;Moeda;Venda;Receita;Comissão (%);Comissão');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(new RegExp(`;5;${brl(earned).replace('.', '\\.')}$`));
});
