// A budget's numbers and days, seen by the agency: /valor-total (the totals per proposal, per age
// group and passenger, each service's cost, commission and revenue, the payment methods with their
// installments; comments on the lines with the financial_table_comments feature, nothing of them
// without it), /orcamento-timeline (the proposal day by day, the service of the address highlighted)
// and /servicos (the service types with the agency's defaults). The budget is made through the API;
// every expected amount below was computed by hand from the services in support/budget-seed.ts.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiToken, login } from './support/app';
import { createAgency } from './support/billing';
import { type SeededBudget, seedBudget } from './support/budget-seed';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

let seeded: SeededBudget;

test.describe('budget totals, timeline and service types', () => {
  test.describe.configure({ mode: 'serial' });
  // Each run makes its own agency (password hashes, e-mail confirmation).
  test.slow();

  test.beforeAll(async ({ playwright }, testInfo) => {
    const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    seeded = await seedBudget(request);
    await request.dispose();
  });

  const signIn = (page: Page) => login(page, seeded.agency.owner.email, seeded.agency.owner.password);

  test('/valor-total: totals per proposal, age group and passenger, the agency lines and the installments', async ({ page }) => {
    await signIn(page);
    await page.goto(`/valor-total/${seeded.budgetId}`);
    await expect(page.getByRole('heading', { name: 'Valor total' })).toBeVisible();
    await expect(page.getByTestId('budget-title')).toContainText('Férias em Portugal');
    await expect(page.getByRole('tab', { name: /Opção Lisboa/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /Opção Lisboa/ })).toContainText('R$ 12.154,01');
    await expect(page.getByRole('tab', { name: /Opção Porto/ })).toContainText('R$ 1.400,00');

    // Flight 2 × 2.500,00 + 1.875,00 + taxes 300,00 + fee 100,00 = 7.275,00; hotel room 4.200,00;
    // tour (2 × US$ 50 + US$ 25) × 5,4321 = 679,0125 -> 679,01. Sale 12.154,01.
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 12.154,01');
    // Adults: 5.290,91 (flight, split 5.000 : 1.875 by fare) + 2.800,00 (hotel, per head) + 543,21 (tour) = 8.634,12 for 2.
    await expect(page.getByTestId('per-passenger-adult')).toHaveText('R$ 4.317,06');
    await expect(page.getByTestId('per-passenger-child')).toHaveText('R$ 3.519,89');
    await expect(page.getByTestId('age-group-adult')).toContainText(['Adulto', '2', 'R$ 8.634,12', 'R$ 4.317,06'].join(''));
    await expect(page.getByTestId('age-group-child')).toContainText(['Criança', '1', 'R$ 3.519,89', 'R$ 3.519,89'].join(''));

    // The agency's eyes only: sale, cost (fare + taxes - commission), commission, revenue.
    await expect(page.getByText('Visível só para a agência')).toBeVisible();
    const air = page.getByTestId(`service-line-${seeded.lisboa.air}`);
    await expect(air.getByTestId('line-sale')).toHaveText('R$ 7.275,00');
    await expect(air.getByTestId('line-cost')).toHaveText('R$ 6.487,50');
    await expect(air.getByTestId('line-commission')).toContainText('R$ 687,50');
    await expect(air.getByTestId('line-commission')).toContainText('10,00%');
    await expect(air.getByTestId('line-revenue')).toHaveText('R$ 787,50');
    const hotel = page.getByTestId(`service-line-${seeded.lisboa.hotel}`);
    await expect(hotel.getByTestId('line-cost')).toHaveText('R$ 3.696,00');
    await expect(hotel.getByTestId('line-revenue')).toHaveText('R$ 504,00');
    const tour = page.getByTestId(`service-line-${seeded.lisboa.tour}`);
    await expect(tour).toContainText('em USD');
    await expect(tour.getByTestId('line-sale')).toHaveText('R$ 679,01');
    await expect(tour.getByTestId('line-revenue')).toHaveText('R$ 0,00');
    await expect(page.getByTestId('total-cost')).toHaveText('R$ 10.862,51');
    await expect(page.getByTestId('total-revenue')).toHaveText('R$ 1.291,50');
    // 1.291,50 / 12.154,01 = 10,626 %.
    await expect(page.getByTestId('total-margin')).toHaveText('10,63%');

    // The agency's methods over the total: Pix at once, the card in 10x (1-3x sem juros, then 1,99% a.m.).
    const methods = page.getByTestId('proposal-payments').getByTestId('payment-method');
    await expect(methods).toHaveCount(2);
    await expect(methods.filter({ hasText: 'Pix' })).toContainText('R$ 12.154,01 à vista');
    const card = methods.filter({ hasText: 'Cartão em 10x' });
    await expect(card.getByTestId('installment-option')).toHaveCount(10);
    // 12.154,01 in 3: the first installment takes the 2 cents left over.
    await expect(card).toContainText('1ª de R$ 4.051,35 + 2x de R$ 4.051,33 sem juros');
    await expect(card).toContainText('10x de R$ 1.352,36 com juros de 1,99% a.m.');

    // Per passenger: one adult's 4.317,06 by each method.
    const adults = page.getByTestId('pax-payment-adult');
    await expect(adults).toContainText('Adulto: R$ 4.317,06 por passageiro');
    await expect(adults).toContainText('2 adultos · R$ 8.634,12 na faixa');
    await expect(adults.getByTestId('payment-method').filter({ hasText: 'Cartão em 10x' })).toContainText(
      '10x de R$ 480,35 com juros de 1,99% a.m.',
    );

    // The second proposal, by keyboard: the address keeps the open one.
    await page.getByRole('tab', { name: /Opção Lisboa/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: /Opção Porto/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(new RegExp(`proposta=${seeded.porto.id}`));
    // Car 900,00 (5 % commission) + insurance 3 × 150,00 + fee 50,00 (20 % commission) = 1.400,00.
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 1.400,00');
    await expect(page.getByTestId('total-cost')).toHaveText('R$ 1.215,00');
    await expect(page.getByTestId('total-revenue')).toHaveText('R$ 185,00');
    await expect(page.getByTestId('total-margin')).toHaveText('13,21%');
    // Adults: 600,00 (car) + 333,33 (insurance) = 933,33 for 2: the first pays the leftover cent.
    await expect(page.getByTestId('per-passenger-adult')).toHaveText('R$ 466,66');
    await expect(page.getByTestId('per-passenger-adult-hint')).toHaveText('1º adulto de R$ 466,67 + 1 adulto de R$ 466,66');
    await expect(page.getByTestId('proposal-payments').getByTestId('payment-method').filter({ hasText: 'Cartão em 10x' })).toContainText(
      '10x de R$ 155,78 com juros de 1,99% a.m.',
    );
  });

  test('/valor-total with financial_table_comments: comment on a line and on a service (who, when)', async ({ page }) => {
    await signIn(page);
    await page.goto(`/valor-total/${seeded.budgetId}`);
    const sale = page.getByRole('button', { name: 'Comentários: Total de venda (Opção Lisboa)', exact: true });
    await sale.click();
    const dialog = page.getByRole('dialog', { name: 'Comentários: Total de venda (Opção Lisboa)' });
    await expect(dialog.getByText('Nenhum comentário nesta linha.')).toBeVisible();
    const body = `Conferir o câmbio do passeio ${randomUUID().slice(0, 6)}`;
    await dialog.getByRole('textbox', { name: 'Novo comentário' }).fill(body);
    await dialog.getByRole('button', { name: 'Comentar' }).click();
    await expect(page.getByText('Comentário adicionado.')).toBeVisible();
    const comment = dialog.getByTestId('financial-comment');
    await expect(comment).toHaveCount(1);
    await expect(comment).toContainText(seeded.agency.owner.name);
    await expect(comment).toContainText(body);
    await expect(comment).toContainText(/\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Comentários: Total de venda (Opção Lisboa) (1)' })).toBeVisible();

    // A service's line has its own conversation; the other proposal's lines have none.
    await page.getByRole('button', { name: 'Comentários: Hotel Avenida Palace (Opção Lisboa)', exact: true }).click();
    const hotelDialog = page.getByRole('dialog', { name: 'Comentários: Hotel Avenida Palace (Opção Lisboa)' });
    await hotelDialog.getByRole('textbox', { name: 'Novo comentário' }).fill('Tarifa não reembolsável.');
    await hotelDialog.getByRole('button', { name: 'Comentar' }).click();
    await expect(hotelDialog.getByTestId('financial-comment')).toContainText('Tarifa não reembolsável.');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByRole('button', { name: 'Comentários: Total de venda (Opção Lisboa) (1)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Comentários: Hotel Avenida Palace (Opção Lisboa) (1)' })).toBeVisible();
    await page.getByRole('tab', { name: /Opção Porto/ }).click();
    await expect(page.getByRole('button', { name: 'Comentários: Total de venda (Opção Porto)', exact: true })).toBeVisible();
  });

  test('/orcamento-timeline: the days of a proposal, the service of the address highlighted, clicks and tabs in the address', async ({
    page,
  }) => {
    const { budgetId, lisboa, porto } = seeded;
    await signIn(page);
    // Without a proposal, the address takes the first one's.
    await page.goto(`/orcamento-timeline/${budgetId}`);
    await expect(page).toHaveURL(new RegExp(`/orcamento-timeline/${budgetId}/${lisboa.id}$`));

    await page.goto(`/orcamento-timeline/${budgetId}/${lisboa.id}/${lisboa.hotel}`);
    await expect(page.getByRole('heading', { name: 'Linha do tempo da proposta' })).toBeVisible();
    await expect(page.getByTestId('timeline-day-title')).toHaveText([
      'terça-feira, 12 de janeiro de 2027',
      'quarta-feira, 13 de janeiro de 2027',
      'sexta-feira, 15 de janeiro de 2027',
      'quarta-feira, 20 de janeiro de 2027',
    ]);
    const days = page.getByTestId('timeline-day');
    // The flight on each segment's departure, with its arrival; the hotel on check-in and check-out day.
    await expect(days.nth(0).getByTestId('timeline-entry')).toHaveText([
      '22:10Voo São Paulo–LisboaTrecho 1 de 2 · voo TP 88 · chegada 13/01/2027 10:05',
    ]);
    await expect(days.nth(1).getByTestId('timeline-entry')).toHaveText(['14:00Hotel Avenida PalaceCheck-in']);
    await expect(days.nth(2).getByTestId('timeline-entry')).toHaveText(['09:00Passeio por Sintra']);
    await expect(days.nth(3).getByTestId('timeline-entry')).toHaveText([
      '11:00Voo São Paulo–LisboaTrecho 2 de 2 · voo TP 87 · chegada 18:30',
      '12:00Hotel Avenida PalaceCheck-out',
    ]);

    // An overnight flight then the hotel to the last day: no night without a stay.
    await expect(page.getByTestId('night-without-stay')).toHaveCount(0);

    // The hotel of the address: both its entries current, the first scrolled into view, shown in full.
    const current = page.locator('[data-testid="timeline-entry"][aria-current="true"]');
    await expect(current).toHaveCount(2);
    await expect(current.first()).toContainText('Check-in');
    await expect(current.first()).toBeInViewport();
    await expect(page.getByTestId('service-panel')).toContainText('Hotel Avenida Palace');

    // A click puts the service in the address; the panel names the flight's airports.
    await days.nth(0).getByTestId('timeline-entry').click();
    await expect(page).toHaveURL(new RegExp(`/orcamento-timeline/${budgetId}/${lisboa.id}/${lisboa.air}$`));
    await expect(current).toHaveCount(2);
    await expect(current.first()).toContainText('Trecho 1 de 2');
    const panel = page.getByTestId('service-panel');
    await expect(panel).toContainText('Voo São Paulo–Lisboa');
    await expect(panel).toContainText('GRU');
    await expect(panel).toContainText('LIS');
    await expect(panel).toContainText('voo TP 88');

    // The other proposal's tab: the address follows; a service without a date goes last, under "Sem data".
    await page.getByRole('tab', { name: 'Opção Porto' }).click();
    await expect(page).toHaveURL(new RegExp(`/orcamento-timeline/${budgetId}/${porto.id}$`));
    await expect(page.getByTestId('timeline-day-title')).toHaveText(['quarta-feira, 3 de fevereiro de 2027', 'Sem data']);
    await expect(days.nth(0)).toContainText('10:00Carro no Portoaté 06/02/2027 10:00');
    // A car for three days and nowhere to sleep: the timeline says so after its first day.
    await expect(page.getByTestId('night-without-stay')).toHaveCount(1);
    await expect(page.getByTestId('night-without-stay')).toContainText('3 noites sem hospedagem');
    await expect(page.getByTestId('night-without-stay')).toContainText('De 03/02/2027 a 06/02/2027');
    await expect(days.nth(1)).toContainText('Seguro viagem Europa');
    await expect(page.locator('[aria-current="true"][data-testid="timeline-entry"]')).toHaveCount(0);
    // By keyboard.
    await days
      .nth(1)
      .getByRole('link', { name: /Seguro viagem Europa/ })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/orcamento-timeline/${budgetId}/${porto.id}/${porto.insurance}$`));
    await expect(days.nth(1).getByTestId('timeline-entry')).toHaveAttribute('aria-current', 'true');

    // A phone: nothing wider than the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/orcamento-timeline/${budgetId}/${lisboa.id}/${lisboa.tour}`);
    await expect(page.locator('[aria-current="true"][data-testid="timeline-entry"]')).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(`/valor-total/${budgetId}`);
    await expect(page.getByTestId('total-sale')).toHaveText('R$ 12.154,01');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('/servicos: each type with its pricing, its lists linked to their parameterization and the agency defaults', async ({ page }) => {
    await signIn(page);
    await page.goto('/servicos');
    await expect(page.getByRole('heading', { name: 'Serviços', level: 1 })).toBeVisible();
    await expect(page.locator('[data-testid^="service-type-"]')).toHaveCount(8);

    const air = page.getByTestId('service-type-air');
    await expect(air.getByTestId('pricing-mode')).toHaveText('por passageiro');
    await expect(air.getByRole('link', { name: 'Aeroporto' })).toHaveAttribute('href', '/aereo/1');
    await expect(air.getByRole('link', { name: 'Companhia aérea' })).toHaveAttribute('href', '/aereo/2');
    // One flight, 10 % commission, no supplier.
    await expect(air.getByTestId('type-defaults')).toContainText('Fornecedor mais usado: nenhum');
    await expect(air.getByTestId('type-defaults')).toContainText('Comissão média: 10%');
    await expect(page.getByTestId('service-type-accommodation').getByTestId('pricing-mode')).toHaveText('por quarto');

    const car = page.getByTestId('service-type-car_rental');
    await expect(car.getByTestId('pricing-mode')).toHaveText('valor total');
    await expect(car.getByTestId('type-defaults').getByRole('link', { name: seeded.supplierName })).toBeVisible();
    await expect(car.getByTestId('type-defaults')).toContainText('Comissão média: 5%');
    await expect(page.getByTestId('service-type-transfer').getByTestId('type-defaults')).toHaveText(
      'Nenhum serviço deste tipo nos orçamentos ainda.',
    );

    await car.getByRole('link', { name: 'Categoria de veículo' }).click();
    await expect(page).toHaveURL(/\/locacao\/1$/);
  });
});

/** An agency on the free plan (no financial_table_comments) with a one-service budget. */
async function freePlanBudget(request: APIRequestContext) {
  const agency = await createAgency(request);
  const token = await apiToken(request, agency.owner.email, agency.owner.password);
  const plans = await (await request.get('/api/plans', { headers: auth(token) })).json();
  const free = (plans as { plans: { id: number; amount_cents: number }[] }).plans.find((p) => p.amount_cents === 0);
  expect(free, 'the free plan').toBeTruthy();
  const res = await request.post(`/api/plans/${free?.id}/subscribe`, { headers: auth(token), data: { email: agency.owner.email } });
  expect(res.ok(), `subscribe free: ${res.status()} ${await res.text()}`).toBeTruthy();

  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Grátis') });
  const attendance = await apiCreateAttendance(request, token, { client_id: client.id, title: 'Fim de semana em Paraty' });
  const created = await request.post('/api/budgets/', {
    headers: auth(token),
    data: { attendance_id: attendance.id, title: 'Fim de semana em Paraty', currency: 'BRL', paxes: [{ name: 'Dora Viajante' }] },
  });
  expect(created.ok(), `budget: ${created.status()} ${await created.text()}`).toBeTruthy();
  const budget = (await created.json()) as { id: number; proposals: { id: number }[] };
  const service = await request.post('/api/services', {
    headers: auth(token),
    data: {
      proposal_id: budget.proposals[0]?.id,
      type: 'transfer',
      title: 'Transfer para Paraty',
      currency: 'BRL',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      total_cents: 35_000,
      details: { from_place: 'Aeroporto do Galeão', to_place: 'Pousada em Paraty' },
    },
  });
  expect(service.ok(), `service: ${service.status()} ${await service.text()}`).toBeTruthy();
  return { agency, budgetId: budget.id };
}

test('/valor-total without financial_table_comments: no comment buttons and the comments are never asked for', async ({
  page,
  request,
}) => {
  test.slow();
  const { agency, budgetId } = await freePlanBudget(request);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/financialComments|financial_table_comments/.test(r.url())) asked.push(r.url());
  });
  await login(page, agency.owner.email, agency.owner.password);
  await page.goto(`/valor-total/${budgetId}`);
  await expect(page.getByTestId('total-sale')).toHaveText('R$ 350,00');
  await expect(page.getByTestId('total-cost')).toHaveText('R$ 350,00');
  await expect(page.getByText('Visível só para a agência')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Comentários/ })).toHaveCount(0);
  await expect(page.locator('[data-testid^="comments-"]')).toHaveCount(0);
  expect(asked).toEqual([]);
});
