import { apiToken, DEMO, login } from './support/app';
import { apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

test.describe('keyboard use of the signed-in screens', () => {
  test('the first Tab reaches "Pular para o conteúdo", which moves the focus past the menu', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await page.goto('/clientes');
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();

    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('#conteudo')).toBeFocused();
    // The next stop is inside the screen, not the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.getElementById('conteudo')?.contains(document.activeElement))).toBe(true);
  });

  test('after a navigation the focus is on the new screen heading', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await page.getByRole('link', { name: 'Clientes' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeFocused();
    await page.getByRole('link', { name: 'Usuários' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeFocused();
  });

  test("the attendance's client field: typing, then Enter takes the first match", async ({ page, request }) => {
    const client = await apiCreateClient(request, await apiToken(request, DEMO.owner.email), { name: uniqueName('Cliente Teclado') });
    await login(page, DEMO.owner.email);
    await page.goto('/atendimento-leader');
    const field = page.getByRole('combobox', { name: 'Cliente' });
    await field.click();
    // The name's unique part, then Enter at once: the match is taken when the search answers.
    await field.pressSequentially(client.name.split(' ').at(-1) as string);
    await field.press('Enter');
    await expect(field).toHaveValue(client.name);
    await expect(page.getByRole('listbox')).toBeHidden();
    // Chosen, not just typed (leaving the field keeps it), and Enter did not send the form.
    await field.press('Tab');
    await expect(field).toHaveValue(client.name);
    await expect(page.getByText('Preencha este campo')).toHaveCount(0);
  });

  test('the user menu names the user and the role it shows', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await expect(page.getByRole('button', { name: `Menu do usuário ${DEMO.owner.name}, Proprietário` })).toBeVisible();
  });
});
