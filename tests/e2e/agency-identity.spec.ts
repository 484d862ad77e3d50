// Who the agency is (run on its own port, e.g. E2E_PORT=3322): the owner fills its CNPJ, Cadastur
// and address (from the CEP the local postal-code fake knows) and uploads its logo on /perfil; a bad
// Cadastur is refused on its field before any call. Then the public page of one of its budgets
// shows the logo, named by the agency.
import { formatCnpj } from '@app/shared/documents';
import { landingPagePath } from '@app/shared/landing-rules';
import type { APIRequestContext } from '@playwright/test';
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { apiCreateAttendance, apiCreateClient, pngImage, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';
import { KNOWN_POSTAL_CODE } from './support/postal-code-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const CNPJ = '11222333000181';
const CADASTUR = '35.123456.10.0001-2';

/** A budget of the agency, sent (a draft's link answers nobody): its landing link's id. */
async function sentBudget(request: APIRequestContext, token: string): Promise<string> {
  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Identidade') });
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: 'Férias em Bonito' });
  const created = await request.post('/api/budgets/', {
    headers: auth(token),
    data: { attendance_id: attendance.id, title: 'Férias em Bonito', destination: 'Bonito, MS' },
  });
  expect(created.ok(), `budget: ${created.status()} ${await created.text()}`).toBeTruthy();
  const { id } = (await created.json()) as { id: number };
  const sent = await request.patch(`/api/budgets/${id}`, { headers: auth(token), data: { status: 'sent' } });
  expect(sent.ok(), `send: ${sent.status()} ${await sent.text()}`).toBeTruthy();
  return ((await sent.json()) as { landing_page_id: string }).landing_page_id;
}

test.describe('agency identity', () => {
  test('the owner fills CNPJ, Cadastur and address, uploads the logo, and the budget page shows it', async ({ page, request }) => {
    test.setTimeout(90_000);
    const agency = await createAgency(request);
    const token = await apiToken(request, agency.owner.email, agency.owner.password);
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto('/perfil');
    const card = page.getByRole('region', { name: 'Dados da agência' });
    await expect(card.getByLabel('Nome da agência')).toHaveValue(agency.name);

    // A Cadastur with letters is refused on its field, before any call.
    await card.getByLabel('Cadastur').fill('ABC-123');
    await card.getByRole('button', { name: 'Salvar dados da agência' }).click();
    await expect(card.getByLabel('Cadastur')).toHaveAccessibleDescription(/Cadastur não é válido/);

    await card.getByLabel('Cadastur').fill(CADASTUR);
    await card.getByLabel('CNPJ').pressSequentially(CNPJ);
    await expect(card.getByLabel('CNPJ')).toHaveValue(formatCnpj(CNPJ));
    // The CEP fills the address; the number is typed.
    await card.getByLabel('CEP').pressSequentially(KNOWN_POSTAL_CODE.cep.replace('-', ''));
    await expect(card.getByLabel('Logradouro')).toHaveValue(KNOWN_POSTAL_CODE.logradouro);
    await expect(card.getByLabel('Bairro')).toHaveValue(KNOWN_POSTAL_CODE.bairro);
    await expect(card.getByLabel('Cidade')).toHaveValue(KNOWN_POSTAL_CODE.localidade);
    await card.getByLabel('Número').fill('100');
    await card.getByRole('button', { name: 'Salvar dados da agência' }).click();
    await expect(page.getByText('Dados da agência atualizados.')).toBeVisible();

    await expect(card.getByText('Logo da agência')).toBeVisible();
    await card.getByLabel('Arquivo do logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngImage(48) });
    await expect(page.getByText('Logo atualizado.')).toBeVisible();
    await expect(card.getByRole('img', { name: `Logo de ${agency.name}` })).toBeVisible();

    // Saved: the API answers it back, and the form shows it after a reload.
    const company = await (await request.get(`/api/companies/${agency.id}`, { headers: auth(token) })).json();
    expect(company).toMatchObject({
      cnpj: CNPJ,
      cadastur: CADASTUR,
      postal_code: KNOWN_POSTAL_CODE.cep.replace('-', ''),
      street: KNOWN_POSTAL_CODE.logradouro,
      street_number: '100',
      neighborhood: KNOWN_POSTAL_CODE.bairro,
      city: KNOWN_POSTAL_CODE.localidade,
      state: KNOWN_POSTAL_CODE.uf,
      logo_url: expect.stringMatching(/^\/api\/uploads\/images\//),
    });
    await page.reload();
    await expect(card.getByLabel('Cadastur')).toHaveValue(CADASTUR);
    await expect(card.getByLabel('CNPJ')).toHaveValue(formatCnpj(CNPJ));
    await expect(card.getByLabel('Número')).toHaveValue('100');

    // The customer's page of a budget, without a session: the logo, named by the agency, loaded.
    const landingId = await sentBudget(request, token);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(landingPagePath(landingId));
    const logo = page.getByRole('img', { name: `Logo de ${agency.name}` });
    await expect(logo).toBeVisible();
    await expect(logo).toHaveAttribute('src', company.logo_url);
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});
