import { DEMO, login } from './support/app';
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

  test('the user menu names the user and the role it shows', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await expect(page.getByRole('button', { name: `Menu do usuário ${DEMO.owner.name}, Proprietário` })).toBeVisible();
  });
});
