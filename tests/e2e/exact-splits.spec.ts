// Cents that add up (issue 31): where a total does not divide evenly, the first part takes the
// cents left over and every screen says so. The budget of support/budget-seed.ts leaves cents in
// both ways: "Opção Lisboa" (R$ 12.154,01) in 3 installments, "Opção Porto" (R$ 1.400,00) between
// its 2 adults (R$ 933,33) and in 3 installments. Seen by the agency on /valor-total and by the
// customer on the landing page.
import type { APIRequestContext } from '@playwright/test';
import { login } from './support/app';
import { type SeededBudget, seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function sendBudget(request: APIRequestContext, seeded: SeededBudget): Promise<string> {
  const res = await request.patch(`/api/budgets/${seeded.budgetId}`, { headers: auth(seeded.token), data: { status: 'sent' } });
  expect(res.ok(), `send: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { landing_page_id: string }).landing_page_id;
}

let seeded: SeededBudget;

test.describe('every split sums exactly to its whole', () => {
  test.describe.configure({ mode: 'serial' });
  test.slow();

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    seeded = await seedBudget(request);
    await request.dispose();
  });

  test('/valor-total names the first passenger and the first installment that take the leftover cents', async ({ page }) => {
    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
    await page.goto(`/valor-total/${seeded.budgetId}`);
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 12.154,01');

    // 12.154,01 in 2: 6.077,01 + 6.077,00; in 3: 4.051,35 + 4.051,33 + 4.051,33.
    const card = page.getByTestId('proposal-payments').getByTestId('payment-method').filter({ hasText: 'Cartão em 10x' });
    await expect(card.getByTestId('installment-option').nth(1)).toHaveText('1ª de R$ 6.077,01 + 1x de R$ 6.077,00 sem juros');
    await expect(card.getByTestId('installment-option').nth(2)).toHaveText('1ª de R$ 4.051,35 + 2x de R$ 4.051,33 sem juros');
    // With interest the installments are equal, their sum the total charged.
    await expect(card.getByTestId('installment-option').nth(9)).toHaveText('10x de R$ 1.352,36 com juros de 1,99% a.m.');
    // 8.634,12 for 2 adults divides evenly: no first passenger named.
    await expect(page.getByTestId('per-passenger-adult-hint')).toHaveText('por passageiro');

    await page.getByRole('tab', { name: /Opção Porto/ }).click();
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 1.400,00');
    // Adults: 600,00 (car, per head) + 333,33 (insurance, by fare) = 933,33 for 2.
    await expect(page.getByTestId('per-passenger-adult')).toHaveText('R$ 466,66');
    await expect(page.getByTestId('per-passenger-adult-hint')).toHaveText('1º adulto de R$ 466,67 + 1 adulto de R$ 466,66');
    await expect(page.getByTestId('per-passenger-child-hint')).toHaveText('por passageiro');
    const adults = page.getByTestId('age-group-adult');
    await expect(adults).toContainText('R$ 933,33');
    await expect(adults.getByTestId('per-passenger-split-adult')).toHaveText('1º adulto de R$ 466,67 + 1 adulto de R$ 466,66');
    await expect(page.getByTestId('pax-payment-adult').getByTestId('per-passenger-split-adult')).toHaveText(
      '1º adulto de R$ 466,67 + 1 adulto de R$ 466,66',
    );
    const portoCard = page.getByTestId('proposal-payments').getByTestId('payment-method').filter({ hasText: 'Cartão em 10x' });
    await expect(portoCard.getByTestId('installment-option').nth(2)).toHaveText('1ª de R$ 466,68 + 2x de R$ 466,66 sem juros');
  });

  test('the landing page says the same to the customer', async ({ page, request }) => {
    const id = await sendBudget(request, seeded);
    await page.goto(`/landing-page/${id}`);
    const total = page.getByTestId('proposal-total');
    await expect(total).toHaveText('R$ 12.154,01');
    await expect(page.getByTestId('per-passenger')).toHaveText('R$ 4.317,06 por adulto · R$ 3.519,89 por criança');
    const panel = page.getByRole('tabpanel');
    await panel.locator('summary', { hasText: 'Cartão em 10x' }).click();
    await expect(panel.locator('.lp-installments li').nth(2)).toHaveText('1ª de R$ 4.051,35 + 2x de R$ 4.051,33 sem juros');

    await page.getByRole('tablist', { name: 'Propostas' }).getByRole('tab', { name: 'Opção Porto' }).click();
    await expect(total).toHaveText('R$ 1.400,00');
    await expect(page.getByTestId('per-passenger')).toHaveText('1º adulto de R$ 466,67 + 1 adulto de R$ 466,66 · R$ 466,67 por criança');
    // The accept form offers the same installments.
    const form = page.getByRole('form', { name: 'Gostou? Aceite sua proposta' });
    await form.getByLabel('Forma de pagamento').selectOption({ label: 'Cartão em 10x' });
    await expect(form.getByLabel('Parcelas').locator('option').nth(2)).toHaveText('1ª de R$ 466,68 + 2x de R$ 466,66 sem juros');
  });
});
