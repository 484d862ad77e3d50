// Hiding values (issue 18): the header's eye button masks every amount of the back-office screens
// (the total-value screen, the attendances list and funnel, an attendance) and shows them again;
// the choice is kept in local storage (valueDisplayVisibility) across reloads and followed by the
// other open tabs; the button is a toggle (aria-pressed) reached and pressed by keyboard, and each
// change is announced. The budget and an attendance with a value are made through the API.
import type { Page } from '@playwright/test';
import { KEYS, login, storage } from './support/app';
import { type SeededBudget, seedBudget } from './support/budget-seed';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

/** Any amount with its digits ('R$ 12.154,01', 'US$ 50,00'). */
const AMOUNT = /\$\s?\d/;

let seeded: SeededBudget;
let attendanceId: number;

const eye = (page: Page) => page.getByRole('button', { name: 'Ocultar valores' });
const content = (page: Page) => page.locator('#conteudo');
/** What the screen shows: closed accordion panels keep their old render out of sight until opened. */
const showsNoAmount = (page: Page) => expect(content(page)).not.toContainText(AMOUNT, { useInnerText: true });

test.describe('hiding values', () => {
  // Each run makes its own agency (password hashes, e-mail confirmation).
  test.slow();

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    seeded = await seedBudget(request);
    const client = await apiCreateClient(request, seeded.token, { name: uniqueName('Cliente Discreto') });
    ({ id: attendanceId } = await apiCreateAttendance(request, seeded.token, {
      client_id: client.id,
      title: 'Cruzeiro discreto',
      value_cents: 1_234_500,
    }));
    await request.dispose();
  });

  const signIn = (page: Page) => login(page, seeded.agency.owner.email, seeded.agency.owner.password);

  test('the eye masks every amount, the choice survives a reload, and pressed again shows them', async ({ page }) => {
    await signIn(page);
    await page.goto(`/valor-total/${seeded.budgetId}`);
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 12.154,01');
    await expect(eye(page)).toHaveAttribute('aria-pressed', 'false');

    await eye(page).click();
    await expect(eye(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Valores ocultos' })).toBeAttached();
    expect(await storage(page, KEYS.valueDisplayVisibility)).toBe('false');
    await expect(page.getByTestId('total-sale')).toContainText('R$ •••••');
    // A screen reader hears what the dots stand for.
    await expect(page.getByTestId('total-sale')).toContainText('valor oculto');
    await expect(page.getByRole('tab', { name: /Opção Lisboa/ })).toContainText('R$ •••••');
    const card = page.getByTestId('proposal-payments').getByTestId('payment-method').filter({ hasText: 'Cartão em 10x' });
    await expect(card).toContainText('10x de R$ ••••• com juros de 1,99% a.m.');
    await expect(page.getByTestId('pax-payment-adult')).toContainText('R$ •••••');
    await showsNoAmount(page);
    // A panel opened after the change shows it too.
    await page.getByTestId('pax-payment-child').getByRole('button').first().click();
    await expect(page.getByTestId('pax-payment-child').getByTestId('installment-option').first()).toBeVisible();
    await expect(page.getByTestId('pax-payment-child')).not.toContainText(AMOUNT, { useInnerText: true });
    await showsNoAmount(page);

    await page.reload();
    await expect(page.getByTestId('total-sale')).toContainText('R$ •••••');
    await expect(eye(page)).toHaveAttribute('aria-pressed', 'true');
    await showsNoAmount(page);

    // The attendances list, the funnel (cards, column balances) and an attendance obey it too.
    await page.goto('/atendimentos');
    const row = page.getByTestId('attendance-row').filter({ hasText: 'Cruzeiro discreto' });
    await expect(row).toContainText('R$ •••••');
    await showsNoAmount(page);
    await page.goto('/atendimentos?visao=funil');
    const funnelCard = page.getByTestId('funnel-card').filter({ hasText: 'Cruzeiro discreto' });
    await expect(funnelCard.getByTestId('funnel-card-price')).toContainText('R$ •••••');
    await expect(page.getByTestId('funnel-column-negotiations').getByTestId('funnel-balance')).toContainText('R$ •••••');
    await showsNoAmount(page);
    await page.goto(`/atendimento/${attendanceId}`);
    await expect(page.getByTestId('attendance-value')).toContainText('R$ •••••');
    await showsNoAmount(page);

    await eye(page).click();
    await expect(eye(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('status').filter({ hasText: 'Valores visíveis' })).toBeAttached();
    await expect(page.getByTestId('attendance-value')).toHaveText('R$ 12.345,00');
    expect(await storage(page, KEYS.valueDisplayVisibility)).toBe('true');
    await page.goto(`/valor-total/${seeded.budgetId}`);
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 12.154,01');
  });

  test('by keyboard: Tab reaches the eye, Enter hides, Space shows; another open tab follows', async ({ page }) => {
    await signIn(page);
    const other = await page.context().newPage();
    await other.goto(`/valor-total/${seeded.budgetId}`);
    await expect(other.getByTestId('total-sale')).toHaveText('R$ 12.154,01');

    await page.goto(`/valor-total/${seeded.budgetId}`);
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 12.154,01');
    for (let i = 0; i < 8 && !(await eye(page).evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(eye(page)).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(eye(page)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('total-sale')).toContainText('R$ •••••');
    await expect(eye(other)).toHaveAttribute('aria-pressed', 'true');
    await expect(other.getByTestId('total-sale')).toContainText('R$ •••••');

    await page.keyboard.press('Space');
    await expect(eye(page)).toHaveAttribute('aria-pressed', 'false');
    await expect(eye(page)).toBeFocused();
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 12.154,01');
    await expect(other.getByTestId('total-sale')).toHaveText('R$ 12.154,01');
  });
});
