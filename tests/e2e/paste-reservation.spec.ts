// "Colar reserva": the agent pastes two Amadeus segments (the way back lands the next day) into a
// new air service, by keyboard; the segments fill the form for review, the PNR's other line is
// listed as not read, and once saved the service shows the trip's dates and keeps its segments.
import { shortDate } from '@app/shared/format';
import type { Locator } from '@playwright/test';
import { apiToken, DEMO, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The São Paulo date `days` from today: as ISO ('2026-07-10') and as Amadeus writes it ('10JUL'). */
function dayFromToday(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const iso = new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { iso, amadeus: `${iso.slice(8)}${MONTHS[Number(iso.slice(5, 7)) - 1]}` };
}

async function expectSegment(group: Locator, values: Record<string, string | RegExp>) {
  for (const [label, value] of Object.entries(values)) await expect(group.getByLabel(label)).toHaveValue(value);
}

test('pasting an Amadeus itinerary fills the air service, which saves with its segments', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, DEMO.owner.email);
  const client = await apiCreateClient(request, token, { name: uniqueName('Família Rocha') });
  const title = uniqueName('Buenos Aires');
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title, destination: 'Buenos Aires' });
  const created = await request.post('/api/budgets/', {
    headers: { Authorization: `Bearer ${token}` },
    data: { attendance_id: attendance.id, title, currency: 'BRL', paxes: [{ name: 'Ana Rocha', age_group: 'adult' }] },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const budget = (await created.json()) as { id: number };

  const out = dayFromToday(40);
  const back = dayFromToday(47);
  const landing = dayFromToday(48);
  const pnr = [
    'RP/SAOB22100/SAOB22100            AA/SU  14MAY26/1412Z   6TQWZP',
    `  2  LA8010 Y ${out.amadeus} 5 GRUEZE HK1  0805 1100  E  LA/KXQ7TR`,
    `  3  LA8011 Y ${back.amadeus} 5 EZEGRU HK1  2230 0605+1  E  LA/KXQ7TR`,
  ].join('\n');

  await login(page, DEMO.owner.email);
  await page.goto(`/novo-orcamento/${budget.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar serviço' }).click();
  await page.getByRole('menuitem', { name: 'Aéreo' }).click();
  const service = page.getByRole('dialog', { name: 'Novo serviço: Aéreo' });
  await expect(service.getByLabel('Título')).toBeFocused();
  await service.getByLabel('Título').fill('Voos para Buenos Aires');

  // Esc closes the paste dialog alone, and the focus goes back to its button.
  const open = service.getByRole('button', { name: 'Colar reserva' });
  await open.focus();
  await page.keyboard.press('Enter');
  const paste = page.getByRole('dialog', { name: 'Colar reserva' });
  const text = paste.getByLabel('Texto da reserva');
  await expect(text).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(paste).toHaveCount(0);
  await expect(service).toBeVisible();
  await expect(open).toBeFocused();

  // Read by keyboard: the text, then Cancelar and Ler reserva in the tab order.
  await page.keyboard.press('Enter');
  await expect(text).toBeFocused();
  await text.fill(pnr);
  await page.keyboard.press('Tab');
  await expect(paste.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(paste.getByRole('button', { name: 'Ler reserva' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(paste).toHaveCount(0);
  await expect(open).toBeFocused();

  await expect(service.getByTestId('pasted-notice')).toHaveText('2 trechos lidos da reserva colada: confira os dados e salve o serviço.');
  const unread = service.getByTestId('unread-lines');
  await expect(unread).toContainText('Linhas não lidas');
  await expect(unread.getByRole('listitem')).toHaveText(['Linha 1: RP/SAOB22100/SAOB22100            AA/SU  14MAY26/1412Z   6TQWZP']);

  const outbound = service.getByRole('group', { name: 'Trecho 1' });
  const inbound = service.getByRole('group', { name: 'Trecho 2' });
  await expectSegment(outbound, {
    'Companhia aérea': /^LA · LATAM/,
    'Número do voo': 'LA8010',
    'Data de partida': shortDate(out.iso),
    Origem: /^GRU · /,
    Destino: /^EZE · /,
    'Hora de partida': '08:05',
    'Data de chegada': shortDate(out.iso),
    'Hora de chegada': '11:00',
    Localizador: 'KXQ7TR',
  });
  await expectSegment(inbound, {
    'Número do voo': 'LA8011',
    'Data de partida': shortDate(back.iso),
    Origem: /^EZE · /,
    Destino: /^GRU · /,
    'Hora de partida': '22:30',
    'Data de chegada': shortDate(landing.iso),
    'Hora de chegada': '06:05',
  });
  await expect(service.getByRole('group', { name: 'Trecho 3' })).toHaveCount(0);

  // Nothing is stored until the service is saved.
  const storedServices = async () => {
    const res = await request.get(`/api/budgets/${budget.id}/proposals`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok(), await res.text()).toBeTruthy();
    return JSON.stringify(await res.json());
  };
  expect(await storedServices()).not.toContain('Voos para Buenos Aires');

  await service.getByLabel('Tarifa adulto').fill('1800');
  await service.getByRole('button', { name: 'Adicionar serviço' }).click();
  await expect(page.getByText('Serviço adicionado.').last()).toBeVisible();
  await expect(service).toHaveCount(0);
  expect(await storedServices()).toContain('Voos para Buenos Aires');

  // The list shows the trip's dates, from the first departure to the last arrival.
  const row = page.getByTestId('service-row').filter({ hasText: 'Voos para Buenos Aires' });
  await expect(row).toContainText(`${shortDate(out.iso)} a ${shortDate(landing.iso)}`);

  // Edited again, the segments come back as saved.
  await page.getByRole('button', { name: 'Ações do serviço Voos para Buenos Aires' }).click();
  await page.getByRole('menuitem', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar serviço: Aéreo' });
  await expectSegment(edit.getByRole('group', { name: 'Trecho 1' }), { Origem: /^GRU · /, Destino: /^EZE · /, 'Número do voo': 'LA8010' });
  await expectSegment(edit.getByRole('group', { name: 'Trecho 2' }), {
    Origem: /^EZE · /,
    Destino: /^GRU · /,
    'Data de chegada': shortDate(landing.iso),
    'Hora de chegada': '06:05',
  });
});
