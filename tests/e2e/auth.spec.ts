import { apiToken, DEMO, KEYS, login, storage } from './support/app';
import { expect, test } from './support/fixtures';

test.describe('login', () => {
  for (const user of Object.values(DEMO)) {
    test(`${user.role} ${user.email} logs in and sees the layout with their name`, async ({ page }) => {
      await login(page, user.email);
      await expect(page.getByTestId('user-name')).toHaveText(user.name);
      await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
      await expect(page).toHaveTitle('Atendimentos | Agência CRM');
      // The session in local storage.
      expect(await storage(page, KEYS.accessToken)).toBeTruthy();
      expect(JSON.parse((await storage(page, KEYS.user)) ?? '{}')).toMatchObject({ email: user.email, role: user.role });
      expect(await storage(page, KEYS.accessUser)).toBe(user.email);
      expect(await storage(page, KEYS.daysRemaining)).toMatch(/^\d+$/);
    });
  }

  test('a wrong password shows the server message and stores no session', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(DEMO.owner.email);
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('senha-errada');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-error')).toHaveText('E-mail ou senha inválidos');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, KEYS.accessToken)).toBeNull();
  });

  test('the form checks its fields before calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Preencha este campo')).toHaveCount(2);
    await page.getByLabel('E-mail').fill('nao-e-email');
    await expect(page.getByText('Formato de email inválido')).toBeVisible();
    await page.getByLabel('E-mail').fill('');
    await page.getByLabel('E-mail').blur();
    await expect(page.getByText('Preencha este campo').first()).toBeVisible();
  });

  test('logout clears the session from storage', async ({ page }) => {
    await login(page, DEMO.admin.email);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    for (const key of [KEYS.accessToken, KEYS.user, KEYS.status, KEYS.daysRemaining, KEYS.subdomain, KEYS.accessUser]) {
      expect(await storage(page, key), key).toBeNull();
    }
    // The signed-in screens are closed again.
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('guards: signed out goes to /login, signed in leaves /login for the root', async ({ page }) => {
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page).toHaveTitle('Entrar | Agência CRM');
    await login(page, DEMO.colaborador.email);
    await page.goto('/login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await page.goto('/recuperar-senha');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('a token in the address is stored and removed from the address', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.colaborador.email);
    await page.goto(`/usuarios?token=${encodeURIComponent(token)}&page=1`);
    await expect(page).toHaveURL(
      (url) => url.pathname === '/usuarios' && !url.searchParams.has('token') && url.searchParams.get('page') === '1',
    );
    expect(await storage(page, KEYS.accessToken)).toBe(token);
    // The profile is loaded with the token: the layout shows the user.
    await expect(page.getByTestId('user-name')).toHaveText(DEMO.colaborador.name);
  });

  test('a 401 reply ends the session and goes to /login', async ({ page }) => {
    await login(page, DEMO.colaborador.email);
    await page.evaluate((key) => window.localStorage.setItem(key, 'token-invalido'), KEYS.accessToken);
    await page.goto('/usuarios');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storage(page, KEYS.accessToken)).toBeNull();
    expect(await storage(page, KEYS.user)).toBeNull();
  });
});
