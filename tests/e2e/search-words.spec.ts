import { apiToken, DEMO, login } from './support/app';
import { apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

test.describe('search finds people the way agents type them', () => {
  test('the clients list finds "João Conceição Ávila" for "avila joao", and needs every word', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const name = uniqueName('João Conceição Ávila');
    await apiCreateClient(request, token, { name });
    await apiCreateClient(request, token, { name: uniqueName('João Silva') });

    await login(page, DEMO.colaborador.email);
    await page.goto('/clientes');
    await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
    const search = page.getByLabel('Buscar');
    await search.fill('avila joao');
    await expect(page).toHaveURL((url) => url.searchParams.get('busca') === 'avila joao');
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText(/^João Silva /)).toHaveCount(0);

    await search.fill('joao silva avila');
    await expect(page).toHaveURL((url) => url.searchParams.get('busca') === 'joao silva avila');
    await expect(page.getByText(name, { exact: true })).toHaveCount(0);
  });

  test('a select filters its options by every word too: "demo colab" offers Colab Demo', async ({ page }) => {
    await login(page, DEMO.owner.email);
    const owner = page.getByRole('combobox', { name: 'Responsável' });
    await owner.click();
    await expect(page.getByRole('option', { name: 'Dona Demo' })).toBeVisible();
    await owner.fill('demo colab');
    await expect(page.getByRole('option', { name: 'Colab Demo' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Dona Demo' })).toHaveCount(0);
    await owner.press('Enter');
    await expect(owner).toHaveValue('Colab Demo');
    await expect(page).toHaveURL(/responsavel=\d+/);
  });
});
