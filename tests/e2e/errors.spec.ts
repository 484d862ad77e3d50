import type { Locator, Page } from '@playwright/test';
import { apiToken, DEMO, login, notificationBar } from './support/app';
import { apiCreateAttendance, apiCreateClient, maskCpf, uniqueName, validCpf } from './support/crm';
import { expect, test } from './support/fixtures';

/** The app's fixed header: a field brought into view must show below it. */
const HEADER_HEIGHT = 60;

/** Requests to the API whose address contains `part`, from now on. */
function requestsTo(page: Page, part: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(part)) seen.push(request.url());
  });
  return seen;
}

/** The field is focused and in view, clear of the fixed header. */
async function expectBroughtToView(field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
  expect((await field.boundingBox())?.y).toBeGreaterThan(HEADER_HEIGHT);
}

/**
 * No notification bar: the bar waits for a form's own handler before it shows, so it is checked
 * once that moment has surely passed.
 */
async function expectNoBar(page: Page) {
  await page.waitForTimeout(500);
  await expect(notificationBar(page)).toHaveCount(0);
}

test.describe('errors and feedback', () => {
  test("a server's field error shows once, on its field, with its pt-BR label; the field is focused; no bar", async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const takenCpf = validCpf();
    await apiCreateClient(request, token, { name: uniqueName('Cliente com CPF'), cpf: takenCpf });

    await login(page, DEMO.owner.email);
    await page.goto('/clientes');
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    await dialog.getByLabel('Nome').fill(uniqueName('Cliente Repetido'));
    const cpf = dialog.getByLabel('CPF');
    await cpf.fill(takenCpf);
    await expect(cpf).toHaveValue(maskCpf(takenCpf));
    // The focus leaves the CPF for the submit: the server's answer brings it back.
    await dialog.getByLabel('Observações').fill('Indicado por outro cliente');
    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();

    await expect(cpf).toHaveAccessibleDescription(/^CPF já está em uso/);
    await expect(page.getByText('CPF já está em uso')).toHaveCount(1);
    await expect(page.getByText(/cpf já está em uso/)).toHaveCount(0); // never the API's key
    await expectBroughtToView(cpf);
    await expectNoBar(page);
    // The error links to the client who has the CPF.
    await expect(dialog.getByRole('link', { name: 'Ver cliente' })).toBeVisible();
  });

  test('an end date before the start is refused in the browser: once, on the end date, in view and focused; nothing sent', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Datas Trocadas') });
    await login(page, DEMO.owner.email);
    await page.goto(`/atendimento-leader?cliente=${client.id}`);
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(client.name);
    const sent = requestsTo(page, '/trpc/attendances.create');

    await page.getByLabel('Título').fill(uniqueName('Viagem ao contrário'));
    const end = page.getByLabel('Fim da viagem');
    await end.fill('10/03/2031');
    await end.press('Tab');
    const start = page.getByLabel('Início da viagem');
    await start.fill('20/03/2031');
    await start.press('Tab');
    // The submit sits below the fold of a short window: the field in error is brought back to view.
    await page.setViewportSize({ width: 1280, height: 480 });
    await page.getByRole('button', { name: 'Cadastrar atendimento' }).click();

    const message = 'Fim da viagem deve ser igual ou posterior à data inicial';
    await expect(page.getByText(message)).toHaveCount(1);
    await expect(end).toHaveAttribute('aria-invalid', 'true');
    await expectBroughtToView(end);
    await expectNoBar(page);
    expect(sent).toEqual([]);
    await expect(page).toHaveURL(/\/atendimento-leader\?cliente=\d+$/);

    // Set right, it is saved.
    await start.fill('05/03/2031');
    await start.press('Tab');
    await expect(page.getByText(message)).toHaveCount(0);
    await page.getByRole('button', { name: 'Cadastrar atendimento' }).click();
    await expect(page).toHaveURL(/\/atendimento\/\d+$/);
  });

  test('an oversized or wrong file is refused before any byte is sent, with a pt-BR message', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Arquivos') });
    const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Viagem com capa') });
    await login(page, DEMO.owner.email);
    const uploads = requestsTo(page, '/api/uploads/');
    const attachments = requestsTo(page, '/attachments');

    // A 17 MB image where the limit is 5 MB (IMAGE_UPLOAD), and a GIF.
    await page.goto(`/atendimento/${attendance.id}`);
    const cover = page.getByLabel('Arquivo da imagem de capa');
    await cover.setInputFiles({ name: 'praia.png', mimeType: 'image/png', buffer: Buffer.alloc(17 * 1024 * 1024) });
    await expect(page.getByText('"praia.png": A imagem deve ter no máximo 5 MB.')).toBeVisible();
    await cover.setInputFiles({ name: 'praia.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('"praia.gif": Formato de imagem não suportado (use JPEG, PNG ou WebP).')).toBeVisible();

    // An 11 MB attachment where the limit is 10 MB (DOCUMENT_UPLOAD).
    await page.goto(`/clientes-pessoa-interna/${client.id}`);
    await page
      .getByLabel('Arquivo do anexo')
      .setInputFiles({ name: 'passaporte.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024) });
    await expect(page.getByText('"passaporte.pdf": O arquivo deve ter no máximo 10 MB.')).toBeVisible();

    await expectNoBar(page);
    expect(uploads).toEqual([]);
    expect(attachments).toEqual([]);
  });
});
