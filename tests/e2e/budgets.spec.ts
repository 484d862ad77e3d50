// The budget editor, by the agent's hand: from an attendance, a budget of two proposals (air with
// two segments + hotel with two rooms; cruise + car), the totals as the screen shows them (every
// amount computed by hand below), the budget duplicated, a service of the copy cancelled with a
// refund; then the list, the information screen and a 360 px phone.
import type { Locator, Page } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Types into a picker, waits for the option that matches, and takes the first match with Enter. */
async function pick(page: Page, input: Locator, text: string, option: RegExp) {
  await input.fill(text);
  await expect(page.getByRole('option', { name: option }).first()).toBeVisible();
  await input.press('Enter');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

async function fillDate(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Tab');
  await expect(field).toHaveValue(value);
}

async function addService(page: Page, type: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Adicionar serviço' }).click();
  await page.getByRole('menuitem', { name: type }).click();
  const dialog = page.getByRole('dialog', { name: `Novo serviço: ${type}` });
  await expect(dialog.getByLabel('Título')).toBeFocused();
  return dialog;
}

async function saveService(page: Page, dialog: Locator) {
  await dialog.getByRole('button', { name: 'Adicionar serviço' }).click();
  await expect(page.getByText('Serviço adicionado.').last()).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

test.describe('budgets', () => {
  test('from an attendance: two proposals, their totals, duplicated, a service of the copy cancelled with a refund', async ({
    page,
    request,
  }) => {
    // Four services typed field by field, a copy, an edit and a refund: minutes on a busy machine.
    test.setTimeout(240_000);
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Família Souza') });
    const title = uniqueName('Lisboa em março');
    const attendance = await apiCreateAttendance(request, token, {
      client_id: client.id,
      title,
      destination: 'Lisboa',
      start_date: '2027-03-10',
      end_date: '2027-03-20',
      adults: 2,
      children: 1,
    });
    await login(page, DEMO.owner.email);

    // The attendance's budgets: none yet; a new one starts from it.
    await page.goto(`/atendimento/${attendance.id}`);
    const section = page.getByRole('region', { name: 'Orçamentos' });
    await expect(section.getByText('Nenhum orçamento para este atendimento.')).toBeVisible();
    await section.getByRole('link', { name: 'Novo orçamento' }).click();
    await expect(page).toHaveURL(new RegExp(`/novo-orcamento\\?attendance_id=${attendance.id}$`));
    const form = page.getByRole('form', { name: 'Novo orçamento' });
    await expect(form.getByLabel('Atendimento')).toHaveValue(title);
    await expect(form.getByLabel('Título')).toHaveValue(title);
    await expect(form.getByLabel('Destino')).toHaveValue('Lisboa');
    await expect(form.getByLabel('Início da viagem')).toHaveValue('10/03/2027');
    await form.getByRole('button', { name: 'Criar orçamento' }).click();
    await expect(page).toHaveURL(/\/novo-orcamento\/\d+$/);
    const budgetId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('budget-status')).toHaveText('Rascunho');

    // Passengers: the attendance's two adults and a child, there already, named by hand.
    await expect(page.getByTestId('pax-row')).toHaveText([/^Adulto 1/, /^Adulto 2/, /^Criança 1/]);
    await page.getByRole('button', { name: 'Editar passageiros' }).click();
    const paxes = page.getByRole('dialog', { name: 'Passageiros' });
    await paxes.getByRole('group', { name: 'Passageiro 1' }).getByLabel('Nome').fill('Ana Souza');
    await paxes.getByRole('group', { name: 'Passageiro 2' }).getByLabel('Nome').fill('Bruno Souza');
    const child = paxes.getByRole('group', { name: 'Passageiro 3' });
    await expect(child.getByRole('combobox', { name: 'Faixa etária' })).toHaveValue('Criança');
    await child.getByLabel('Nome').fill('Clara Souza');
    await paxes.getByRole('button', { name: 'Salvar passageiros' }).click();
    await expect(page.getByText('Passageiros salvos.')).toBeVisible();
    await expect(page.getByTestId('pax-row')).toHaveCount(3);

    // Proposal 1, air: two segments; the flight lookup is not configured here, so typed by hand.
    await expect(page.getByRole('tab', { name: 'Proposta 1' })).toHaveAttribute('aria-selected', 'true');
    let dialog = await addService(page, 'Aéreo');
    await dialog.getByLabel('Título').fill('Voos São Paulo–Lisboa');
    const out = dialog.getByRole('group', { name: 'Trecho 1' });
    await pick(page, out.getByLabel('Companhia aérea'), 'TAP Portugal', /TAP Portugal/);
    await out.getByLabel('Número do voo').fill('88');
    await fillDate(out.getByLabel('Data de partida'), '10/03/2027');
    await out.getByRole('button', { name: 'Buscar voo' }).click();
    await expect(out.getByTestId('flight-lookup-error')).toHaveText(
      'Consulta de voos não configurada. Preencha os dados do voo manualmente.',
    );
    await pick(page, out.getByLabel('Origem'), 'GRU', /^GRU · /);
    await pick(page, out.getByLabel('Destino'), 'LIS', /^LIS · /);
    await out.getByLabel('Hora de partida').fill('22:05');
    await dialog.getByRole('button', { name: 'Adicionar trecho' }).click();
    const back = dialog.getByRole('group', { name: 'Trecho 2' });
    // The way back leaves from where the first segment landed, on the same airline.
    await expect(back.getByLabel('Origem')).toHaveValue(/^LIS · /);
    await expect(back.getByLabel('Companhia aérea')).toHaveValue(/TAP Portugal/);
    await back.getByLabel('Número do voo').fill('87');
    await fillDate(back.getByLabel('Data de partida'), '20/03/2027');
    await pick(page, back.getByLabel('Destino'), 'GRU', /^GRU · /);
    // The passengers come from the budget's: 2 adults, 1 child.
    await expect(dialog.getByLabel('Adultos')).toHaveValue('2');
    await expect(dialog.getByLabel('Crianças')).toHaveValue('1');
    await dialog.getByLabel('Tarifa adulto').fill('2500');
    await dialog.getByLabel('Tarifa criança').fill('1875');
    await dialog.getByLabel('Taxas', { exact: true }).fill('300');
    await dialog.getByLabel('Taxa de serviço').fill('150');
    await dialog.getByLabel('Comissão').fill('10');
    // 2 × 2.500,00 + 1.875,00 + 300,00 + 150,00 = 7.325,00, shown while typing.
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 7.325,00');
    await saveService(page, dialog);
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 7.325,00');

    // Hotel: two rooms, 2 adults at 3.000,00 and a child at 1.200,00.
    dialog = await addService(page, 'Hospedagem');
    await dialog.getByLabel('Título').fill('Hotel no Chiado');
    await dialog.getByRole('combobox', { name: 'Hotel', exact: true }).fill('Hotel Chiado Lisboa');
    await pick(page, dialog.getByLabel('Regime de alimentação'), 'Café', /Café da manhã/);
    const room1 = dialog.getByRole('group', { name: 'Quarto 1' });
    await expect(room1.getByLabel('Adultos')).toHaveValue('2');
    await room1.getByLabel('Valor do quarto').fill('3000');
    await expect(dialog.getByTestId('service-summary-proposal-total')).toHaveText('R$ 10.325,00');
    await dialog.getByRole('button', { name: 'Adicionar quarto' }).click();
    const room2 = dialog.getByRole('group', { name: 'Quarto 2' });
    await room2.getByLabel('Adultos').fill('0');
    await room2.getByLabel('Crianças').fill('1');
    await room2.getByLabel('Valor do quarto').fill('1200');
    await expect(dialog.getByTestId('service-summary-total')).toHaveText('R$ 4.200,00');
    await expect(dialog.getByTestId('service-summary-proposal-total')).toHaveText('R$ 11.525,00');
    await saveService(page, dialog);

    // 7.325,00 + 4.200,00. Adults: flight 7.325,00 split 5.000 : 1.875 by fare -> 5.327,27 + hotel
    // per head 2.800,00 = 8.127,27 for two -> 4.063,63 each, the first the leftover cent (4.063,64);
    // the child 1.997,73 + 1.400,00 = 3.397,73.
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 11.525,00');
    await expect(page.getByTestId('per-passenger-adult')).toHaveText('R$ 4.063,63');
    await expect(page.getByTestId('per-passenger-split-adult')).toHaveText('1º adulto de R$ 4.063,64 + 1 adulto de R$ 4.063,63');
    await expect(page.getByTestId('per-passenger-child')).toHaveText('R$ 3.397,73');
    await expect(page.getByTestId('service-row')).toHaveCount(2);
    await expect(page.getByTestId('service-total')).toHaveText(['R$ 7.325,00', 'R$ 4.200,00']);

    // Proposal 2: cruise + car.
    await page.getByRole('button', { name: 'Nova proposta' }).click();
    await expect(page.getByRole('tab', { name: 'Proposta 2' })).toHaveAttribute('aria-selected', 'true');
    dialog = await addService(page, 'Cruzeiro');
    await dialog.getByLabel('Título').fill('Cruzeiro pelo Mediterrâneo');
    await pick(page, dialog.getByLabel('Companhia', { exact: true }), 'MSC', /MSC Cruzeiros/);
    await pick(page, dialog.getByLabel('Navio'), 'Seaview', /MSC Seaview/);
    await dialog.getByLabel('Tarifa adulto').fill('4000');
    await dialog.getByLabel('Tarifa criança').fill('2000');
    await dialog.getByLabel('Taxas', { exact: true }).fill('500');
    await saveService(page, dialog);
    dialog = await addService(page, 'Locação de veículo');
    await dialog.getByLabel('Título').fill('Carro em Lisboa');
    await dialog.getByLabel('Retirada').fill('Aeroporto de Lisboa');
    await dialog.getByLabel('Valor total').fill('1500');
    await saveService(page, dialog);
    // 2 × 4.000,00 + 2.000,00 + 500,00 = 10.500,00, + 1.500,00. Adults 8.400,00 + 1.000,00 for two.
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 12.000,00');
    await expect(page.getByTestId('per-passenger-adult')).toHaveText('R$ 4.700,00');
    await expect(page.getByTestId('per-passenger-child')).toHaveText('R$ 2.600,00');

    // Reordered by keyboard: the car first.
    await page.getByRole('button', { name: 'Mover para cima: Carro em Lisboa' }).click();
    await expect(page.getByTestId('service-row').first()).toContainText('Carro em Lisboa');

    // The list and the attendance show the cheapest proposal's total.
    await page.goto(`/orcamentos?busca=${encodeURIComponent(title)}`);
    const row = page.getByTestId('budget-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('budget-total')).toHaveText('R$ 11.525,00');
    await expect(row.getByTestId('budget-status')).toHaveText('Rascunho');
    await page.goto(`/atendimento/${attendance.id}`);
    await expect(page.getByTestId('attendance-budget')).toContainText(title);
    await expect(page.getByTestId('attendance-budget')).toContainText('R$ 11.525,00');

    // Duplicated: the menu opens the copy's form (same attendance and dates); its button copies,
    // and the copy's editor opens and says so.
    await page.goto(`/novo-orcamento/${budgetId}`);
    await page.getByRole('button', { name: 'Mais' }).click();
    await page.getByRole('menuitem', { name: 'Duplicar orçamento' }).click();
    const copyForm = page.getByRole('form', { name: 'Duplicar orçamento' });
    await expect(copyForm.getByLabel('Atendimento')).toHaveValue(title);
    await expect(copyForm.getByLabel('Início da viagem')).toHaveValue('10/03/2027');
    await copyForm.getByRole('button', { name: 'Duplicar orçamento' }).click();
    await expect(page.getByTestId('copy-created')).toContainText('Cópia criada');
    await expect(page).toHaveURL(/\/novo-orcamento\/\d+$/);
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).not.toBe(budgetId);
    await expect(page.getByRole('heading', { name: `${title} (cópia)` })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Proposta 1', 'Proposta 2']);
    await expect(page.getByTestId('pax-row')).toHaveCount(3);
    await page.getByRole('tab', { name: 'Proposta 1' }).click();
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 11.525,00');

    // The copy's flight edited: its segments come back with their airports; the fee goes to 250,00.
    await page.getByRole('button', { name: 'Ações do serviço Voos São Paulo–Lisboa' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar serviço: Aéreo' });
    await expect(dialog.getByRole('group', { name: 'Trecho 1' }).getByLabel('Origem')).toHaveValue(/^GRU · /);
    await expect(dialog.getByRole('group', { name: 'Trecho 2' }).getByLabel('Destino')).toHaveValue(/^GRU · /);
    await expect(dialog.getByRole('group', { name: 'Trecho 1' }).getByLabel('Hora de partida')).toHaveValue('22:05');
    await dialog.getByLabel('Taxa de serviço').fill('250');
    await expect(dialog.getByTestId('service-summary-proposal-total')).toHaveText('R$ 11.625,00');
    await dialog.getByRole('button', { name: 'Salvar serviço' }).click();
    await expect(page.getByText('Serviço atualizado.')).toBeVisible();
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 11.625,00');

    // The copy's hotel cancelled: 3.000,00 back to the customer, 1.000,00 kept by the hotel. The
    // proposal keeps 4.200,00 - 3.000,00 of it: 7.425,00 + 1.200,00.
    await page.getByRole('button', { name: 'Ações do serviço Hotel no Chiado' }).click();
    await page.getByRole('menuitem', { name: 'Cancelar com reembolso' }).click();
    const refund = page.getByRole('dialog', { name: 'Cancelar serviço com reembolso' });
    await refund.getByLabel('Valor reembolsado').fill('3000');
    await refund.getByLabel('Multa').fill('1000');
    await refund.getByLabel('Motivo').fill('Cliente preferiu ficar com parentes');
    await refund.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(page.getByText('Serviço cancelado.')).toBeVisible();
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 8.625,00');
    const hotel = page.getByTestId('service-row').filter({ hasText: 'Hotel no Chiado' });
    await expect(hotel).toContainText('Cancelado');
    await expect(hotel).toContainText('Reembolso R$ 3.000,00 · multa R$ 1.000,00');
    await expect(hotel.getByTestId('service-total')).toHaveText('R$ 1.200,00');

    // A proposal renamed.
    await page.getByRole('tab', { name: 'Proposta 2' }).click();
    await page.getByRole('button', { name: 'Ações da proposta' }).click();
    await page.getByRole('menuitem', { name: 'Renomear' }).click();
    const rename = page.getByRole('dialog', { name: 'Renomear proposta' });
    await expect(rename.getByLabel('Nome da proposta')).toBeFocused();
    await rename.getByLabel('Nome da proposta').fill('Opção cruzeiro');
    await rename.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('tab')).toHaveText(['Proposta 1', 'Opção cruzeiro']);

    // The original is untouched.
    const original = await request.get(`/api/budgets/${budgetId}`, { headers: auth(token) });
    expect(((await original.json()) as { total_cents: number }).total_cents).toBe(1_152_500);

    // Its information: observations, status and prices shown to the customer.
    await page.goto(`/orcamento-infor/${copyId}`);
    await page.getByLabel('Observações').fill('Preços sujeitos à disponibilidade.');
    await page.getByRole('button', { name: 'Salvar observações' }).click();
    await expect(page.getByText('Observações salvas.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Enviado' }).click();
    await expect(page.getByTestId('budget-status')).toHaveText('Enviado');
    await expect(page.getByTestId('history-enviado')).toBeVisible();
    await page.getByLabel('Mostrar valores ao cliente').uncheck();
    await expect(page.getByText('Os valores ficam ocultos para o cliente.')).toBeVisible();
    const copy = (await (await request.get(`/api/budgets/${copyId}`, { headers: auth(token) })).json()) as {
      status: string;
      show_values: boolean;
      observations: string;
    };
    expect(copy).toMatchObject({ status: 'sent', show_values: false, observations: 'Preços sujeitos à disponibilidade.' });
  });

  test('the list, the editor and a service form work at 360 px wide', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Celular') });
    const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Viagem curta') });
    const res = await request.post('/api/budgets/', {
      headers: auth(token),
      data: { attendance_id: attendance.id, title: uniqueName('Orçamento no celular com um título bem comprido'), currency: 'BRL' },
    });
    expect(res.ok(), `create budget: ${res.status()} ${await res.text()}`).toBeTruthy();
    const budget = (await res.json()) as { id: number; proposals: { id: number }[] };
    const proposal = budget.proposals[0];
    const svc = await request.post('/api/services', {
      headers: auth(token),
      data: {
        proposal_id: proposal?.id,
        type: 'transfer',
        title: 'Transfer aeroporto–hotel com nome longo para testar a quebra',
        adult_number: 2,
        child_number: 0,
        infant_number: 0,
        currency: 'BRL',
        total_cents: 25_000,
        details: { from_place: 'Aeroporto', to_place: 'Hotel' },
      },
    });
    expect(svc.ok(), `create service: ${svc.status()} ${await svc.text()}`).toBeTruthy();

    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, DEMO.owner.email);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

    await page.goto('/orcamentos');
    await expect(page.getByTestId('budget-row').first()).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.goto(`/novo-orcamento/${budget.id}`);
    await expect(page.getByTestId('proposal-total')).toHaveText('R$ 250,00');
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The forms of the two longest types fit the phone's width (full screen).
    for (const type of ['Hospedagem', 'Aéreo']) {
      const dialog = await addService(page, type);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    await page.goto(`/orcamento-infor/${budget.id}`);
    await expect(page.getByRole('button', { name: 'Salvar observações' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });

  // On a slow device the address follows a tab some time after the click: the tab chosen shows at
  // once, so what is opened on it (here a dialog) is not swept away when the address lands.
  test('a tab chosen while the address catches up keeps what was opened on it, on a slow device', async ({ page, request }) => {
    const token = await apiToken(request, DEMO.owner.email);
    const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Lento') });
    const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: uniqueName('Viagem lenta') });
    const res = await request.post('/api/budgets/', {
      headers: auth(token),
      data: { attendance_id: attendance.id, title: uniqueName('Lento') },
    });
    const budget = (await res.json()) as { id: number; proposals: { id: number }[] };
    const first = budget.proposals[0]?.id as number;
    await login(page, DEMO.owner.email);
    await page.goto(`/novo-orcamento/${budget.id}`);
    await expect(page.getByRole('tab')).toHaveCount(1);
    // A phone's pace: every script runs eight times slower.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });

    // A new proposal opens its own tab; the agent goes straight back to the first and opens a dialog there.
    await page.getByRole('button', { name: 'Nova proposta' }).click();
    await expect(page.getByRole('tab')).toHaveCount(2);
    await page.getByRole('tab').first().click();
    await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: 'Copiar de outro orçamento' }).click();
    const copy = page.getByRole('dialog', { name: 'Copiar serviço de outro orçamento' });
    await expect(copy).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]proposta=${first}$`));
    await expect(copy).toBeVisible();
    await expect(page.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });
});
