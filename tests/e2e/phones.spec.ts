// Phones (issue 18): at 360 px the lists are cards with their key fields (no table, no sideways
// scroll of the page, badges in full), their filters fold behind 'Filtros' (with how many are set),
// and the big numbers of the home screen fit their cards. Back at desktop width the same list is a
// table again.
import type { Page } from '@playwright/test';
import { apiToken, DEMO, login, uniqueEmail } from './support/app';
import { apiCreateAttendance, apiCreateClient, apiMarkLost, maskCpf, uniqueName, validCpf } from './support/crm';
import { expect, test } from './support/fixtures';
import { expectOnScreen, expectWhole, pageWidth } from './support/phone';

/**
 * Chooses `option` in the select `label` of the folding filters. A tap while the panel is still
 * unfolding can land before the select takes it: tap again until the options show.
 */
async function pick(page: Page, label: string, option: string) {
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    await page.getByRole('combobox', { name: label }).click();
    await expect(choice).toBeVisible({ timeout: 1000 });
  }).toPass();
  await choice.click();
}

test.use({ viewport: { width: 360, height: 740 } });

const filtersButton = (page: Page) => page.getByRole('button', { name: /^Filtros/ });

test.describe('at 360 px', () => {
  test('attendances: big numbers fit, the list is cards, its filters open from "Filtros"', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Celular') });
    const title = uniqueName('Viagem celular');
    const lost = await apiCreateAttendance(request, token, {
      client_id: client.id,
      title,
      destination: 'Fernando de Noronha',
      value_cents: 1_234_500,
      start_date: '2031-03-10',
      end_date: '2031-03-20',
    });
    await apiMarkLost(request, token, lost.id);

    await login(page, DEMO.owner.email);
    for (const key of ['open', 'win', 'lost']) {
      const card = page.getByTestId(`big-number-${key}`);
      await expect(card.getByTestId('big-number-value')).toHaveText(/^\d+$/);
      await expectOnScreen(card);
      await expectWhole(card);
      await expectWhole(card.getByTestId('big-number-value'));
      await expectOnScreen(card.getByTestId('big-number-difference'));
    }

    // The search stays in sight; the other filters wait behind 'Filtros'.
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toBeVisible();
    const owner = page.getByRole('combobox', { name: 'Responsável' });
    await expect(owner).toBeHidden();
    await expect(filtersButton(page)).toHaveAccessibleName('Filtros');
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'false');
    await filtersButton(page).click();
    await expect(filtersButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(owner).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Viagem a partir de' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Perdido' }).click();
    await expect(page).toHaveURL(/status=lost/);
    await expect(filtersButton(page)).toHaveAccessibleName('Filtros, 1 ativo');
    await expect(page.getByTestId('active-filters')).toHaveText('1');

    await page.getByRole('searchbox', { name: 'Buscar' }).fill(title);
    const rows = page.getByTestId('attendance-row');
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(row.getByRole('link', { name: title })).toBeVisible();
    await expect(row).toContainText('Fernando de Noronha');
    await expect(row).toContainText(`Cliente${client.name}`);
    await expect(row).toContainText(`Responsável${DEMO.owner.name}`);
    await expect(row).toContainText('ValorR$ 12.345,00');
    await expect(row.getByTestId('attendance-status')).toHaveText('Perdido');
    await expectWhole(row.getByTestId('attendance-status'));
    await expectOnScreen(row);
    expect(await pageWidth(page), 'no sideways scroll').toBeLessThanOrEqual(360);

    // The card opens the attendance.
    await row.getByText('Fernando de Noronha').click();
    await expect(page).toHaveURL(`/atendimento/${lost.id}`);
  });

  test('clients: cards with document and status; "Filtros" counts the filters set; a table at desktop width', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const cpf = validCpf();
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente de Nome Bem Comprido Para Celular'), cpf });

    await login(page, DEMO.owner.email);
    await page.goto(`/clientes?busca=${encodeURIComponent(client.name)}`);
    const row = page.getByTestId('client-row');
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(row.getByRole('link', { name: client.name, exact: true })).toBeVisible();
    await expect(row).toContainText(`CPF/CNPJ${maskCpf(cpf)}`);
    await expect(row).toContainText('TipoPessoa física');
    await expect(row.getByTestId('client-status')).toHaveText('Ativo');
    await expectWhole(row.getByTestId('client-status'));
    await expect(row.getByRole('link', { name: `Editar ${client.name}` })).toBeVisible();
    await expectOnScreen(row);
    expect(await pageWidth(page), 'no sideways scroll').toBeLessThanOrEqual(360);

    const kind = page.getByRole('combobox', { name: 'Tipo' });
    await expect(kind).toBeHidden();
    await filtersButton(page).click();
    await pick(page, 'Status', 'Ativos');
    await kind.click();
    await page.getByRole('option', { name: 'Pessoa física' }).click();
    await expect(page).toHaveURL(/status=ativos/);
    await expect(page).toHaveURL(/tipo=person/);
    await expect(filtersButton(page)).toHaveAccessibleName('Filtros, 2 ativos');
    await expect(row).toHaveCount(1);
    expect(await pageWidth(page), 'no sideways scroll with the filters open').toBeLessThanOrEqual(360);

    // Wider than a phone, the same list is a table of rows again.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole('row').filter({ hasText: client.name })).toHaveCount(1);
    await expect(page.getByRole('columnheader', { name: 'CPF/CNPJ' })).toBeVisible();
    await expect(filtersButton(page)).toHaveCount(0);
    await expect(kind).toBeVisible();
  });

  test('users: cards with e-mail, role and the whole status, the status filter behind "Filtros"', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const email = uniqueEmail('celular');
    const name = uniqueName('Colaboradora Celular');
    const res = await request.post('/api/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: { user: { name, email, role: 'colaborador' } },
    });
    expect(res.ok(), `create user: ${res.status()} ${await res.text()}`).toBeTruthy();

    await login(page, DEMO.owner.email);
    await page.goto('/usuarios');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
    const row = page.getByTestId('user-row');
    await expect(row).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(row.getByRole('link', { name })).toBeVisible();
    await expect(row).toContainText(`E-mail${email}`);
    await expect(row).toContainText('PerfilColaborador');
    // The longest status, in full.
    await expectWhole(row.getByText('Aguardando confirmação', { exact: true }));
    await expectOnScreen(row);
    expect(await pageWidth(page), 'no sideways scroll').toBeLessThanOrEqual(360);

    await filtersButton(page).click();
    await pick(page, 'Status', 'Aguardando confirmação');
    await expect(page).toHaveURL(/status=pending/);
    await expect(filtersButton(page)).toHaveAccessibleName('Filtros, 1 ativo');
    await expect(row).toHaveCount(1);

    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/usuario-view\/\d+$/);
  });
});
