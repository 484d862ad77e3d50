// Refunds the customer can follow (issue 31, item 4): the agent cancels the hotel of the seeded budget
// with a refund in the editor, the customer's page lists it as canceled with what was retained (part
// of the total shown), and the agent undoes the cancellation from the editor: the hotel is active
// again at its full price, on the editor and on the customer's page.
import { toCurrency } from '@app/shared/format';
import type { LandingPage } from '@app/shared/landing-pages';
import type { APIRequestContext } from '@playwright/test';
import { login } from './support/app';
import { type SeededBudget, seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Marks the seeded budget sent (a draft's link answers nobody) and returns its link's id. */
async function sendBudget(request: APIRequestContext, seeded: SeededBudget): Promise<string> {
  const res = await request.patch(`/api/budgets/${seeded.budgetId}`, { headers: auth(seeded.token), data: { status: 'sent' } });
  expect(res.ok(), `send: ${res.status()} ${await res.text()}`).toBeTruthy();
  return ((await res.json()) as { landing_page_id: string }).landing_page_id;
}

/** The Lisboa proposal's total as the customer's page gets it. */
async function lisboaTotal(request: APIRequestContext, landingId: string, seeded: SeededBudget): Promise<number> {
  const res = await request.get(`/api/budgets/landing-page/${landingId}`);
  expect(res.ok(), `landing data: ${res.status()}`).toBeTruthy();
  const page = (await res.json()) as LandingPage;
  return page.proposals.find((p) => p.id === seeded.lisboa.id)?.totals?.sale_cents ?? 0;
}

test.describe('a cancellation with a refund', () => {
  test('canceled in the editor, shown with its retained value to the customer, undone from the editor', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeded = await seedBudget(request);
    const landingId = await sendBudget(request, seeded);
    const fullTotal = await lisboaTotal(request, landingId, seeded);

    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
    await page.goto(`/novo-orcamento/${seeded.budgetId}`);
    await expect(page.getByTestId('proposal-total')).toHaveText(toCurrency(fullTotal));

    // The hotel (R$ 4.200,00) canceled: R$ 1.880,00 back to the customer, R$ 1.500,00 kept by the hotel.
    await page.getByRole('button', { name: 'Ações do serviço Hotel Avenida Palace' }).click();
    await page.getByRole('menuitem', { name: 'Cancelar com reembolso' }).click();
    const refund = page.getByRole('dialog', { name: 'Cancelar serviço com reembolso' });
    await refund.getByLabel('Valor reembolsado').fill('1880');
    await refund.getByLabel('Multa').fill('1500');
    await refund.getByLabel('Motivo').fill('Hotel em reforma');
    await refund.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(page.getByText('Serviço cancelado.')).toBeVisible();
    const hotel = page.getByTestId('service-row').filter({ hasText: 'Hotel Avenida Palace' });
    await expect(hotel).toContainText('Cancelado');
    await expect(hotel.getByTestId('service-total')).toHaveText('R$ 2.320,00');
    const canceledTotal = fullTotal - 188_000;
    await expect(page.getByTestId('proposal-total')).toHaveText(toCurrency(canceledTotal));

    // Once only: a canceled service offers its undo, never a second cancellation.
    await page.getByRole('button', { name: 'Ações do serviço Hotel Avenida Palace' }).click();
    await expect(page.getByRole('menuitem', { name: 'Cancelar com reembolso' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Desfazer cancelamento' })).toBeVisible();
    await page.keyboard.press('Escape');

    // The customer's page: the hotel apart, canceled, with what was retained; the total includes it.
    const customer = await page.context().newPage();
    await customer.goto(`/landing-page/${landingId}`);
    await expect(customer.getByTestId('proposal-total')).toHaveText(toCurrency(canceledTotal));
    const line = customer.getByTestId('canceled-service');
    await expect(line).toHaveCount(1);
    await expect(line).toContainText('Hotel Avenida Palace');
    await expect(line).toContainText('Cancelado — valor retido R$ 2.320,00');
    await expect(line.locator('s')).toHaveText('R$ 4.200,00');
    await expect(line).toContainText('reembolso de R$ 1.880,00');
    // What stays internal: the hotel's penalty and the reason.
    await expect(customer.getByText('Hotel em reforma')).toHaveCount(0);
    await expect(customer.getByText('R$ 1.500,00')).toHaveCount(0);

    // Undone from the editor, after the confirmation: the hotel is active again at its full price.
    await page.getByRole('button', { name: 'Ações do serviço Hotel Avenida Palace' }).click();
    await page.getByRole('menuitem', { name: 'Desfazer cancelamento' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desfazer cancelamento' });
    await expect(confirm).toContainText('Hotel Avenida Palace');
    await confirm.getByRole('button', { name: 'Desfazer cancelamento' }).click();
    await expect(page.getByText('Cancelamento desfeito.')).toBeVisible();
    await expect(hotel).not.toContainText('Cancelado');
    await expect(hotel.getByTestId('service-total')).toHaveText('R$ 4.200,00');
    await expect(page.getByTestId('proposal-total')).toHaveText(toCurrency(fullTotal));
    await page.getByRole('button', { name: 'Ações do serviço Hotel Avenida Palace' }).click();
    await expect(page.getByRole('menuitem', { name: 'Cancelar com reembolso' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Desfazer cancelamento' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // And the customer's page shows it normally again.
    await customer.reload();
    await expect(customer.getByTestId('proposal-total')).toHaveText(toCurrency(fullTotal));
    await expect(customer.getByTestId('canceled-service')).toHaveCount(0);
    await expect(customer.getByRole('article', { name: 'Hospedagem: Hotel Avenida Palace' })).toBeVisible();
  });
});
