import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { pdfDocument } from './support/after-sale';
import { apiToken, DEMO, login } from './support/app';
import { apiConsolidated, apiCreateAttendance, apiCreateClient, apiLogCount, pngImage, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const section = (page: Page) => page.getByRole('region', { name: 'Consolidado da viagem' });
const fileInput = (page: Page) => page.getByLabel('Arquivo do documento do consolidado');

test.describe('Consolidado da viagem', () => {
  test('notes, document upload and download, history, and files refused before any upload', async ({ page, request }) => {
    test.slow(); // a 10 MB file goes through the browser
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Consolidado') });
    const { id } = await apiCreateAttendance(request, token, {
      client_id: client.id,
      title: 'Lisboa em família',
      destination: 'Lisboa, Portugal',
      start_date: '2026-09-10',
      end_date: '2026-09-20',
      adults: 2,
      children: 1,
      value_cents: 1_234_567,
    });

    await login(page, DEMO.owner.email);
    await page.goto(`/atendimento/${id}`);
    const consolidated = section(page);
    await expect(consolidated).toBeVisible();

    // Summary of the trip.
    const summary = consolidated.getByTestId('consolidated-summary');
    await expect(summary).toContainText('Lisboa, Portugal');
    await expect(summary).toContainText('10/09/2026 a 20/09/2026');
    await expect(summary).toContainText('2 adultos, 1 criança');
    await expect(summary).toContainText('R$ 12.345,67');
    await expect(consolidated.getByTestId('consolidated-updated-at')).toHaveText('Ainda não preenchido');
    await expect(consolidated.getByText('Nenhum documento enviado.')).toBeVisible();

    // Notes by keyboard: the field takes the focus, Escape gives up, the button gets the focus back.
    const addNotes = consolidated.getByRole('button', { name: 'Adicionar observações' });
    await addNotes.focus();
    await page.keyboard.press('Enter');
    const notesField = consolidated.getByLabel('Observações do consolidado');
    await expect(notesField).toBeFocused();
    await expect(consolidated.getByText('0 de 5.000 caracteres')).toBeVisible();
    await page.keyboard.type('rascunho descartado');
    await page.keyboard.press('Escape');
    await expect(notesField).toBeHidden();
    await expect(addNotes).toBeFocused();
    await expect(consolidated.getByText('rascunho descartado')).toBeHidden();

    const notes = 'Localizador TAP: ABC123\nTransfer do aeroporto às 14h';
    await addNotes.click();
    await notesField.fill(notes);
    await expect(consolidated.getByText(`${notes.length} de 5.000 caracteres`)).toBeVisible();
    await consolidated.getByRole('button', { name: 'Salvar observações' }).click();
    await expect(page.getByText('Observações do consolidado salvas.', { exact: true })).toBeVisible();
    await expect(consolidated.getByTestId('consolidated-notes')).toHaveText(notes);
    await expect(consolidated.getByRole('button', { name: 'Editar observações' })).toBeFocused();
    await expect(consolidated.getByTestId('consolidated-updated-at')).toHaveText(/^Atualizado em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}$/);

    await page.reload();
    await expect(consolidated.getByTestId('consolidated-notes')).toHaveText(notes);
    const history = page.getByTestId('history-entry');
    await expect(history.filter({ hasText: 'Consolidado atualizado' }).filter({ hasText: 'Observações do consolidado' })).toContainText(
      'Localizador TAP: ABC123',
    );

    // Document: uploaded with progress, then listed with its name and size.
    const pdf = pdfDocument();
    await fileInput(page).setInputFiles({ name: 'consolidado-lisboa.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.getByText('Documento enviado.', { exact: true })).toBeVisible();
    await expect(consolidated.getByTestId('consolidated-file-name')).toHaveText('consolidado-lisboa.pdf');
    await expect(consolidated.getByTestId('consolidated-file')).toContainText(`PDF · ${pdf.length} B`);
    await expect(consolidated.getByRole('button', { name: 'Substituir documento' })).toBeVisible();
    await expect(consolidated.getByTestId('consolidated-upload-progress')).toBeHidden();
    await expect(history.filter({ hasText: 'Documento do consolidado' })).toContainText('— → consolidado-lisboa.pdf');

    // Download through the bearer token: same name, same bytes.
    const downloading = page.waitForEvent('download');
    await consolidated.getByRole('button', { name: 'Baixar consolidado-lisboa.pdf' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('consolidado-lisboa.pdf');
    expect(Buffer.compare(await readFile(await download.path()), pdf)).toBe(0);

    // Refused in the browser: nothing is sent, nothing changes.
    const before = await apiConsolidated(request, token, id);
    const logsBefore = await apiLogCount(request, token, id);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PATCH' && req.url().includes('/api/attendances/consolidated/')) sent.push(req.url());
    });
    const refusal = consolidated.getByRole('alert');

    await fileInput(page).setInputFiles({
      name: 'foto.gif',
      mimeType: 'image/gif',
      buffer: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
    });
    await expect(refusal).toHaveText('"foto.gif": Tipo de arquivo não suportado (use PDF, JPEG, PNG ou WebP).');

    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    tooLarge.write('%PDF-1.4\n', 'latin1');
    await fileInput(page).setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: tooLarge });
    await expect(refusal).toHaveText('"grande.pdf": O arquivo deve ter no máximo 10 MB.');

    await expect(consolidated.getByTestId('consolidated-upload-progress')).toBeHidden();
    await expect(consolidated.getByTestId('consolidated-file-name')).toHaveText('consolidado-lisboa.pdf');
    await expect(consolidated.getByTestId('consolidated-notes')).toHaveText(notes);
    expect(sent).toEqual([]);
    expect(await apiConsolidated(request, token, id)).toEqual(before);
    expect(await apiLogCount(request, token, id)).toBe(logsBefore);
    await page.reload();
    await expect(consolidated.getByTestId('consolidated-file-name')).toHaveText('consolidado-lisboa.pdf');
    await expect(history.filter({ hasText: 'Documento do consolidado' })).toHaveCount(1);

    // A good file afterwards replaces the document, and the history names both.
    await fileInput(page).setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: pngImage(24) });
    await expect(page.getByText('Documento substituído.', { exact: true })).toBeVisible();
    await expect(consolidated.getByTestId('consolidated-file-name')).toHaveText('voucher.png');
    await expect(refusal).toBeHidden();
    await expect(history.filter({ hasText: 'Documento do consolidado' }).first()).toContainText('consolidado-lisboa.pdf → voucher.png');
    expect(sent).toHaveLength(1);
  });
});
