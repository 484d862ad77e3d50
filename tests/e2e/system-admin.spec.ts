// The system company's screens (super_admin): the agencies (search blind to accents, the support
// action on a subscription, confirmed first), the plan catalogue (a new plan, a feature edited),
// and the job queue ('Filas': a failed job and its retry). Other roles neither see nor open them.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, DEMO, KEYS, login, notificationBar, storage } from './support/app';
import { createAgency } from './support/billing';
import { uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';
import { enqueueStaleJob, reachableJobStore, STALE_JOB } from './support/jobs';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' });

/** axe-core finds no serious or critical violation on the screen as shown. */
async function expectAccessible(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.html.slice(0, 200)).join(' | ')}`);
  expect(serious).toEqual([]);
}

async function superAdminGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const token = await apiToken(request, DEMO.superAdmin.email);
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

test.describe('the system company’s screens', () => {
  test.slow();

  test('agencies: found without accents, the owner listed, the status changed after a confirmation', async ({ page, request }) => {
    const agency = await createAgency(request);
    const suffix = agency.name.split(' ').at(-1) as string;
    await login(page, DEMO.superAdmin.email);
    await menu(page).getByRole('link', { name: 'Agências' }).click();
    await expect(page).toHaveURL(/\/sistema\/agencias$/);
    await expect(page.getByRole('heading', { name: 'Agências', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Agências | Agência CRM');

    // 'Agência E2E …' typed without its accent, in capitals.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(`AGENCIA e2e ${suffix}`);
    await expect(page).toHaveURL(/busca=AGENCIA/);
    const rows = page.getByTestId('agency-row');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(agency.name);
    await expect(row).toContainText('Plano Profissional');
    await expect(row.getByTestId('agency-status')).toHaveText('Período de teste');
    await expect(row.getByTestId('agency-period')).toHaveText(/^\d+ dias de teste$/);
    await expect(row).toContainText(agency.owner.email);
    await expectAccessible(page);

    // By keyboard: the agency's name opens its drawer.
    await row.getByRole('button', { name: agency.name }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: agency.name });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('agency-user')).toHaveCount(1);
    await expect(drawer.getByTestId('agency-user')).toContainText(agency.owner.email);
    await expect(drawer.getByTestId('agency-user')).toContainText('Proprietário');

    // The support action asks first; 'Cancelar' changes nothing.
    await drawer.getByRole('combobox', { name: 'Nova situação' }).click();
    await page.getByRole('option', { name: 'Pagamento atrasado (past_due)' }).click();
    await drawer.getByRole('button', { name: 'Alterar situação' }).click();
    const confirm = page.getByRole('dialog', { name: 'Alterar a situação da assinatura?' });
    await expect(confirm).toContainText(`A assinatura de ${agency.name} passa de “Período de teste” para “Pagamento atrasado”`);
    await expect(confirm).toContainText('A equipe da agência perde o acesso às telas');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(drawer.getByTestId('agency-status')).toHaveText('Período de teste');

    await drawer.getByRole('button', { name: 'Alterar situação' }).click();
    await confirm.getByRole('button', { name: 'Confirmar alteração' }).click();
    await expect(page.getByText(`Situação de ${agency.name} alterada para “Pagamento atrasado”.`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(drawer.getByTestId('agency-status')).toHaveText('Pagamento atrasado');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(row.getByTestId('agency-status')).toHaveText('Pagamento atrasado');

    // The agency's owner is restricted at once (402, the plan modals), as the status says.
    const ownerToken = await apiToken(request, agency.owner.email, agency.owner.password);
    const users = await request.get('/api/users', { headers: { Authorization: `Bearer ${ownerToken}` } });
    expect(users.status()).toBe(402);
    expect((await users.json()).message).toBe('Pagamento atrasado');
  });

  test('plans: a new plan, then one of its features switched on', async ({ page, request }) => {
    const name = uniqueName('Plano E2E');
    await login(page, DEMO.superAdmin.email);
    await menu(page).getByRole('link', { name: 'Planos' }).click();
    await expect(page).toHaveURL(/\/sistema\/planos$/);
    await expect(page.getByTestId('plan-row').filter({ hasText: 'Plano Profissional' })).toBeVisible();

    await page.getByRole('button', { name: 'Novo plano' }).click();
    let dialog = page.getByRole('dialog', { name: 'Novo plano' });
    await dialog.getByRole('textbox', { name: 'Nome' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Preço mensal' }).fill('1,5');
    await dialog.getByRole('textbox', { name: 'Dias de teste' }).fill('3');
    // Kept out of the catalogue, so agencies of other journeys never see it.
    await dialog.getByRole('switch', { name: 'Visível para as agências (catálogo)' }).uncheck();
    await dialog.getByRole('checkbox', { name: 'Assinatura digital de contratos (D4Sign)' }).check();
    await dialog.getByRole('button', { name: 'Criar plano' }).click();
    await expect(page.getByText(`Plano “${name}” criado.`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId('plan-row').filter({ hasText: name });
    await expect(row).toContainText('R$ 1,50');
    await expect(row).toContainText('3 dias');
    await expect(row).toContainText('Fora do catálogo');
    await expect(row.getByTestId('plan-features')).toHaveText('Assinatura digital de contratos (D4Sign)');
    await expectAccessible(page);

    await row.getByRole('button', { name: `Editar ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Editar ${name}` });
    await expect(dialog.getByRole('checkbox', { name: 'Assinatura digital de contratos (D4Sign)' })).toBeChecked();
    await dialog.getByRole('checkbox', { name: 'Comentários na tabela financeira' }).check();
    await dialog.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText(`Plano “${name}” atualizado.`)).toBeVisible();
    await expect(row.getByTestId('plan-features')).toContainText('Comentários na tabela financeira');

    type Plans = { plans: { name: string; is_public: boolean; amount_cents: number; features: Record<string, boolean> }[] };
    const { plans } = await superAdminGet<Plans>(request, '/api/admin/plans?per_page=100');
    expect(plans.find((p) => p.name === name)).toMatchObject({
      amount_cents: 150,
      is_public: false,
      features: { d4sign: true, financial_table_comments: true, cambio_sistema: false, pipedrive_deals: false, super_admin: false },
    });
  });

  test('queues: a failed job is listed with its error, and retried', async ({ page }) => {
    const store = reachableJobStore();
    test.skip(!store, 'the queue lives in the embedded database inside the server (set E2E_DATABASE_URL, as CI does)');
    const userId = await enqueueStaleJob(store as NonNullable<typeof store>);

    await login(page, DEMO.superAdmin.email);
    await menu(page).getByRole('link', { name: 'Filas' }).click();
    await expect(page).toHaveURL(/\/sistema\/filas$/);
    await expect(page.getByTestId('queue-kind')).toHaveText(store === 'bullmq' ? 'BullMQ (Redis)' : /PostgreSQL/);
    const job = page.getByTestId('failed-job').filter({ hasText: `userId: ${userId}` });
    // The worker takes it within a second or so.
    await expect(async () => {
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await expect(job).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(job).toContainText(STALE_JOB);
    await expect(job.getByTestId('failed-job-error')).toContainText('user_id');
    await expect(job.getByTestId('failed-job-attempts')).toHaveText('1 de 1');
    await expect(page.getByTestId('queue-count-failed')).toHaveText(/^Com falha[1-9]\d*$/);
    await expectAccessible(page);

    // The retry runs it again: it fails again (its payload is still the old one), at a new time.
    const firstFailure = await job.getByTestId('failed-job-when').textContent();
    await job.getByRole('button', { name: /^Tentar novamente a tarefa/ }).click();
    await expect(page.getByText(`A tarefa ${STALE_JOB} voltou para a fila.`)).toBeVisible();
    await expect(async () => {
      await page.getByRole('button', { name: 'Atualizar' }).click();
      await expect(job.getByTestId('failed-job-when')).not.toHaveText(firstFailure as string, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(job.getByTestId('failed-job-attempts')).toHaveText('1 de 1');
  });

  test('only super_admin sees and opens them: the owner is sent home with 403, still signed in', async ({ page }) => {
    await login(page, DEMO.owner.email);
    for (const label of ['Agências', 'Planos', 'Filas']) await expect(menu(page).getByRole('link', { name: label })).toHaveCount(0);
    await page.goto('/sistema/filas');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(notificationBar(page)).toHaveText(/Erro 403 - Proibido/);
    expect(await storage(page, KEYS.accessToken)).toBeTruthy();
  });
});
