// The financial parameterization (/financeiro/{id}): an agency's manager creates a credit-card payment
// method in 10 installments (1-3x sem juros, 4x+ with interest) watching the installments it makes, and
// finds it listed; the automatic currency quotes are refreshed from the (fake) exchange-rate service.
import { randomUUID } from 'node:crypto';
import { DEMO, login } from './support/app';
import { setExchangeRates } from './support/exchange-rate-server';
import { expect, test } from './support/fixtures';

test.describe('financial parameterization', () => {
  test('a manager creates a credit-card method with installments and interest, and sees it listed', async ({ page }) => {
    const name = `Cartão em 10x ${randomUUID().slice(0, 6)}`;
    await login(page, DEMO.owner.email);
    await page.goto('/financeiro/2');
    await expect(page.getByRole('tab', { name: 'Formas de pagamento' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('button', { name: 'Nova forma de pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova forma de pagamento' });
    await expect(dialog.getByRole('combobox', { name: 'Tipo' })).toHaveValue('Cartão de crédito');
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
    const brands = dialog.getByRole('combobox', { name: 'Bandeiras' });
    await brands.click();
    await page.getByRole('option', { name: 'Visa', exact: true }).click();
    await page.getByRole('option', { name: 'Mastercard', exact: true }).click();
    await brands.press('Escape');

    await dialog.getByRole('textbox', { name: 'Máximo de parcelas' }).fill('10');
    await dialog.getByRole('textbox', { name: 'Sem juros até' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Juros a.m. das demais' }).fill('1,99');
    await dialog.getByRole('button', { name: 'Aplicar' }).click();

    // The preview for the example amount (R$ 1.000,00), with the rule budgets price proposals with.
    const rows = dialog.getByTestId('installments-table').locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(rows.nth(2)).toContainText('R$ 333,33 sem juros');
    await expect(rows.nth(3)).toContainText('(1,99% a.m.)');
    await expect(rows.nth(9)).toContainText('R$ 111,27');
    await expect(rows.nth(9)).toContainText('R$ 1.112,70');
    await expect(dialog.getByRole('textbox', { name: 'Juros de 4x (% ao mês)' })).toHaveValue('1,99%');

    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Forma de pagamento cadastrada.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
    const row = page.getByTestId('payment-method-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Cartão de crédito');
    await expect(row).toContainText('até 10x, sem juros até 3x');
    await expect(row).toContainText('Mastercard, Visa');
    await expect(row).toContainText('Ativa');

    // The edit form shows what was stored.
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar forma de pagamento' });
    await expect(edit.getByRole('textbox', { name: 'Juros de 3x (% ao mês)' })).toHaveValue('0%');
    await expect(edit.getByRole('textbox', { name: 'Juros de 10x (% ao mês)' })).toHaveValue('1,99%');
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edit).toBeHidden();
  });

  test('the automatic quotes are refreshed from the exchange-rate service and show the new rates', async ({ page }) => {
    await setExchangeRates({ USD: '5.4321', EUR: '6.2109' });
    await login(page, DEMO.owner.email);
    await page.goto('/financeiro/3');
    await expect(page.getByRole('tab', { name: 'Cotações de moedas' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Sua agência usa as cotações automáticas do sistema')).toBeVisible();

    await page.getByRole('button', { name: 'Atualizar cotações' }).click();
    await expect(page.getByText('Cotações atualizadas.')).toBeVisible();
    const usd = page.getByTestId('currency-quote-row').filter({ hasText: 'Dólar americano' });
    await expect(usd).toContainText('R$ 5,4321');
    await expect(usd).toContainText('Automática');
    await expect(page.getByTestId('currency-quote-row').filter({ hasText: 'EUR' })).toContainText('R$ 6,2109');
    // Read-only for the agency: the system keeps them.
    await expect(usd.getByRole('button', { name: 'Digitar cotação de USD' })).toHaveCount(0);

    await page.getByRole('searchbox', { name: 'Buscar' }).fill('libra');
    await expect(page.getByTestId('currency-quote-row')).toHaveCount(1);
    await expect(page.getByTestId('currency-quote-row')).toContainText('GBP');
  });
});
