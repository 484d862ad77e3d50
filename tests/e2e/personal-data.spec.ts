// Document numbers under the LGPD: the client's page shows a passport masked, "Mostrar" reveals the
// full number, and that read is in the owner's access report, tab "Dados pessoais", with who read
// whose document.
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { expect, test } from './support/fixtures';

test('a passport revealed on the client’s page is listed in the owner’s "Dados pessoais" report', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const agency = await createAgency(request);
  const token = await apiToken(request, agency.owner.email, agency.owner.password);
  const res = await request.post('/api/clients', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      kind: 'person',
      name: 'Otávio Passos Lacerda',
      documents: [{ type: 'passport', number: 'FZ7788456', country: 'BR', expires_at: '2033-03-01' }],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { id } = (await res.json()) as { id: number };

  await login(page, agency.owner.email, agency.owner.password);
  await page.goto(`/clientes-pessoa-interna/${id}`);
  await expect(page.getByRole('heading', { name: 'Otávio Passos Lacerda' })).toBeVisible();
  const document = page.getByTestId('client-travel-document');
  await expect(document).toContainText('FZ•••456');
  await expect(document).not.toContainText('FZ7788456');
  await page.getByRole('button', { name: 'Mostrar o número completo do documento Passaporte' }).click();
  await expect(document.getByTestId('document-number-full')).toHaveText('FZ7788456');

  await page.goto('/relatorio-de-acessos');
  await page.getByRole('tab', { name: 'Dados pessoais' }).click();
  await expect(page).toHaveURL(/aba=dados-pessoais/);
  const entry = page.getByTestId('personal-data-entry').filter({ hasText: 'Passaporte de Otávio Passos Lacerda' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Documento completo exibido');
  await expect(entry.getByRole('link', { name: 'Passaporte de Otávio Passos Lacerda' })).toHaveAttribute(
    'href',
    `/clientes-pessoa-interna/${id}`,
  );

  // The agency's own period for these entries.
  const retention = page.getByLabel('Guardar estes registros por (dias)');
  await expect(retention).toHaveValue('365');
  await retention.fill('730');
  await page.getByRole('button', { name: 'Salvar prazo' }).click();
  await expect(page.getByText('Prazo de guarda salvo.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Guardar estes registros por (dias)')).toHaveValue('730');
  expect(errors).toEqual([]);
});
