// A sold budget's editor (issue 31, item 7): it opens read-only with a banner saying why and the way
// out ("Desfazer venda"), and once the sale is undone there it takes edits again. A budget sold
// while its editor is open: the first refused write shows the API's own message (not only
// "Solicitação conflitante") and the editor turns read-only.
import { SALE_MESSAGES } from '@app/shared/sales';
import type { APIRequestContext, Page } from '@playwright/test';
import { login, notificationBar } from './support/app';
import { type SeededBudget, seedBudget } from './support/budget-seed';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function markSent(request: APIRequestContext, seeded: SeededBudget) {
  const sent = await request.patch(`/api/budgets/${seeded.budgetId}`, { headers: auth(seeded.token), data: { status: 'sent' } });
  expect(sent.ok(), `mark sent: ${await sent.text()}`).toBeTruthy();
}

async function sell(request: APIRequestContext, seeded: SeededBudget) {
  const sold = await request.put(`/api/budgets/sell/${seeded.budgetId}`, {
    headers: auth(seeded.token),
    data: { proposal_id: seeded.lisboa.id, installments: 2, first_due_date: '2026-12-10' },
  });
  expect(sold.ok(), `sell: ${sold.status()} ${await sold.text()}`).toBeTruthy();
}

/** The editor's edit actions, each absent (read-only) or present (editable). */
async function expectEditActions(page: Page, present: boolean) {
  const count = present ? 1 : 0;
  await expect(page.getByRole('button', { name: 'Nova proposta' })).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Ações da proposta' })).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Adicionar serviço' })).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Editar passageiros' })).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Mover para baixo: Voo São Paulo–Lisboa' })).toHaveCount(count);
}

test.describe('a sold budget in the editor', () => {
  test('opens read-only with the banner; undone from the banner, it takes edits again', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeded = await seedBudget(request);
    await markSent(request, seeded);
    await sell(request, seeded);

    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
    await page.goto(`/novo-orcamento/${seeded.budgetId}`);
    const banner = page.getByTestId('sold-read-only');
    await expect(banner).toContainText('Este orçamento foi vendido e não pode ser alterado. Para alterar, desfaça a venda.');
    await expect(banner.getByRole('button', { name: 'Desfazer venda' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver venda' })).toBeVisible();

    // Everything still reads: the passengers, both proposals with their services and totals.
    await expect(page.getByTestId('pax-row')).toHaveCount(3);
    await expect(page.getByRole('tab')).toHaveText(['Opção LisboaVendida', 'Opção Porto']);
    await expect(page.getByTestId('service-row')).toHaveCount(3);
    await expect(page.getByTestId('proposal-total')).toBeVisible();
    await expectEditActions(page, false);
    // A service's menu keeps only the cancellation with a refund (the API takes it after the sale).
    await page.getByRole('button', { name: 'Ações do serviço Hotel Avenida Palace' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Cancelar com reembolso']);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Opção Porto' }).click();
    await expect(page.getByTestId('service-row')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Adicionar serviço' })).toHaveCount(0);
    // The totals, the customer's page and the copy stay at hand.
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    await expect(page.getByRole('menuitem', { name: 'Baixar PDF' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Mais' }).click();
    await expect(page.getByRole('menuitem', { name: 'Valor total' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Duplicar orçamento' })).toBeEnabled();
    await page.keyboard.press('Escape');

    // Undone from the banner: the closed sale's dialog, and the agent stays in the editor.
    await banner.getByRole('button', { name: 'Desfazer venda' }).click();
    const undo = page.getByRole('dialog', { name: 'Desfazer venda' });
    await expect(undo.getByTestId('undo-effects')).toBeVisible();
    await undo.getByRole('button', { name: 'Desfazer venda' }).click();
    await expect(page.getByText('Venda desfeita. O atendimento voltou para Em aberto.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/novo-orcamento/${seeded.budgetId}(\\?|$)`));
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Fechar venda' })).toBeVisible();
    await page.getByRole('tab', { name: 'Opção Lisboa' }).click();
    await expectEditActions(page, true);

    // And it takes an edit.
    await page.getByRole('button', { name: 'Nova proposta' }).click();
    await expect(page.getByText('Proposta criada.')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Opção Lisboa', 'Opção Porto', 'Proposta 3']);
  });

  test("sold while the editor is open: the refused save shows the API's message, and the editor turns read-only", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const seeded = await seedBudget(request);
    await markSent(request, seeded);

    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
    await page.goto(`/novo-orcamento/${seeded.budgetId}`);
    await expect(page.getByTestId('pax-row')).toHaveCount(3);
    await expect(page.getByTestId('sold-read-only')).toHaveCount(0);

    // The agent fills the passengers' form; meanwhile someone else sells the budget.
    await page.getByRole('button', { name: 'Editar passageiros' }).click();
    const paxes = page.getByRole('dialog', { name: 'Passageiros' });
    await paxes.getByRole('group', { name: 'Passageiro 1' }).getByLabel('Nome', { exact: true }).fill('Ana Viajante Souza');
    await sell(request, seeded);
    await paxes.getByRole('button', { name: 'Salvar passageiros' }).click();

    await expect(notificationBar(page)).toContainText(`Erro 409 - ${SALE_MESSAGES.soldFrozen}`);
    await expect(notificationBar(page)).not.toContainText('Solicitação conflitante');
    // The form stays open with what was typed; behind it, the editor read the budget again.
    await expect(paxes.getByRole('group', { name: 'Passageiro 1' }).getByLabel('Nome', { exact: true })).toHaveValue('Ana Viajante Souza');
    await paxes.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByTestId('sold-read-only')).toBeVisible();
    await expectEditActions(page, false);
    await expect(page.getByTestId('pax-row').first()).toHaveText(/Ana Viajante/);
    await expect(page.getByTestId('pax-row').first()).not.toContainText('Souza');
  });
});
