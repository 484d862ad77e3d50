import { DEMO, KEYS, login, notificationBar, storage } from './support/app';
import { expect, test } from './support/fixtures';

test.describe('navigation', () => {
  test('an unknown path shows "Página não encontrada" and keeps the previous path', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/usuarios$/);
    // A history entry to a path of no route (as back/forward would bring).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/caminho-que-nao-existe');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(notificationBar(page)).toHaveText(/Erro 404 - Página não encontrada/);
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  });

  test('an unknown path on first load goes to the root with the notification', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await page.goto('/nada/aqui');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(notificationBar(page)).toHaveText(/Erro 404 - Página não encontrada/);
    // Shown 5000 ms, then fades (550 ms) and hides.
    await expect(notificationBar(page)).toBeHidden({ timeout: 8_000 });
  });

  test('"Tentar novamente" only where trying again can help; it reloads the current route with a time value', async ({ page }) => {
    await login(page, DEMO.owner.email);
    // A missing page: trying again cannot help.
    await page.goto('/nada');
    await expect(notificationBar(page)).toHaveText(/Erro 404 - Página não encontrada/);
    await expect(notificationBar(page).getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);

    // The connection fails (the list's call and its one automatic retry): it can.
    await page.route('**/trpc/clients.list**', (route) => route.abort(), { times: 2 });
    await page.goto('/clientes');
    await expect(notificationBar(page)).toHaveText(/Erro 500/);
    await notificationBar(page).getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/clientes' && /^\d+$/.test(url.searchParams.get('t') ?? ''));
    await expect(notificationBar(page)).toBeHidden();
    // The list loads this time (rows, or none yet in a fresh database).
    await expect(page.getByTestId('client-row').first().or(page.getByText('Nenhum cliente encontrado'))).toBeVisible();
  });

  test('/seu-plano: the owner sees it, a colaborador is sent to the root without logging out', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await page.getByRole('link', { name: 'Seu plano' }).click();
    await expect(page).toHaveURL(/\/seu-plano$/);
    await expect(page.getByRole('heading', { name: 'Seu plano' })).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();

    await login(page, DEMO.colaborador.email);
    await expect(page.getByRole('link', { name: 'Seu plano' })).toHaveCount(0);
    await page.goto('/seu-plano');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(notificationBar(page)).toHaveText(/Erro 403 - Proibido/);
    expect(await storage(page, KEYS.accessToken)).toBeTruthy();
    await expect(page.getByTestId('user-name')).toHaveText(DEMO.colaborador.name);
  });

  test('titles follow the route; the customer pages open without a session', async ({ page }) => {
    await login(page, DEMO.admin.email);
    await page.goto('/clientes/import');
    await expect(page.getByRole('heading', { name: 'Importar clientes', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Enviar arquivo', level: 2 })).toBeVisible();
    await expect(page).toHaveTitle('Importar clientes | Agência CRM');
    for (const [path, title] of [
      ['/venda-fechada/1', 'Venda fechada'],
      ['/orcamento-reserva/1', 'Reserva do orçamento'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(`${title} | Agência CRM`);
    }
    // The customer's pages open without a session: a link no budget has says so.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/landing-page/10');
    await expect(page.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
    await expect(page).toHaveURL(/\/landing-page\/10$/);
  });

  test('every navigation scrolls to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 300 });
    await login(page, DEMO.owner.email);
    await page.goto('/perfil');
    await expect(page.getByRole('button', { name: 'Alterar senha' })).toBeVisible();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 400);
        return page.evaluate(() => window.scrollY);
      })
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the desktop sidebar collapses and remembers it (navExpand)', async ({ page }) => {
    await login(page, DEMO.owner.email);
    await page.getByRole('button', { name: 'Recolher menu' }).click();
    expect(await storage(page, KEYS.navExpand)).toBe('false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expandir menu' })).toBeVisible();
    // Icons keep their names for assistive technology.
    await expect(page.getByRole('link', { name: 'Usuários' })).toBeVisible();
    await page.getByRole('button', { name: 'Expandir menu' }).click();
    expect(await storage(page, KEYS.navExpand)).toBe('true');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the burger opens the menu drawer', async ({ page }) => {
      await login(page, DEMO.owner.email);
      const burger = page.getByRole('button', { name: 'Abrir menu' });
      await expect(burger).toBeVisible();
      await expect(page.getByRole('button', { name: 'Recolher menu' })).toBeHidden();
      await burger.click();
      const drawer = page.getByRole('dialog');
      await expect(drawer).toBeVisible();
      await drawer.getByRole('link', { name: 'Usuários' }).click();
      await expect(page).toHaveURL(/\/usuarios$/);
      await expect(drawer).toBeHidden();
    });
  });
});
