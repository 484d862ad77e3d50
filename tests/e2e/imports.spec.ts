// Spreadsheet imports (/clientes/import, /fornecedores/import): a file written here with good and
// bad rows, sent with its progress, its mapping fixed on screen, previewed with the reasons, run
// to the result, the refused rows downloaded, the records found in their lists.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, login } from './support/app';
import { maskCpf, validCpf } from './support/crm';
import { expect, test } from './support/fixtures';

/** A `;` CSV as Brazilian Excel writes it (a cell with `;` or quotes is quoted). */
const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map((c) => (/[;"\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(';')).join('\r\n')}\r\n`;

const fileInput = (page: Page) => page.getByLabel('Arquivo da planilha');
const mappingSelect = (page: Page, label: string) => page.getByTestId('import-mapping').getByRole('combobox', { name: label, exact: true });

async function choose(page: Page, label: string, option: string) {
  await mappingSelect(page, label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(mappingSelect(page, label)).toHaveValue(option);
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe('imports', () => {
  test('clients: a CSV with good and bad rows, the mapping fixed, preview with reasons, run to the result, rejects downloaded', async ({
    page,
  }) => {
    test.slow(); // five steps, two downloads and the list
    const suffix = randomUUID().slice(0, 8);
    const [first, second, third] = [validCpf(), validCpf(), validCpf()];
    const names = {
      good: `Conceição Araújo ${suffix}`,
      noDocument: `Sem Documento Açaí ${suffix}`,
      second: `João Ninguém ${suffix}`,
      badCpf: `Ângela Muñoz ${suffix}`,
      badEmail: `Bruno Lima ${suffix}`,
      twice: `Outra Conceição ${suffix}`,
    };
    const header = ['Nome completo', 'CPF', 'Correio eletrônico', 'Celular', 'Cidade'];
    const rejected = [
      [names.badCpf, '123.456.789-00', `angela-${suffix}@exemplo.com.br`, '', 'Recife'],
      [names.badEmail, third, 'bruno@', '', 'Olinda'],
      [names.twice, first, `outra-${suffix}@exemplo.com.br`, '', 'Niterói'],
    ];
    const rows = [
      header,
      [names.good, maskCpf(first), `conceicao-${suffix}@exemplo.com.br`, '(11) 98888-7777', 'São Paulo'],
      [names.second, second, `joao-${suffix}@exemplo.com.br`, '', 'São José'],
      ...rejected,
      [names.noDocument, '', `semdoc-${suffix}@exemplo.com.br`, '', ''],
    ];
    const filename = `base-antiga-${suffix}.csv`;

    await login(page, DEMO.admin.email);
    await page.goto('/clientes');
    await page.getByRole('link', { name: 'Importar' }).click();
    await expect(page).toHaveURL(/\/clientes\/import$/);
    await expect(page.getByRole('heading', { name: 'Importar clientes', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Enviar arquivo', level: 2 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Clientes (pessoa física)' })).toBeChecked();

    // The template of the kind: its pt-BR columns.
    const templateDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar modelo' }).click();
    const template = await templateDownload;
    expect(template.suggestedFilename()).toBe('modelo-importacao-clientes.csv');
    expect((await readFile(await template.path(), 'utf8')).replace(/^\ufeff/, '')).toMatch(/^Nome;CPF;E-mail;Telefone;Data de nascimento;/);

    // Too big for the shared limit: refused in the browser, nothing sent.
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().includes('/api/uploads/')) sent.push(req.url());
    });
    await fileInput(page).setInputFiles({ name: 'enorme.csv', mimeType: 'text/csv', buffer: Buffer.alloc(20 * 1024 * 1024 + 1, 0x61) });
    await expect(page.getByTestId('import-upload-error')).toHaveText('A planilha deve ter no máximo 20 MB');
    expect(sent).toEqual([]);

    // The file: sent with its progress, then its columns to map.
    await fileInput(page).setInputFiles({ name: filename, mimeType: 'text/csv', buffer: Buffer.from(csv(rows)) });
    await expect(page).toHaveURL(/\/clientes\/import\?importacao=\d+$/);
    expect(sent).toHaveLength(1);
    await expect(page.getByRole('heading', { name: 'Mapear colunas' })).toBeFocused();
    await expect(page.getByTestId('import-filename')).toHaveText(filename);
    // The API's guess: the known headers are mapped, the e-mail's is not one of them.
    await expect(mappingSelect(page, 'Nome')).toHaveValue('Nome completo');
    await expect(mappingSelect(page, 'CPF')).toHaveValue('CPF');
    await expect(mappingSelect(page, 'Telefone')).toHaveValue('Celular');
    await expect(mappingSelect(page, 'Cidade')).toHaveValue('Cidade');
    await expect(mappingSelect(page, 'E-mail')).toHaveValue('Não importar');

    // Previewed as guessed: a city alone is no address, so those rows would be refused.
    await page.getByRole('button', { name: 'Pré-visualizar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Pré-visualizar' })).toBeFocused();
    await expect(page.getByTestId('preview-total-rows')).toHaveText('6');
    await expect(page.getByTestId('import-invalid-rows')).toContainText('Logradouro: Preencha este campo');
    await expect(page.getByTestId('preview-total-reject')).toHaveText('5');

    // Fixed on screen: the city left out, the e-mail taken from its column.
    await page.getByRole('button', { name: 'Voltar ao mapeamento' }).click();
    await expect(page.getByRole('heading', { name: 'Mapear colunas' })).toBeFocused();
    // By keyboard: the list opens with the arrows, Enter takes the option reached.
    const city = mappingSelect(page, 'Cidade');
    await city.focus();
    await page.keyboard.press('ArrowDown');
    const leaveOut = page.getByRole('option', { name: 'Não importar', exact: true });
    await expect(leaveOut).toBeVisible();
    for (let i = 0; i < 10 && (await leaveOut.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(city).toHaveValue('Não importar');
    await choose(page, 'E-mail', 'Correio eletrônico');
    // A column goes to one field: the e-mail's is taken for the others.
    await mappingSelect(page, 'Telefone').click();
    await expect(page.getByRole('option', { name: 'Correio eletrônico (em E-mail)' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Previewed again, by keyboard: the rows as they will be saved and every refused one with its reason.
    await page.getByRole('button', { name: 'Pré-visualizar', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('preview-total-create')).toHaveText('3');
    await expect(page.getByTestId('preview-total-reject')).toHaveText('3');
    const firstRow = page.getByTestId('preview-row').first();
    await expect(firstRow).toContainText('Criar');
    await expect(firstRow).toContainText(names.good);
    await expect(firstRow).toContainText(first); // the CPF as saved: digits only
    await expect(firstRow).toContainText(`conceicao-${suffix}@exemplo.com.br`);
    const invalid = page.getByTestId('invalid-row');
    await expect(invalid).toHaveCount(3);
    await expect(invalid.nth(0)).toContainText('CPF não é válido');
    await expect(invalid.nth(0)).toContainText(names.badCpf);
    await expect(invalid.nth(1)).toContainText('E-mail: Formato de email inválido');
    await expect(invalid.nth(2)).toContainText('CPF: repetido no arquivo (linha 2)');

    // Run: the progress (rows done of the total), then the result.
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Importar', exact: true })).toBeFocused();
    await expect(page.getByRole('progressbar', { name: 'Progresso da importação' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Resultado' })).toBeVisible();
    await expect(page.getByTestId('import-created')).toHaveText('3');
    await expect(page.getByTestId('import-updated')).toHaveText('0');
    await expect(page.getByTestId('import-rejected')).toHaveText('3');

    // A reload shows the same import, from the address.
    const url = page.url();
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { name: 'Resultado' })).toBeVisible();
    await expect(page.getByTestId('import-created')).toHaveText('3');
    const recent = page.getByTestId('recent-import').filter({ hasText: filename });
    await expect(recent).toContainText('Concluída');
    await expect(recent).toContainText('3 criados · 0 atualizados · 3 recusados');

    // The refused rows with their reasons, in the file's own columns.
    const rejectsDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Baixar rejeitados (CSV)' }).click();
    const rejects = await rejectsDownload;
    expect(rejects.suggestedFilename()).toBe(`base-antiga-${suffix}-rejeitadas.csv`);
    const reasons = ['CPF não é válido', 'E-mail: Formato de email inválido', 'CPF: repetido no arquivo (linha 2)'];
    expect(await readFile(await rejects.path(), 'utf8')).toBe(
      `\ufeff${csv([[...header, 'Motivo'], ...rejected.map((row, i) => [...row, reasons[i] as string])])}`,
    );

    // The clients are in the list, found by a name with accents; the refused ones are not.
    await page.getByRole('link', { name: 'Ver clientes' }).click();
    await expect(page).toHaveURL(/\/clientes$/);
    await page.getByLabel('Buscar').fill(names.good);
    await expect(page.getByTestId('client-row')).toHaveCount(1);
    await expect(page.getByTestId('client-row')).toContainText(names.good);
    await expect(page.getByTestId('client-row')).toContainText(maskCpf(first));
    await page.getByLabel('Buscar').fill(suffix);
    await expect(page.getByTestId('client-row')).toHaveCount(3);
    await expect(page.getByTestId('client-row').filter({ hasText: names.badCpf })).toHaveCount(0);
  });

  test('suppliers, on a 360 px phone: sent, mapped by their headers, run to the result, listed', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const suffix = randomUUID().slice(0, 8);
    const names = { guide: `Guia Conceição ${suffix}`, transfer: `Traslados Maré ${suffix}` };
    const file = csv([
      ['Razão social', 'Nome fantasia', 'CPF/CNPJ', 'Tipos de serviço', 'E-mail'],
      [names.guide, 'Guia da Ilha', validCpf(), 'Receptivo, Passeio/ingresso', `guia-${suffix}@fornecedor.test`],
      [names.transfer, '', '', 'Transfer', ''],
      [`Fornecedor Ruim ${suffix}`, '', '123', 'Teleporte', ''],
    ]);
    await login(page, DEMO.owner.email);
    await page.goto('/fornecedores');
    await page.getByRole('link', { name: 'Importar' }).click();
    await expect(page.getByRole('heading', { name: 'Importar fornecedores', level: 1 })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    expect(await horizontalOverflow(page), 'no horizontal scroll at 360 px').toBeLessThanOrEqual(0);

    await fileInput(page).setInputFiles({ name: `fornecedores-${suffix}.csv`, mimeType: 'text/csv', buffer: Buffer.from(file) });
    await expect(page.getByRole('heading', { name: 'Mapear colunas' })).toBeVisible();
    await expect(mappingSelect(page, 'Razão social')).toHaveValue('Razão social');
    await expect(mappingSelect(page, 'Tipos de serviço')).toHaveValue('Tipos de serviço');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Pré-visualizar', exact: true }).click();
    await expect(page.getByTestId('preview-total-create')).toHaveText('2');
    await expect(page.getByTestId('invalid-row')).toContainText('CPF/CNPJ não é válido');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await expect(page.getByTestId('import-created')).toHaveText('2');
    await expect(page.getByTestId('import-rejected')).toHaveText('1');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByRole('link', { name: 'Ver fornecedores' }).click();
    await page.getByLabel('Buscar').fill(suffix);
    await expect(page.getByTestId('supplier-row')).toHaveCount(2);
    await expect(page.getByTestId('supplier-row').filter({ hasText: names.guide })).toContainText('Guia da Ilha');
  });
});
