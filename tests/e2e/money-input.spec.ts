// Money typed the Brazilian way (issue 31, items 5 and 6), as the demo owner: a prefilled
// "Valor do quarto" (BRL 0,00) takes the amount typed after a plain click, reais with a comma for
// centavos and '.' only as the thousands separator; and the sale dialog sets the seller's
// commission against the agency's revenue, warning (not blocking) when it takes more.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A draft budget of the demo agency with one proposal, and the services given, through the API. */
async function apiBudget(request: APIRequestContext, services: Record<string, unknown>[] = []) {
  const token = await apiToken(request, DEMO.owner.email);
  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Valores') });
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Viagem') });
  const res = await request.post('/api/budgets/', {
    headers: auth(token),
    data: { attendance_id: attendance.id, title: uniqueName('Orçamento em reais'), currency: 'BRL' },
  });
  expect(res.ok(), `create budget: ${res.status()} ${await res.text()}`).toBeTruthy();
  const budget = (await res.json()) as { id: number; proposals: { id: number }[] };
  for (const service of services) {
    const svc = await request.post('/api/services', { headers: auth(token), data: { proposal_id: budget.proposals[0]?.id, ...service } });
    expect(svc.ok(), `create service: ${svc.status()} ${await svc.text()}`).toBeTruthy();
  }
  return { token, budgetId: budget.id };
}

/** Clicks into a money field as an agent does (no select-all), caret at the end, and types key by key. */
async function typeInto(page: Page, field: Locator, text: string) {
  await field.click();
  await page.keyboard.press('End');
  await page.keyboard.type(text, { delay: 30 });
}

test.describe('money inputs', () => {
  test('a prefilled room value takes the typed reais; comma for centavos, dot for thousands', async ({ page, request }) => {
    const { budgetId } = await apiBudget(request);
    await login(page, DEMO.owner.email);
    await page.goto(`/novo-orcamento/${budgetId}`);
    await page.getByRole('button', { name: 'Adicionar serviço' }).click();
    await page.getByRole('menuitem', { name: 'Hospedagem' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo serviço: Hospedagem' });
    await expect(dialog.getByLabel('Título')).toBeFocused();
    await dialog.getByLabel('Título').fill('Hotel em Gramado');
    await dialog.getByRole('combobox', { name: 'Hotel', exact: true }).fill('Hotel Serra Azul');

    const room = dialog.getByRole('group', { name: 'Quarto 1' }).getByLabel('Valor do quarto');
    await expect(room).toHaveValue('BRL 0,00');
    // The rule is stated in the field.
    await expect(room).toHaveAttribute('title', 'Em reais; use vírgula para centavos');
    await typeInto(page, room, '8400');
    await expect(room).toHaveValue('BRL 8.400,00');
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 8.400,00');
    await room.press('Tab');
    await expect(room).toHaveValue('BRL 8.400,00');

    // Centavos after a comma, in another (empty) money field.
    const fee = dialog.getByLabel('Taxa de serviço');
    await typeInto(page, fee, '1234,56');
    await expect(fee).toHaveValue('BRL 1.234,56');
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 9.634,56');

    // A dot only separates thousands: '1.000,5' is one thousand reais and fifty centavos.
    const taxes = dialog.getByLabel('Taxas', { exact: true });
    await typeInto(page, taxes, '1.000,5');
    await expect(taxes).toHaveValue('BRL 1.000,50');
    await taxes.press('Tab');
    await expect(taxes).toHaveValue('BRL 1.000,50');
    // 8.400,00 + 1.000,50 + 1.234,56.
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 10.635,06');
    // Taxes of each traveller: the room's two adults pay them twice; back to the booking's, once.
    await dialog.getByRole('radiogroup', { name: 'Taxas cobradas' }).getByText('Por passageiro').click();
    await expect(dialog.getByLabel('Taxas por passageiro', { exact: true })).toHaveValue('BRL 1.000,50');
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 11.635,56');
    await dialog.getByRole('radiogroup', { name: 'Taxas cobradas' }).getByText('Por reserva').click();
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 10.635,06');

    // A field left at zero keeps reading BRL 0,00 after a visit.
    await dialog.getByRole('button', { name: 'Adicionar quarto' }).click();
    const room2 = dialog.getByRole('group', { name: 'Quarto 2' }).getByLabel('Valor do quarto');
    await room2.click();
    await room2.press('Tab');
    await expect(room2).toHaveValue('BRL 0,00');
    await typeInto(page, room2, '600');
    await expect(room2).toHaveValue('BRL 600,00');

    await dialog.getByRole('button', { name: 'Adicionar serviço' }).click();
    await expect(page.getByText('Serviço adicionado.').last()).toBeVisible();
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 11.235,06');
  });

  test('the sale dialog warns when the commission passes the agency revenue, and still sells', async ({ page, request }) => {
    // A transfer of R$ 2.902,00 plus a service fee of R$ 200,00: sale R$ 3.102,00, revenue R$ 200,00.
    const { token, budgetId } = await apiBudget(request, [
      {
        type: 'transfer',
        title: 'Transfer Gramado–Canela',
        adult_number: 2,
        child_number: 0,
        infant_number: 0,
        currency: 'BRL',
        total_cents: 290_200,
        fee_cents: 20_000,
        details: { from_place: 'Gramado', to_place: 'Canela' },
      },
    ]);
    const sent = await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } });
    expect(sent.ok(), `mark sent: ${await sent.text()}`).toBeTruthy();

    await login(page, DEMO.owner.email);
    await page.goto(`/orcamento-infor/${budgetId}`);
    await page.getByRole('button', { name: 'Fechar venda' }).click();
    const sell = page.getByRole('dialog', { name: 'Fechar venda' });
    await expect(sell.getByTestId('sell-revenue')).toHaveText('R$ 200,00');
    await expect(sell.getByTestId('sell-commission-warning')).toHaveCount(0);

    // 5 %: R$ 155,10, inside the revenue.
    const commission = sell.getByLabel('Comissão do vendedor (%)');
    await commission.fill('5');
    await expect(sell.getByTestId('sell-commission')).toHaveText('R$ 155,10 sobre a venda');
    await expect(sell.getByTestId('sell-remaining')).toHaveText('R$ 44,90');
    await expect(sell.getByTestId('sell-commission-warning')).toHaveCount(0);

    // 20 %: R$ 620,40 against R$ 200,00.
    await commission.fill('20');
    await expect(sell.getByTestId('sell-commission')).toHaveText('R$ 620,40 sobre a venda');
    const summary = sell.getByTestId('sell-commission-summary');
    await expect(summary).toContainText('Receita da agênciaR$ 200,00');
    await expect(summary).toContainText('Comissão do vendedorR$ 620,40');
    await expect(sell.getByTestId('sell-remaining')).toHaveText('-R$ 420,40');
    await expect(sell.getByTestId('sell-commission-warning')).toContainText(
      'A comissão do vendedor (R$ 620,40) passa da receita da agência (R$ 200,00).',
    );

    // A warning, not a block.
    await sell.getByRole('button', { name: 'Fechar venda' }).click();
    await expect(page.getByText('Venda fechada!')).toBeVisible();
    await expect(page).toHaveURL(`/venda-fechada/${budgetId}`);
    await expect(page.getByTestId('sale-commission')).toContainText('R$ 620,40');
  });
});
