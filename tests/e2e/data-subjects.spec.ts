// A data subject's LGPD requests from the client's page: the owner exports what the agency holds on
// the person (a file read back here) and anonymises them after a confirmation.
import { readFile } from 'node:fs/promises';
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { expect, test } from './support/fixtures';

test('the owner exports a client’s personal data, then anonymises the client', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const agency = await createAgency(request);
  const token = await apiToken(request, agency.owner.email, agency.owner.password);
  const res = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      kind: 'person',
      name: 'Helena Duarte Vasconcelos',
      cpf: '11144477735',
      email: 'helena.vasconcelos@cliente.test',
      documents: [{ type: 'passport', number: 'GB4455667', country: 'BR' }],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { id } = (await res.json()) as { id: number };

  await login(page, agency.owner.email, agency.owner.password);
  await page.goto(`/clientes-pessoa-interna/${id}`);
  await expect(page.getByRole('heading', { name: 'Helena Duarte Vasconcelos' })).toBeVisible();

  // The PDF for the person, then the JSON read back here.
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar dados do titular' }).click();
  await page.getByRole('menuitem', { name: 'PDF para o titular' }).click();
  expect((await pdf).suggestedFilename()).toBe(`dados-do-titular-${id}.pdf`);
  expect((await readFile((await (await pdf).path()) as string)).subarray(0, 5).toString()).toBe('%PDF-');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar dados do titular' }).click();
  await page.getByRole('menuitem', { name: 'JSON (dados estruturados)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`dados-do-titular-${id}.json`);
  const data = JSON.parse(await readFile((await file.path()) as string, 'utf8'));
  expect(data.client).toMatchObject({ name: 'Helena Duarte Vasconcelos', cpf: '11144477735', email: 'helena.vasconcelos@cliente.test' });
  expect(data.documents).toMatchObject([{ type: 'passport', number: 'GB4455667' }]);

  await page.getByRole('button', { name: 'Anonimizar titular' }).click();
  const dialog = page.getByRole('dialog', { name: 'Anonimizar titular' });
  await expect(dialog.getByText('Não é possível desfazer.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Anonimizar' }).click();
  await expect(page.getByText('Titular anonimizado: os dados pessoais foram substituídos', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Titular anonimizado #${id}` })).toBeVisible();
  await expect(page.getByTestId('client-document')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Anonimizar titular' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the owner exports the whole agency: the bar moves, then the zip downloads', async ({ page, request }) => {
  const agency = await createAgency(request);
  await login(page, agency.owner.email, agency.owner.password);
  await page.goto('/perfil');
  const card = page.getByRole('region', { name: 'Seus dados' });
  await card.getByRole('button', { name: 'Exportar todos os dados' }).click();
  await expect(page.getByText('Exportação iniciada', { exact: false })).toBeVisible();
  const line = card.getByTestId('agency-export');
  await expect(line.getByText('Pronta')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole('button', { name: 'Exportar todos os dados' })).toBeEnabled();

  const download = page.waitForEvent('download');
  await line.getByRole('button', { name: 'Baixar' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dados-da-agencia-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = await readFile((await file.path()) as string);
  // A zip (its signature) naming the agency's tables in its directory.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  for (const name of ['companies.csv', 'clients.csv', 'users.csv']) expect(bytes.includes(Buffer.from(name))).toBe(true);
});
