import type { Page } from '@playwright/test';
import { apiToken, DEMO, login, notificationBar } from './support/app';
import { apiCreateAttendance, apiCreateClient, apiMarkLost, maskCpf, pngImage, uniqueName, validCpf } from './support/crm';
import { expect, test } from './support/fixtures';
import { KNOWN_POSTAL_CODE } from './support/postal-code-server';

/** The funnel and the big numbers filtered to one client, so other tests' attendances do not count. */
async function openFunnel(page: Page, search: string) {
  await page.goto(`/?visao=funil&busca=${encodeURIComponent(search)}`);
  await expect(page.getByTestId('funnel-board')).toBeVisible();
}

async function expectBigNumbers(page: Page, figures: { open: number; win: number; lost: number }) {
  for (const [key, value] of Object.entries(figures)) {
    await expect(page.getByTestId(`big-number-${key}`).getByTestId('big-number-value')).toHaveText(String(value));
  }
}

const column = (page: Page, group: 'negotiations' | 'sales' | 'losses') => page.getByTestId(`funnel-column-${group}`);

/** The toggle of a funnel column (a chip: its checkbox is visually hidden, the label is what one clicks). */
const columnToggle = (page: Page, label: string) => page.getByRole('group', { name: 'Colunas visíveis' }).getByText(label, { exact: true });

test.describe('CRM', () => {
  test('journey: client -> attendance -> won, lost and back, funnel and big numbers follow, cover image', async ({ page }) => {
    test.slow(); // many screens and round trips
    await login(page, DEMO.owner.email);

    // A person with a valid CPF.
    await page.getByRole('link', { name: 'Clientes' }).click();
    await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
    await expect(page).toHaveTitle('Clientes | Agência CRM');
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    const name = uniqueName('Cliente Jornada');
    const cpf = validCpf();
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByLabel('CPF').fill(cpf);
    await expect(dialog.getByLabel('CPF')).toHaveValue(maskCpf(cpf));
    await dialog.getByLabel('E-mail').fill(`${cpf}@cliente.test`);
    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(page).toHaveURL(/\/clientes-pessoa-interna\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('client-document')).toHaveText(maskCpf(cpf));

    // An attendance for that client, its value typed in reais.
    await page.getByRole('link', { name: 'Novo atendimento' }).click();
    await expect(page).toHaveURL(/\/atendimento-leader\?cliente=\d+/);
    await expect(page).toHaveTitle('Atendimento ou lead | Agência CRM');
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(name);
    await page.getByRole('button', { name: 'Cadastrar atendimento' }).click();
    await expect(page.getByText('Preencha este campo')).toBeVisible();
    const title = `Férias em Lisboa ${cpf.slice(0, 4)}`;
    await page.getByLabel('Título').fill(title);
    await page.getByLabel('Destino').fill('Lisboa');
    const value = page.getByLabel('Valor do atendimento');
    await value.fill('-2500');
    await value.blur();
    await expect(value).toHaveValue('BRL 2.500,00'); // no negatives
    await page.getByRole('button', { name: 'Cadastrar atendimento' }).click();
    await expect(page).toHaveURL(/\/atendimento\/\d+$/);
    const detailUrl = page.url();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');
    await expect(page.getByTestId('attendance-value')).toHaveText('R$ 2.500,00');

    await openFunnel(page, name);
    await expectBigNumbers(page, { open: 1, win: 0, lost: 0 });
    await expect(column(page, 'negotiations').getByTestId('funnel-card')).toContainText(title);
    await expect(column(page, 'negotiations').getByTestId('funnel-card-price')).toHaveText('R$ 2.500,00');
    await expect(column(page, 'negotiations').getByTestId('funnel-balance-total')).toHaveText('1 atendimento');
    await expect(column(page, 'sales').getByTestId('funnel-card')).toHaveCount(0);

    // Won (with a final value), from the card of the funnel.
    await column(page, 'negotiations').getByTestId('funnel-card').click();
    await expect(page).toHaveURL(detailUrl);
    await page.getByRole('button', { name: 'Marcar como ganho' }).click();
    const won = page.getByRole('dialog', { name: 'Marcar como ganho' });
    await won.getByLabel('Valor final da venda').fill('2800');
    await won.getByRole('button', { name: 'Marcar como ganho' }).click();
    await expect(page.getByText('Atendimento marcado como ganho.')).toBeVisible();
    await expect(page.getByTestId('attendance-status')).toHaveText('Ganho');
    await expect(page.getByTestId('attendance-value')).toHaveText('R$ 2.800,00');

    await openFunnel(page, name);
    await expectBigNumbers(page, { open: 1, win: 1, lost: 0 });
    await expect(column(page, 'sales').getByTestId('funnel-card')).toContainText(title);
    await expect(column(page, 'sales').getByTestId('funnel-card-price')).toHaveText('R$ 2.800,00');
    await expect(column(page, 'negotiations').getByTestId('funnel-card')).toHaveCount(0);

    // Back to open, then lost after a confirmation (cancelled once), then open again.
    await page.goto(detailUrl);
    await page.getByRole('button', { name: 'Reabrir' }).click();
    await expect(page.getByText('Atendimento reaberto.')).toBeVisible();
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');
    await page.getByRole('button', { name: 'Marcar como perdido' }).click();
    const lost = page.getByRole('dialog', { name: 'Marcar como perdido' });
    await lost.getByRole('button', { name: 'Cancelar' }).click();
    await expect(lost).toBeHidden();
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');
    await page.getByRole('button', { name: 'Marcar como perdido' }).click();
    await lost.getByLabel('Motivo da perda').fill('Escolheu outra agência');
    await lost.getByRole('button', { name: 'Marcar como perdido' }).click();
    await expect(page.getByTestId('attendance-status')).toHaveText('Perdido');
    await expect(page.getByText('Escolheu outra agência').first()).toBeVisible();

    await openFunnel(page, name);
    await expectBigNumbers(page, { open: 1, win: 0, lost: 1 });
    await expect(column(page, 'losses').getByTestId('funnel-card')).toContainText(title);
    await expect(column(page, 'sales').getByTestId('funnel-card')).toHaveCount(0);
    // Columns can be hidden and shown again.
    await columnToggle(page, 'Perdidos').click();
    await expect(page.getByRole('checkbox', { name: 'Perdidos' })).not.toBeChecked();
    await expect(column(page, 'losses')).toHaveCount(0);
    await columnToggle(page, 'Perdidos').click();
    await expect(column(page, 'losses').getByTestId('funnel-card')).toContainText(title);

    await page.goto(detailUrl);
    await page.getByRole('button', { name: 'Reabrir' }).click();
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');
    const history = page.getByTestId('attendance-history');
    for (const entry of ['Atendimento criado', 'Marcado como ganho', 'Marcado como perdido', 'Atendimento reaberto']) {
      await expect(history.getByText(entry).first()).toBeVisible();
    }

    // Cover image: uploaded with progress, then shown.
    await expect(page.getByText('Sem imagem de capa')).toBeVisible();
    await page.getByLabel('Arquivo da imagem de capa').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: pngImage(48) });
    await expect(page.getByText('Imagem de capa atualizada.')).toBeVisible();
    const cover = page.getByTestId('cover-image');
    await expect(cover).toHaveAttribute('src', /^\/api\/uploads\/images\/\d+\/[0-9a-f-]+\.png$/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);

    await openFunnel(page, name);
    await expectBigNumbers(page, { open: 1, win: 0, lost: 0 });
    await expect(column(page, 'negotiations').getByTestId('funnel-card')).toContainText(title);
  });

  test('client form: CPF checked, CPF in use, postal code fills the address', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const takenCpf = validCpf();
    await apiCreateClient(request, token, { name: uniqueName('Cliente Existente'), cpf: takenCpf });

    await login(page, DEMO.owner.email);
    await page.goto('/clientes');
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo cliente' });
    const cpfInput = dialog.getByLabel('CPF');

    // Required and format rules first, then the CPF's check digits.
    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(dialog.getByText('Preencha este campo')).toBeVisible();
    await dialog.getByLabel('Nome').fill('A');
    await expect(dialog.getByText('O campo Nome deve ter no mínimo 2 e no máximo 160 caracteres')).toBeVisible();
    const name = uniqueName('Cliente Endereço');
    await dialog.getByLabel('Nome').fill(name);
    await cpfInput.fill('123.456.789-00');
    await expect(dialog.getByText('CPF não é válido')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(dialog).toBeVisible();
    await expect(cpfInput).toBeFocused();

    // Another client of the agency has this CPF: the server's text on the field, with a link to
    // that client (the CPF-in-use flag); not in the bar.
    await cpfInput.fill(takenCpf);
    await expect(dialog.getByText('CPF não é válido')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(dialog.getByText('CPF já está em uso')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Ver cliente' })).toBeVisible();
    await expect(notificationBar(page)).toBeHidden();

    // Postal code: an unknown one says so; the known one fills the address and moves to the number.
    await dialog.getByLabel('CEP').fill('99999-999');
    await expect(dialog.getByText('CEP não encontrado')).toBeVisible();
    await dialog.getByLabel('CEP').fill(KNOWN_POSTAL_CODE.cep);
    await expect(dialog.getByLabel('Logradouro')).toHaveValue(KNOWN_POSTAL_CODE.logradouro);
    await expect(dialog.getByLabel('Bairro')).toHaveValue(KNOWN_POSTAL_CODE.bairro);
    await expect(dialog.getByLabel('Cidade')).toHaveValue(KNOWN_POSTAL_CODE.localidade);
    await expect(dialog.getByRole('combobox', { name: 'UF' })).toHaveValue(KNOWN_POSTAL_CODE.uf);
    await expect(dialog.getByLabel('Complemento')).toHaveValue(KNOWN_POSTAL_CODE.complemento);
    await expect(dialog.getByLabel('Número')).toBeFocused();
    // The rest of the address is needed once part of it is filled.
    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(dialog.getByLabel('Número')).toBeFocused();
    await dialog.getByLabel('Número').fill('100');

    const cpf = validCpf();
    await cpfInput.fill(cpf);
    await expect(dialog.getByText('CPF já está em uso')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(page).toHaveURL(/\/clientes-pessoa-interna\/\d+$/);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByTestId('client-address')).toHaveText(
      `${KNOWN_POSTAL_CODE.logradouro}, 100 – ${KNOWN_POSTAL_CODE.complemento} · ${KNOWN_POSTAL_CODE.bairro} · ${KNOWN_POSTAL_CODE.localidade}/${KNOWN_POSTAL_CODE.uf} · CEP ${KNOWN_POSTAL_CODE.cep}`,
    );

    // Found again by its CPF, formatted or not.
    await page.goto(`/clientes?busca=${maskCpf(cpf).slice(0, 7)}`);
    await expect(page.getByTestId('client-row')).toHaveCount(1);
    await expect(page.getByTestId('client-row')).toContainText(maskCpf(cpf));
  });

  test('deactivate and reactivate a client, each after a confirmation', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Ativo') });
    await login(page, DEMO.admin.email);
    await page.goto(`/clientes-pessoa-interna/${client.id}`);
    await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
    await expect(page.getByTestId('client-status')).toHaveText('Ativo');

    await page.getByRole('button', { name: 'Desativar' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Desativar cliente' });
    await expect(deactivate).toContainText(client.name);
    await deactivate.getByRole('button', { name: 'Cancelar' }).click();
    await expect(deactivate).toBeHidden();
    await expect(page.getByTestId('client-status')).toHaveText('Ativo');

    await page.getByRole('button', { name: 'Desativar' }).click();
    await deactivate.getByRole('button', { name: 'Desativar' }).click();
    await expect(page.getByText('Cliente desativado.')).toBeVisible();
    await expect(page.getByTestId('client-status')).toHaveText('Inativo');
    await expect(page.getByRole('link', { name: 'Novo atendimento' })).toHaveCount(0);

    await page.goto(`/clientes?status=inativos&busca=${encodeURIComponent(client.name)}`);
    await expect(page.getByTestId('client-row')).toHaveCount(1);
    await page.getByTestId('client-row').getByRole('link', { name: client.name, exact: true }).click();

    await page.getByRole('button', { name: 'Reativar' }).click();
    const reactivate = page.getByRole('dialog', { name: 'Reativar cliente' });
    await reactivate.getByRole('button', { name: 'Reativar' }).click();
    await expect(page.getByText('Cliente reativado.')).toBeVisible();
    await expect(page.getByTestId('client-status')).toHaveText('Ativo');
    await expect(page.getByRole('link', { name: 'Novo atendimento' })).toBeVisible();
  });

  test('attendances list: pages of 6, search and status filter', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Paginado') });
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      ids.push((await apiCreateAttendance(request, token, { client_id: client.id, title: `Viagem ${i}`, value_cents: i * 10_000 })).id);
    }
    await apiMarkLost(request, token, ids[0] as number);

    await login(page, DEMO.colaborador.email);
    await page.getByLabel('Buscar').fill(client.name);
    await expect(page).toHaveURL((url) => url.searchParams.get('busca') === client.name);
    await expect(page.getByText('7 atendimentos · página 1 de 2')).toBeVisible();
    await expect(page.getByTestId('attendance-row')).toHaveCount(6);
    // Newest first.
    await expect(page.getByTestId('attendance-row').first()).toContainText('Viagem 7');
    await expect(page.getByTestId('attendance-row').first()).toContainText('R$ 700,00');

    await page.getByRole('button', { name: 'Página 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('7 atendimentos · página 2 de 2')).toBeVisible();
    await expect(page.getByTestId('attendance-row')).toHaveCount(1);
    await expect(page.getByTestId('attendance-row')).toContainText('Viagem 1');

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Perdido' }).click();
    await expect(page).toHaveURL(/status=lost/);
    await expect(page).not.toHaveURL(/page=2/);
    await expect(page.getByTestId('attendance-row')).toHaveCount(1);
    await expect(page.getByTestId('attendance-row')).toContainText('Perdido');

    await page.getByLabel('Buscar').fill('ninguem-tem-este-atendimento');
    await expect(page.getByText('Nenhum atendimento encontrado')).toBeVisible();
  });

  test('search is blind to accents and case; a name shared by more than 100 attendances says "mais de 100"', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const name = uniqueName('Conceição Ávila');
    const typed = name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();
    const client = await apiCreateClient(request, token, { name });
    for (let batch = 0; batch < 101; batch += 20) {
      const numbers = Array.from({ length: Math.min(20, 101 - batch) }, (_, i) => batch + i + 1);
      await Promise.all(numbers.map((n) => apiCreateAttendance(request, token, { client_id: client.id, title: `Viagem ${n}` })));
    }

    await login(page, DEMO.colaborador.email);
    await page.getByLabel('Buscar').fill(typed);
    await expect(page.getByText('mais de 100 atendimentos · página 1', { exact: true })).toBeVisible();
    await expect(page.getByTestId('attendance-row')).toHaveCount(6);
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText('mais de 100 atendimentos · página 2', { exact: true })).toBeVisible();

    await page.goto(`/clientes?busca=${encodeURIComponent(typed.toLowerCase())}`);
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByText('1 cliente · página 1 de 1', { exact: true })).toBeVisible();
  });

  test('on a phone, the board scroll picks the active funnel group (scroll thresholds 0.33 and 0.66)', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, DEMO.owner.email);
    await page.goto('/?visao=funil');
    const board = page.getByTestId('funnel-board');
    const scrollTo = (ratio: number) =>
      board.evaluate((el, r) => {
        el.scrollLeft = (el.scrollWidth - el.clientWidth) * r;
      }, ratio);

    await expect(board).toHaveAttribute('data-active-group', 'negotiations');
    await scrollTo(0.5);
    await expect(board).toHaveAttribute('data-active-group', 'sales');
    await scrollTo(1);
    await expect(board).toHaveAttribute('data-active-group', 'losses');
    await expect(page.getByRole('radio', { name: 'Perdidos' })).toBeChecked();

    // Two groups: up to 0.2 the first, then the second.
    await columnToggle(page, 'Em aberto').click();
    await scrollTo(0.1);
    await expect(board).toHaveAttribute('data-active-group', 'sales');
    await scrollTo(0.9);
    await expect(board).toHaveAttribute('data-active-group', 'losses');

    // The group tabs scroll the board to their column.
    await page.getByRole('radiogroup', { name: 'Coluna em foco' }).getByText('Ganhos', { exact: true }).click();
    await expect(board).toHaveAttribute('data-active-group', 'sales');
  });
});
