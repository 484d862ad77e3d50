// Money an agency can trust (issue 31): one agent's day as the demo colaborador, every figure read
// where the user meets it. An attendance typed at R$ 1.000,00; a budget of two proposals, the
// cheaper "Pousada no Pelourinho" and the dearer "Resort na Praia do Forte", whose boat tour is
// cancelled with a refund in the editor (part of it retained). The editor, the budget list, the
// customer's page (a browser without the agent's session) where the resort is accepted, the budget
// list and the attendance again, /valor-total, the sale, the attendance's value and "Consolidado da
// viagem", the funnel's Ganhos column, the PDF, and the sale undone. Every expected amount below is
// computed from the amounts typed here, never read from a page.
import { toCurrency } from '@app/shared/format';
import { LANDING_PAGE_MESSAGES } from '@app/shared/landing-rules';
import { SALE_MESSAGES } from '@app/shared/sales';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiToken, DEMO, KEYS, login } from './support/app';
import { apiCreateAttendance, apiCreateClient, uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';
import { pdfText } from './support/pdf-text';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'patch' | 'put', path: string, data: unknown) {
  const res = await request[method](path, { headers: auth(token), data });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

// ---- The amounts the agent types, in cents.
const TYPED_VALUE = 100_000; // the attendance: R$ 1.000,00
const EARLIER_WON = 250_000; // an earlier trip of the same client, already won: R$ 2.500,00
const A = { title: 'Pousada no Pelourinho', room: 360_000, transfer: 28_000 };
const B = { title: 'Resort na Praia do Forte', room: 875_000, transfer: 46_000, tourPerAdult: 65_000 };
const REFUND = { returned: 90_000, penalty: 25_000, reason: 'Mar agitado: passeio suspenso pela marinha' };

// ---- What follows from them.
const aTotal = A.room + A.transfer; // 3.880,00
const tourTotal = 2 * B.tourPerAdult; // two adults: 1.300,00
const bBeforeRefund = B.room + B.transfer + tourTotal; // 10.510,00
const retained = tourTotal - REFUND.returned; // what the customer still pays for the tour: 400,00
const bTotal = B.room + B.transfer + retained; // 9.610,00
const brl = (cents: number) => toCurrency(cents);

const column = (page: Page, group: 'negotiations' | 'sales' | 'losses') => page.getByTestId(`funnel-column-${group}`);
const card = (scope: Locator, title: string) => scope.getByTestId('funnel-card').filter({ hasText: title });
const attendances = (count: number) => (count === 1 ? '1 atendimento' : `${count} atendimentos`);

/** A column's balance: how many attendances and what they are worth, under the board's filter. */
async function expectBalance(page: Page, group: 'negotiations' | 'sales', count: number, cents: number) {
  await expect(column(page, group).getByTestId('funnel-balance-total')).toHaveText(attendances(count));
  await expect(column(page, group).getByTestId('funnel-balance')).toContainText(`${attendances(count)} · ${brl(cents)}`);
}

async function openFunnel(page: Page, search: string) {
  await page.goto(`/?visao=funil&busca=${encodeURIComponent(search)}`);
  await expect(page.getByTestId('funnel-board')).toBeVisible();
}

/** The budget's row on /orcamentos, found by its (unique) title. */
async function budgetRow(page: Page, title: string): Promise<Locator> {
  await page.goto(`/orcamentos?busca=${encodeURIComponent(title)}`);
  const row = page.getByTestId('budget-row');
  await expect(row).toHaveCount(1);
  return row;
}

test.describe('money an agency can trust', () => {
  test('an attendance, two proposals, a refund, the customer accepts, sold, undone: every figure where it is shown', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(300_000);
    const token = await apiToken(request, DEMO.colaborador.email);
    const clientName = uniqueName('Família Moraes');
    const client = await apiCreateClient(request, token, { name: clientName });
    // The client's earlier trip, won: what the funnel's Ganhos column holds for this client before today's sale.
    const earlier = await apiCreateAttendance(request, token, {
      client_id: client.id,
      title: 'Carnaval em Olinda',
      value_cents: EARLIER_WON,
    });
    await call(request, token, 'put', `/api/attendances/won/${earlier.id}`, { value_cents: EARLIER_WON });

    await login(page, DEMO.colaborador.email);

    // ---- 1. The attendance, its value typed by the agent.
    const attendanceTitle = uniqueName('Réveillon na Bahia');
    await page.goto(`/atendimento-leader?cliente=${client.id}`);
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(clientName);
    await page.getByLabel('Título').fill(attendanceTitle);
    await page.getByLabel('Destino').fill('Salvador');
    const value = page.getByLabel('Valor do atendimento');
    await value.fill('1000');
    await value.blur();
    await expect(value).toHaveValue('BRL 1.000,00');
    await page.getByRole('button', { name: 'Cadastrar atendimento' }).click();
    await expect(page).toHaveURL(/\/atendimento\/\d+$/);
    const attendanceId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('attendance-value')).toHaveText(brl(TYPED_VALUE));
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');

    // The budget and its services through the API (typing them is budgets.spec.ts' journey).
    const budgetTitle = uniqueName('Réveillon em Salvador');
    const budget = await call<{ id: number; proposals: { id: number }[] }>(request, token, 'post', '/api/budgets/', {
      attendance_id: attendanceId,
      title: budgetTitle,
      currency: 'BRL',
      paxes: [
        { name: 'Helena Moraes', age_group: 'adult' },
        { name: 'Otávio Moraes', age_group: 'adult' },
      ],
    });
    const aId = budget.proposals[0]?.id as number;
    await call(request, token, 'patch', `/api/proposals/${aId}`, { title: A.title });
    const bId = (await call<{ id: number }>(request, token, 'post', '/api/proposals/', { budget_id: budget.id, title: B.title })).id;
    const couple = { currency: 'BRL', adult_number: 2, child_number: 0, infant_number: 0 };
    const service = (proposal_id: number, fields: Record<string, unknown>) =>
      call(request, token, 'post', '/api/services', { proposal_id, ...couple, ...fields });
    const room = (value: number) => [{ id: 'room-1', adult_number: 2, child_number: 0, infant_number: 0, value, number_room: 1 }];
    await service(aId, {
      type: 'accommodation',
      title: 'Pousada do Carmo',
      start_date: '2026-12-29',
      end_date: '2027-01-02',
      details: { hotel_name: 'Pousada do Carmo', rooms: room(A.room) },
    });
    await service(aId, {
      type: 'transfer',
      title: 'Transfer aeroporto–pousada',
      start_date: '2026-12-29',
      total_cents: A.transfer,
      details: { from_place: 'Aeroporto de Salvador', to_place: 'Pousada do Carmo' },
    });
    await service(bId, {
      type: 'accommodation',
      title: 'Resort Praia do Forte',
      start_date: '2026-12-29',
      end_date: '2027-01-02',
      details: { hotel_name: 'Resort Praia do Forte', rooms: room(B.room) },
    });
    await service(bId, {
      type: 'transfer',
      title: 'Transfer aeroporto–resort',
      start_date: '2026-12-29',
      total_cents: B.transfer,
      details: { from_place: 'Aeroporto de Salvador', to_place: 'Resort Praia do Forte' },
    });
    await service(bId, {
      type: 'tour',
      title: 'Passeio de catamarã',
      start_date: '2026-12-31',
      adult_cents: B.tourPerAdult,
      details: { place: 'Baía de Todos-os-Santos' },
    });

    // ---- 2. The editor: each proposal's total; the tour of B cancelled with a refund.
    await page.goto(`/novo-orcamento/${budget.id}`);
    await expect(page.getByRole('tab')).toHaveText([A.title, B.title]);
    await expect(page.getByRole('tab', { name: A.title })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('service-total')).toHaveText([brl(A.room), brl(A.transfer)]);
    await expect(page.getByTestId('proposal-total')).toHaveText(brl(aTotal));
    await page.getByRole('tab', { name: B.title }).click();
    await expect(page.getByTestId('service-total')).toHaveText([brl(B.room), brl(B.transfer), brl(tourTotal)]);
    await expect(page.getByTestId('proposal-total')).toHaveText(brl(bBeforeRefund));

    await page.getByRole('button', { name: 'Ações do serviço Passeio de catamarã' }).click();
    await page.getByRole('menuitem', { name: 'Cancelar com reembolso' }).click();
    const refund = page.getByRole('dialog', { name: 'Cancelar serviço com reembolso' });
    await refund.getByLabel('Valor reembolsado').fill('900');
    await refund.getByLabel('Multa').fill('250');
    await refund.getByLabel('Motivo').fill(REFUND.reason);
    await refund.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(page.getByText('Serviço cancelado.')).toBeVisible();
    const tour = page.getByTestId('service-row').filter({ hasText: 'Passeio de catamarã' });
    await expect(tour).toContainText('Cancelado');
    await expect(tour).toContainText(`Reembolso ${brl(REFUND.returned)} · multa ${brl(REFUND.penalty)}`);
    await expect(tour.getByTestId('service-total')).toHaveText(brl(retained));
    await expect(page.getByTestId('service-total')).toHaveText([brl(B.room), brl(B.transfer), brl(retained)]);
    await expect(page.getByTestId('proposal-total')).toHaveText(brl(bTotal));
    // A's total is untouched by B's refund.
    await page.getByRole('tab', { name: A.title }).click();
    await expect(page.getByTestId('proposal-total')).toHaveText(brl(aTotal));

    // The budget list: nothing accepted yet, so the cheapest proposal's total.
    let row = await budgetRow(page, budgetTitle);
    await expect(row.getByTestId('budget-status')).toHaveText('Rascunho');
    await expect(row.getByTestId('budget-total')).toHaveText(brl(aTotal));

    // Shared from the editor: a draft is marked sent first; the customer's page opens in a tab.
    await page.goto(`/novo-orcamento/${budget.id}`);
    await page.getByRole('button', { name: 'Compartilhar' }).click();
    await page.getByRole('menuitem', { name: 'Abrir página do cliente' }).click();
    const popup = page.waitForEvent('popup');
    await page.getByRole('dialog', { name: 'Marcar como enviado?' }).getByRole('button', { name: 'Marcar como enviado' }).click();
    const opened = await popup;
    await expect(opened).toHaveURL(/\/landing-page\/[0-9a-f-]{36}$/);
    const landingId = new URL(opened.url()).pathname.split('/').pop() as string;
    await opened.close();
    await expect(page.getByTestId('budget-status')).toHaveText('Enviado');

    // ---- 3. The customer's page, in a browser that never had the agent's session.
    const { baseURL, locale, timezoneId } = testInfo.project.use;
    const customerContext = await browser.newContext({ baseURL, locale, timezoneId });
    try {
      const customer = await customerContext.newPage();
      const customerErrors: string[] = [];
      customer.on('pageerror', (error) => customerErrors.push(error.message));
      await customer.goto(`/landing-page/${landingId}`);
      expect(await customer.evaluate((key) => window.localStorage.getItem(key), KEYS.accessToken), 'no session here').toBeNull();
      await expect(customer.getByRole('heading', { level: 1, name: budgetTitle })).toBeVisible();
      const tabs = customer.getByRole('tablist', { name: 'Propostas' });
      await expect(tabs.getByRole('tab')).toHaveText([A.title, B.title]);
      const total = customer.getByTestId('proposal-total');
      const panel = customer.getByRole('tabpanel');
      const price = (name: string) => panel.getByRole('article', { name }).locator('footer strong');

      // A: its two services, their prices adding up to its total.
      await expect(tabs.getByRole('tab', { name: A.title })).toHaveAttribute('aria-selected', 'true');
      await expect(total).toHaveText(brl(aTotal));
      await expect(panel.getByRole('article')).toHaveCount(2);
      await expect(price('Hospedagem: Pousada do Carmo')).toHaveText(brl(A.room));
      await expect(price('Transfer: Transfer aeroporto–pousada')).toHaveText(brl(A.transfer));
      await expect(customer.getByTestId('canceled-service')).toHaveCount(0);
      // The accept form names both proposals at their totals.
      const form = customer.getByRole('form', { name: 'Gostou? Aceite sua proposta' });
      await expect(form.getByLabel('Proposta escolhida').locator('option')).toHaveText([
        `${A.title} · ${brl(aTotal)}`,
        `${B.title} · ${brl(bTotal)}`,
      ]);

      // B: the resort and the transfer at their prices, and the tour apart, cancelled, with what was
      // retained, labelled; the three lines add up to B's total.
      await tabs.getByRole('tab', { name: B.title }).click();
      await expect(tabs.getByRole('tab', { name: B.title })).toHaveAttribute('aria-selected', 'true');
      await expect(total).toHaveText(brl(bTotal));
      await expect(panel.getByRole('article')).toHaveCount(3);
      await expect(price('Hospedagem: Resort Praia do Forte')).toHaveText(brl(B.room));
      await expect(price('Transfer: Transfer aeroporto–resort')).toHaveText(brl(B.transfer));
      await expect(panel.getByRole('heading', { name: 'Serviços cancelados' })).toBeVisible();
      const canceled = panel.getByTestId('canceled-service');
      await expect(canceled).toHaveCount(1);
      await expect(canceled).toHaveAccessibleName('Passeio/ingresso: Passeio de catamarã');
      await expect(canceled).toContainText(`Cancelado — valor retido ${brl(retained)}`);
      await expect(canceled.locator('s')).toHaveText(brl(tourTotal));
      await expect(canceled).toContainText(`reembolso de ${brl(REFUND.returned)}`);
      // What stays inside the agency: the penalty and the reason.
      await expect(customer.getByText(brl(REFUND.penalty))).toHaveCount(0);
      await expect(customer.getByText(REFUND.reason)).toHaveCount(0);

      // The customer accepts B.
      await expect(form.getByLabel('Proposta escolhida')).toHaveValue(String(bId));
      await form.getByLabel('Nome completo').fill('Helena Moraes');
      await form.getByLabel('E-mail').fill('helena.moraes@e2e.test');
      await form.getByRole('button', { name: `Aceitar “${B.title}”` }).click();
      await expect(customer.getByRole('heading', { name: LANDING_PAGE_MESSAGES.accepted })).toBeVisible();
      await expect(customer.getByText(`“${B.title}” foi aceita por Helena Moraes`)).toBeVisible();
      await expect(total).toHaveText(brl(bTotal));
      expect(customerErrors, 'uncaught errors in the customer’s page').toEqual([]);

      // ---- 4. Accepted: the list and the attendance show B's total; /valor-total opens on B.
      row = await budgetRow(page, budgetTitle);
      await expect(row.getByTestId('budget-status')).toHaveText('Aceito');
      await expect(row.getByTestId('budget-total')).toHaveText(brl(bTotal));
      await page.goto(`/atendimento/${attendanceId}`);
      const attendanceBudget = page.getByTestId('attendance-budget');
      await expect(attendanceBudget).toHaveCount(1);
      await expect(attendanceBudget).toContainText(budgetTitle);
      await expect(attendanceBudget.getByTestId('budget-status')).toHaveText('Aceito');
      await expect(attendanceBudget).toContainText(brl(bTotal));
      // Nothing sold yet: the attendance is still worth what the agent typed.
      await expect(page.getByTestId('attendance-value')).toHaveText(brl(TYPED_VALUE));

      await page.goto(`/valor-total/${budget.id}`);
      await expect(page.getByRole('tab', { name: new RegExp(B.title) })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: new RegExp(B.title) })).toContainText(`${B.title} (aceita) · ${brl(bTotal)}`);
      await expect(page.getByRole('tab', { name: new RegExp(A.title) })).toContainText(brl(aTotal));
      await expect(page.getByTestId('total-sale')).toHaveText(brl(bTotal));

      // The funnel before the sale (this client only): the attendance open at its typed value, the earlier trip won.
      await openFunnel(page, clientName);
      await expect(card(column(page, 'negotiations'), attendanceTitle).getByTestId('funnel-card-price')).toHaveText(brl(TYPED_VALUE));
      await expectBalance(page, 'negotiations', 1, TYPED_VALUE);
      await expect(card(column(page, 'sales'), 'Carnaval em Olinda').getByTestId('funnel-card-price')).toHaveText(brl(EARLIER_WON));
      await expectBalance(page, 'sales', 1, EARLIER_WON);

      // ---- 5. Sold from the editor: the sale dialog offers the accepted proposal at its total.
      await page.goto(`/novo-orcamento/${budget.id}`);
      await page.getByRole('button', { name: 'Fechar venda' }).click();
      const sell = page.getByRole('dialog', { name: 'Fechar venda' });
      await expect(sell.getByLabel('Proposta vendida')).toHaveValue(`${B.title} · ${brl(bTotal)} (aceita)`);
      await expect(sell.getByTestId('sell-plan-preview').locator('tfoot')).toContainText(brl(bTotal));
      await sell.getByRole('button', { name: 'Fechar venda' }).click();
      await expect(page).toHaveURL(`/venda-fechada/${budget.id}`);
      await expect(page.getByText(SALE_MESSAGES.sold)).toBeVisible();
      await expect(page.getByTestId('budget-status')).toHaveText('Vendido');
      await expect(page.getByTestId('sold-proposal')).toHaveText(B.title);
      await expect(page.getByTestId('sale-total')).toHaveText(brl(bTotal));
      const sold = (title: string) => page.getByTestId('sold-service').filter({ hasText: title });
      await expect(sold('Resort Praia do Forte')).toContainText(brl(B.room));
      await expect(sold('Transfer aeroporto–resort')).toContainText(brl(B.transfer));
      await expect(page.getByTestId('payment-plan-item')).toHaveCount(1);
      await expect(page.getByTestId('payment-plan-item')).toContainText(brl(bTotal));

      row = await budgetRow(page, budgetTitle);
      await expect(row.getByTestId('budget-status')).toHaveText('Vendido');
      await expect(row.getByTestId('budget-total')).toHaveText(brl(bTotal));

      // The attendance is worth the sale now, not the typed value; its consolidated summary lists the sale.
      await page.goto(`/atendimento/${attendanceId}`);
      await expect(page.getByTestId('attendance-status')).toHaveText('Ganho');
      await expect(page.getByTestId('attendance-value')).toHaveText(brl(bTotal));
      await expect(attendanceBudget.getByTestId('budget-status')).toHaveText('Vendido');
      await expect(attendanceBudget).toContainText(brl(bTotal));
      const consolidated = page.getByRole('region', { name: 'Consolidado da viagem' });
      await expect(consolidated.getByTestId('consolidated-summary')).toContainText(brl(bTotal));
      await expect(consolidated.getByTestId('consolidated-summary')).not.toContainText(brl(TYPED_VALUE));
      const sales = consolidated.getByTestId('consolidated-sales');
      await expect(sales).toContainText(budgetTitle);
      await expect(sales).toContainText(B.title);
      await expect(sales).toContainText(brl(bTotal));
      await expect(sales.getByRole('link', { name: budgetTitle })).toHaveAttribute('href', `/venda-fechada/${budget.id}`);

      // The funnel: the card in Ganhos at the sale's value, the column grown by exactly the sale.
      await openFunnel(page, clientName);
      await expect(card(column(page, 'sales'), attendanceTitle).getByTestId('funnel-card-price')).toHaveText(brl(bTotal));
      await expect(card(column(page, 'sales'), attendanceTitle).getByTestId('attendance-status')).toHaveText('Ganho');
      await expectBalance(page, 'sales', 2, EARLIER_WON + bTotal);
      await expect(card(column(page, 'negotiations'), attendanceTitle)).toHaveCount(0);
      await expectBalance(page, 'negotiations', 0, 0);

      // ---- 6. The budget's PDF, fetched as the customer's browser does: B's total and the retained line.
      const pdf = await customerContext.request.get(`/pdf/${landingId}`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      const text = await pdfText(await pdf.body());
      expect(text).toContain(`Total: ${brl(aTotal)}`);
      expect(text).toContain(`Total: ${brl(bTotal)}`);
      expect(text).toContain('Serviços cancelados');
      expect(text).toContain('Passeio/ingresso: Passeio de catamarã');
      expect(text).toContain(`Cancelado — valor retido ${brl(retained)}`);
      expect(text).toContain(`reembolso de ${brl(REFUND.returned)}`);
      expect(text).not.toContain(brl(REFUND.penalty));
      expect(text).not.toContain(REFUND.reason);
    } finally {
      await customerContext.close();
    }

    // ---- 7. The sale undone from its page: everything back to before it.
    await page.goto(`/venda-fechada/${budget.id}`);
    await page.getByRole('button', { name: 'Desfazer venda' }).click();
    const undo = page.getByRole('dialog', { name: 'Desfazer venda' });
    await expect(undo.getByTestId('undo-effects')).toBeVisible();
    await undo.getByRole('button', { name: 'Desfazer venda' }).click();
    await expect(page).toHaveURL(`/orcamento-infor/${budget.id}`);
    await expect(page.getByText(SALE_MESSAGES.undone)).toBeVisible();
    await expect(page.getByTestId('budget-status')).toHaveText('Aceito');

    await page.goto(`/atendimento/${attendanceId}`);
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');
    await expect(page.getByTestId('attendance-value')).toHaveText(brl(TYPED_VALUE));
    const attendanceBudget = page.getByTestId('attendance-budget');
    await expect(attendanceBudget.getByTestId('budget-status')).toHaveText('Aceito');
    await expect(attendanceBudget).toContainText(brl(bTotal));
    const consolidated = page.getByRole('region', { name: 'Consolidado da viagem' });
    await expect(consolidated.getByTestId('consolidated-summary')).toContainText(brl(TYPED_VALUE));
    await expect(consolidated.getByTestId('consolidated-sales')).toHaveCount(0);

    row = await budgetRow(page, budgetTitle);
    await expect(row.getByTestId('budget-status')).toHaveText('Aceito');
    await expect(row.getByTestId('budget-total')).toHaveText(brl(bTotal));

    await openFunnel(page, clientName);
    await expectBalance(page, 'sales', 1, EARLIER_WON);
    await expect(card(column(page, 'sales'), attendanceTitle)).toHaveCount(0);
    await expect(card(column(page, 'negotiations'), attendanceTitle).getByTestId('funnel-card-price')).toHaveText(brl(TYPED_VALUE));
    await expectBalance(page, 'negotiations', 1, TYPED_VALUE);
  });
});
