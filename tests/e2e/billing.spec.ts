import { DEMO, KEYS, login, notificationBar, storage } from './support/app';
import { addStaff, createAgency, pastDue, planModal, setSubscription, trialEnded, trialEndsIn } from './support/billing';
import { expect, test } from './support/fixtures';

const STATUS_MESSAGE = 'O plano da sua empresa não está ativo. Entre em contato com o gestor responsável pela sua agência.';

test.describe('plans, trials and subscriptions', () => {
  // Each journey makes its own agency (password hashes on the server).
  test.slow();

  test('a trialing agency reaching 0 days: the end-of-trial modal after login, then migration to the free plan', async ({
    page,
    request,
  }) => {
    const agency = await createAgency(request);
    await setSubscription(request, agency, trialEnded());

    await login(page, agency.owner.email, agency.owner.password);
    const modal = planModal(page, 'Período de Teste Expirado');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('plan-modal-feature')).toHaveText('Fim de período de teste');
    await expect(modal.getByRole('button', { name: 'Assinar Plano' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Sair' })).toBeVisible();
    // No payment button for a trial.
    await expect(modal.getByRole('button', { name: /Pagamento/ })).toHaveCount(0);
    // A restricted reply never logs the owner out.
    expect(await storage(page, KEYS.accessToken)).toBeTruthy();

    await modal.getByRole('button', { name: 'Migrar para o Plano Grátis' }).click();
    await expect(page.getByText('Migrado para o Plano Grátis com sucesso!')).toBeVisible();
    await expect(modal).toBeHidden();
    expect(await storage(page, KEYS.status)).toBe('active');
    expect(await storage(page, KEYS.daysRemaining)).toBe('0');

    // Unrestricted now: every screen opens, no modal.
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await page.getByRole('link', { name: 'Seu plano' }).click();
    await expect(page.getByTestId('current-plan-name')).toHaveText('Plano Grátis');
    await expect(page.getByTestId('plan-status')).toHaveText('Ativo');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('an owner on past_due: the upgrade modal with the payment button, the checkout simulator, paid and unrestricted', async ({
    page,
    request,
  }) => {
    const agency = await createAgency(request);
    await setSubscription(request, agency, pastDue());

    await login(page, agency.owner.email, agency.owner.password);
    const modal = planModal(page, 'Pagamento Atrasado');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('plan-modal-feature')).toHaveText('Pagamento atrasado');
    await expect(modal.getByRole('button', { name: 'Migrar para o Plano Grátis' })).toHaveCount(0);

    // Restriction gate: another screen is refused, the user stays where they were.
    await modal.getByRole('button', { name: 'Fechar' }).click();
    await expect(modal).toBeHidden();
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await modal.getByRole('button', { name: 'Regularizar Pagamento' }).click();
    await expect(page).toHaveURL(/\/checkout-simulator\/cs_/);
    await expect(page.getByRole('heading', { name: 'Plano Profissional' })).toBeVisible();
    await expect(page.getByText('R$ 149,90')).toBeVisible();
    await page.getByRole('button', { name: 'Pagar' }).click();

    // Back on /seu-plano: the webhook has run, the session is confirmed and leaves the address.
    await expect(page).toHaveURL((url) => url.pathname === '/seu-plano' && !url.searchParams.has('session_id'));
    await expect(page.getByText('Pagamento confirmado! O plano da sua agência está ativo.')).toBeVisible();
    await expect(page.getByTestId('plan-status')).toHaveText('Ativo');
    expect(await storage(page, KEYS.status)).toBe('active');

    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a failed payment says so and the plan stays restricted', async ({ page, request }) => {
    const agency = await createAgency(request);
    await setSubscription(request, agency, pastDue());
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto('/seu-plano');
    await page.getByTestId('current-plan').getByRole('button', { name: 'Regularizar Pagamento' }).click();
    await page.getByRole('button', { name: 'Simular falha' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/seu-plano');
    await expect(notificationBar(page)).toHaveText(/Erro 402 - Erro ao processar pagamento\. Tente novamente\./);
    await expect(page.getByTestId('plan-status')).not.toHaveText('Ativo');
    await expect(page.getByTestId('current-plan').getByRole('alert')).toBeVisible();
  });

  test('a colaborador and an administrador of a restricted agency see the status modal, never the upgrade modal', async ({
    page,
    request,
  }) => {
    const agency = await createAgency(request);
    const colaborador = await addStaff(request, agency, 'colaborador');
    const administrador = await addStaff(request, agency, 'administrador');

    // The trial ended: the status modal too (the restriction rule, not the status alone).
    await setSubscription(request, agency, trialEnded());
    await login(page, colaborador.email, colaborador.password);
    const modal = planModal(page, 'Status do Plano');
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Fim de período de teste');
    await expect(modal).toContainText(STATUS_MESSAGE);
    // Its only action is 'Sair'.
    await expect(modal.getByRole('button')).toHaveText(['Sair']);
    await expect(page.getByRole('link', { name: 'Seu plano' })).toHaveCount(0);

    await setSubscription(request, agency, pastDue());
    await page.reload();
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Pagamento atrasado');
    await expect(planModal(page, 'Pagamento Atrasado')).toHaveCount(0);
    await modal.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await login(page, administrador.email, administrador.password);
    await expect(planModal(page, 'Status do Plano')).toBeVisible();
    await expect(planModal(page, 'Pagamento Atrasado')).toHaveCount(0);
  });

  test('a super_admin sees neither modal', async ({ page }) => {
    await login(page, DEMO.superAdmin.email);
    for (const path of ['/usuarios', '/perfil', '/']) {
      await page.goto(path);
      await expect(page.getByTestId('user-name')).toHaveText(DEMO.superAdmin.name);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    expect(await storage(page, KEYS.accessToken)).toBeTruthy();
  });

  test('/seu-plano stays reachable while restricted, and lists the plans to choose', async ({ page, request }) => {
    const agency = await createAgency(request);
    await setSubscription(request, agency, pastDue());
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto('/seu-plano');
    await expect(page.getByRole('heading', { name: 'Seu plano' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const current = page.getByTestId('current-plan');
    await expect(current.getByTestId('current-plan-name')).toHaveText('Plano Profissional');
    await expect(current.getByTestId('plan-status')).toHaveText('Pagamento atrasado');
    await expect(current.getByRole('alert')).toContainText('Pagamento Atrasado');
    await expect(page.getByTestId('plan-card')).toHaveCount(2);
    await expect(page.getByTestId('plan-card').filter({ hasText: 'Plano Grátis' })).toContainText('Grátis');
    await expect(page.getByTestId('plan-card').filter({ hasText: 'Plano Profissional' })).toContainText('R$ 149,90 / mês');

    // Leaving it for another screen is refused by the restriction gate.
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(planModal(page, 'Pagamento Atrasado')).toBeVisible();
    await expect(page).toHaveURL(/\/seu-plano$/);
  });

  test('the owner cancels the subscription; the trial already granted stays usable', async ({ page, request }) => {
    const agency = await createAgency(request);
    await login(page, agency.owner.email, agency.owner.password);
    await page.getByRole('link', { name: 'Seu plano' }).click();
    await expect(page.getByTestId('plan-status')).toHaveText('Período de teste');
    await expect(page.getByTestId('days-remaining')).toHaveText('14 dias restantes no período de teste');

    await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar assinatura' });
    await confirm.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await expect(page.getByText('Assinatura cancelada.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByTestId('plan-status')).toHaveText('Plano cancelado');
    await expect(page.getByTestId('days-remaining')).toContainText('14 dias restantes');
    await expect(page.getByRole('button', { name: 'Cancelar assinatura' })).toHaveCount(0);
    expect(await storage(page, KEYS.status)).toBe('canceled');

    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("a trial ending in 2 days: the 'Seu trial termina em 2 dias' warning, and navigation goes on", async ({ page, request }) => {
    const agency = await createAgency(request);
    await setSubscription(request, agency, trialEndsIn(2));
    await login(page, agency.owner.email, agency.owner.password);
    await expect(page.getByText('Seu trial termina em 2 dias')).toBeVisible();
    await page.getByRole('link', { name: 'Usuários' }).click();
    await expect(page).toHaveURL(/\/usuarios$/);
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
