// After the sale (issue 14), run on its own port (e.g. E2E_PORT=3171): the budget of
// support/budget-seed.ts accepted by the customer is sold from its screen; its reservations are
// requested and confirmed on the checklist; the contract is generated, its PDF opened, sent to the
// client and its signed copy uploaded; the vouchers uploaded and sent (e-mail and WhatsApp); then the
// sale is undone and the attendance is back to Em aberto.
import type { APIRequestContext } from '@playwright/test';
import { addRecipient, pdfDocument } from './support/after-sale';
import { login, uniqueEmail, waitForMail } from './support/app';
import { createAgency } from './support/billing';
import { seedBudget } from './support/budget-seed';
import { pngImage } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiJson<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: auth(token) });
  expect(res.ok(), `GET ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test.describe('after the sale', () => {
  test('sell, reserve, contract, vouchers, undo', async ({ page, request }) => {
    test.setTimeout(240_000);
    const seeded = await seedBudget(request);
    const { budgetId, token } = seeded;
    const budget = await apiJson<{ landing_page_id: string; attendance_id: number }>(request, token, `/api/budgets/${budgetId}`);
    // The customer accepts the Lisboa option on the budget's page.
    const sent = await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } });
    expect(sent.ok(), `mark sent: ${await sent.text()}`).toBeTruthy();
    const accepted = await request.put(`/api/budgets/accept/${budget.landing_page_id}`, {
      data: { proposal_id: seeded.lisboa.id, name: 'Ana Viajante', email: 'ana.viajante@e2e.test' },
    });
    expect(accepted.ok(), `accept: ${accepted.status()} ${await accepted.text()}`).toBeTruthy();

    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);

    // ---- Closing the sale, from the budget's screen: the accepted proposal, 3 installments.
    await page.goto(`/orcamento-infor/${budgetId}`);
    await expect(page.getByTestId('budget-status')).toHaveText('Aceito');
    await page.getByRole('button', { name: 'Fechar venda' }).click();
    const sell = page.getByRole('dialog', { name: 'Fechar venda' });
    await expect(sell.getByLabel('Proposta vendida')).toHaveValue(/Opção Lisboa/);
    await sell.getByLabel('Comissão do vendedor (%)').fill('5');
    await sell.getByLabel('Parcelas').click();
    await page.getByRole('option', { name: '3x', exact: true }).click();
    await sell.getByLabel('Primeiro vencimento').fill('10/12/2026');
    await sell.getByLabel('Primeiro vencimento').press('Tab');
    const preview = sell.getByTestId('sell-plan-preview');
    await expect(preview.locator('tbody tr')).toHaveCount(3);
    await expect(preview).toContainText('10/02/2027');
    await sell.getByRole('button', { name: 'Fechar venda' }).click();

    // The toast lasts 4 s: read before the new page's checks, which can take that long on a busy machine.
    await expect(page.getByText('Venda fechada!')).toBeVisible();
    await expect(page).toHaveURL(`/venda-fechada/${budgetId}`);
    await expect(page.getByTestId('budget-status')).toHaveText('Vendido');
    await expect(page.getByTestId('sold-proposal')).toHaveText('Opção Lisboa');
    await expect(page.getByTestId('sold-service')).toHaveCount(3);
    await expect(page.getByTestId('payment-plan-item')).toHaveCount(3);
    await expect(page.getByTestId('sale-commission')).not.toHaveText('R$ 0,00');
    const attendance = await apiJson<{ status: string }>(request, token, `/api/attendances/${budget.attendance_id}`);
    expect(attendance.status).toBe('won');

    // ---- Reservations: one per sold service, worked through as a checklist.
    await page.getByRole('link', { name: 'Abrir reservas' }).click();
    await expect(page).toHaveURL(`/orcamento-reserva/${budgetId}`);
    const rows = page.getByTestId('reservation-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByTestId('reservations-progress')).toHaveText('0 de 3 confirmadas');

    const hotel = rows.filter({ hasText: 'Hotel Avenida Palace' });
    await hotel.getByRole('button', { name: /Solicitar ao fornecedor/ }).click();
    const request1 = page.getByRole('dialog', { name: 'Solicitar ao fornecedor' });
    const supplierEmail = uniqueEmail('hotel');
    await addRecipient(request1, supplierEmail);
    await request1.getByRole('button', { name: 'Enviar solicitação' }).click();
    await expect(request1).toHaveCount(0);
    await expect(hotel.getByTestId('reservation-status')).toHaveText('Solicitada');
    await waitForMail(request, supplierEmail, /reserva/i);

    const flight = rows.filter({ hasText: 'Voo São Paulo–Lisboa' });
    await flight.getByRole('button', { name: /^Editar/ }).click();
    const form = flight.getByRole('form', { name: /Editar reserva/ });
    await form.getByLabel('Localizador').fill('TPX7Q2');
    await form.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Confirmada' }).click();
    await form.getByRole('button', { name: 'Salvar reserva' }).click();
    await expect(flight.getByTestId('reservation-locator')).toHaveText('TPX7Q2');
    await expect(flight.getByTestId('reservation-status')).toHaveText('Confirmada');

    // "Confirmar reserva" asks for the supplier's locator, and refuses to confirm without one.
    for (const [title, locator] of [
      ['Hotel Avenida Palace', 'HAP-88121'],
      ['Passeio por Sintra', 'SNT-4410'],
    ] as const) {
      const row = rows.filter({ hasText: title });
      await row.getByRole('button', { name: `Confirmar reserva: ${title}` }).click();
      const confirmDialog = page.getByRole('dialog', { name: 'Confirmar reserva' });
      await expect(confirmDialog.getByLabel('Localizador')).toBeFocused();
      await confirmDialog.getByRole('button', { name: 'Confirmar reserva' }).click();
      await expect(confirmDialog).toContainText('Informe o localizador da reserva.');
      await expect(row.getByTestId('reservation-status')).not.toHaveText('Confirmada');
      await confirmDialog.getByLabel('Localizador').fill(locator);
      await confirmDialog.getByLabel('Localizador').press('Enter');
      await expect(confirmDialog).toHaveCount(0);
      await expect(row.getByTestId('reservation-status')).toHaveText('Confirmada');
      await expect(row.getByTestId('reservation-locator')).toHaveText(locator);
    }
    await expect(page.getByTestId('reservations-progress')).toHaveText('3 de 3 confirmadas');

    // ---- The contract: generated from the default template, its PDF opened, sent, the signed copy uploaded.
    await page.getByRole('link', { name: 'Ver venda' }).click();
    await expect(page).toHaveURL(`/venda-fechada/${budgetId}`);
    await expect(page.getByTestId('reservations-card').getByTestId('reservations-progress')).toHaveText('3 de 3 confirmadas');
    const contract = page.getByTestId('contract-card');
    await expect(contract).toContainText('Nenhum contrato gerado.');
    await contract.getByRole('button', { name: 'Gerar contrato' }).click();
    const generate = page.getByRole('dialog', { name: 'Gerar contrato' });
    await expect(generate.getByLabel('Modelo de contrato')).toHaveValue(/padrão/);
    await generate.getByRole('button', { name: 'Gerar contrato' }).click();
    // The PDF is drawn while the dialog waits: longer than an expect's default on a loaded machine.
    await expect(contract.getByTestId('contract-status')).toHaveText('Gerado', { timeout: 30_000 });

    // The PDF opens in a new tab through a short-lived link that answers the PDF itself.
    const fileRequest = page.context().waitForEvent('request', (r) => r.url().includes('/api/contracts/file/'));
    const popup = page.waitForEvent('popup');
    await contract.getByRole('button', { name: 'Visualizar PDF' }).click();
    const pdfUrl = (await fileRequest).url();
    await (await popup).close();
    const pdf = await request.get(pdfUrl);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await contract.getByRole('button', { name: 'Enviar ao cliente' }).click();
    const sendContract = page.getByRole('dialog', { name: 'Enviar contrato ao cliente' });
    const clientEmail = uniqueEmail('cliente');
    await addRecipient(sendContract, clientEmail);
    await sendContract.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(page.getByText('Contrato na fila de envio.')).toBeVisible();
    await expect(contract.getByTestId('contract-status')).toHaveText('Enviado ao cliente');
    await waitForMail(request, clientEmail, /contrato/i);

    // Only a PDF is taken as the signed copy: a picture is refused before it is sent.
    await page
      .getByLabel('Arquivo da cópia assinada do contrato')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(contract.getByTestId('contract-upload-error')).toContainText('O contrato assinado deve ser um arquivo PDF');
    await expect(contract.getByTestId('contract-status')).toHaveText('Enviado ao cliente');
    await page.getByLabel('Arquivo da cópia assinada do contrato').setInputFiles({
      name: 'contrato-assinado.pdf',
      mimeType: 'application/pdf',
      buffer: pdfDocument(),
    });
    await expect(page.getByText('Cópia assinada anexada.')).toBeVisible();
    await expect(contract.getByTestId('contract-status')).toHaveText('Cópia assinada anexada');
    await expect(contract).toContainText('contrato-assinado.pdf');

    // ---- Vouchers: one of the whole trip, one of the hotel; sent by e-mail, then shared on WhatsApp.
    const vouchers = page.getByTestId('vouchers-card');
    await expect(vouchers).toContainText('Nenhum voucher ainda.');
    await page
      .getByLabel('Arquivo do voucher')
      .setInputFiles({ name: 'voucher-viagem.pdf', mimeType: 'application/pdf', buffer: pdfDocument() });
    await expect(vouchers.getByTestId('voucher-row')).toHaveCount(1);
    await expect(page.getByText('Voucher anexado.')).toBeVisible();
    await vouchers.getByLabel('Voucher de').click();
    await page.getByRole('option', { name: 'Hotel Avenida Palace' }).click();
    await page.getByLabel('Arquivo do voucher').setInputFiles({ name: 'voucher-hotel.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(vouchers.getByTestId('voucher-row')).toHaveCount(2);
    await expect(vouchers.getByTestId('voucher-row').filter({ hasText: 'voucher-hotel.png' })).toContainText('Hotel Avenida Palace');

    await vouchers.getByRole('button', { name: 'Enviar vouchers' }).click();
    const sendVouchers = page.getByRole('dialog', { name: 'Enviar vouchers' });
    await addRecipient(sendVouchers, clientEmail);
    await sendVouchers.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(sendVouchers.getByTestId('vouchers-sent')).toBeVisible();
    await page.context().route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }));
    const whatsappPopup = page.waitForEvent('popup');
    await sendVouchers.getByRole('button', { name: 'Compartilhar no WhatsApp' }).click();
    const whatsapp = await whatsappPopup;
    await whatsapp.waitForLoadState();
    expect(whatsapp.url()).toMatch(/^https:\/\/wa\.me\//);
    expect(new URL(whatsapp.url()).searchParams.get('text')).toContain('/api/vouchers/file/');
    await whatsapp.close();
    await sendVouchers.getByRole('button', { name: 'Concluir' }).click();
    // The e-mail job marks them sent once it has mailed them.
    // ...and the badges turn without a reload.
    await waitForMail(request, clientEmail, /voucher/i);
    await expect(vouchers.getByTestId('voucher-sent')).toHaveCount(2);

    // ---- Undoing the sale: the dialog says what is cancelled; the budget and the attendance go back.
    await page.getByRole('button', { name: 'Desfazer venda' }).click();
    const undo = page.getByRole('dialog', { name: 'Desfazer venda' });
    const effects = undo.getByTestId('undo-effects');
    await expect(effects.getByRole('listitem')).toHaveCount(4);
    await expect(effects).toContainText('Reserva: Voo São Paulo–Lisboa');
    await expect(effects).toContainText('Contrato');
    await undo.getByRole('radio', { name: 'Manter as reservas' }).check();
    await expect(effects.getByRole('listitem')).toHaveCount(1);
    await undo.getByRole('radio', { name: 'Cancelar as reservas' }).check();
    await undo.getByRole('button', { name: 'Desfazer venda' }).click();
    await expect(page).toHaveURL(`/orcamento-infor/${budgetId}`);
    await expect(page.getByText('Venda desfeita. O atendimento voltou para Em aberto.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fechar venda' })).toBeVisible();

    await page.goto(`/atendimento/${budget.attendance_id}`);
    await expect(page.getByTestId('attendance-status')).toHaveText('Em aberto');
    const info = await apiJson<{ sale: unknown; reservations: { status: string }[]; contracts: { status: string }[] }>(
      request,
      token,
      `/api/budgets/${budgetId}/sold-info`,
    );
    expect(info.sale).toBeNull();
    expect(info.reservations.every((r) => r.status === 'canceled')).toBe(true);
    expect(info.contracts.every((c) => c.status === 'cancelled')).toBe(true);
  });

  test('contract templates: a field inserted from the picker, the live preview, an unknown field refused', async ({ page, request }) => {
    test.setTimeout(90_000);
    const agency = await createAgency(request);
    await login(page, agency.owner.email, agency.owner.password);
    await page.goto('/financeiro/4');
    await expect(page.getByRole('tab', { name: 'Modelos de contrato' })).toHaveAttribute('aria-selected', 'true');
    // Every agency starts with the default template.
    await expect(page.getByTestId('contract-template-row')).toHaveCount(1);
    await expect(page.getByTestId('contract-template-row')).toContainText('Padrão');

    await page.getByRole('button', { name: 'Novo modelo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo modelo de contrato' });
    await dialog.getByLabel('Nome').fill('Contrato curto');
    const body = dialog.getByLabel('Texto do contrato');
    await body.fill('# Contrato curto\n\nContratante: ');
    await dialog.getByRole('combobox', { name: 'Inserir campo' }).click();
    await page.getByRole('option', { name: 'Nome do cliente' }).click();
    await expect(body).toHaveValue('# Contrato curto\n\nContratante: {{cliente.nome}}');
    const preview = dialog.getByTestId('contract-preview');
    await expect(preview.getByRole('heading', { name: 'Contrato curto' })).toBeVisible();
    await expect(preview).toContainText('Contratante: Conceição Araújo Gonçalves');

    await body.press('End');
    await body.pressSequentially(' {{cliente.apelido}}');
    await expect(dialog.getByText('Campo desconhecido no modelo: {{cliente.apelido}}')).toBeVisible();
    await dialog.getByRole('button', { name: 'Criar modelo' }).click();
    await expect(dialog).toBeVisible();
    await body.fill('# Contrato curto\n\nContratante: {{cliente.nome}}, CPF {{cliente.cpf}}.');
    await dialog.getByRole('button', { name: 'Criar modelo' }).click();
    await expect(page.getByText('Modelo de contrato criado.')).toBeVisible();
    await expect(page.getByTestId('contract-template-row')).toHaveCount(2);
    await expect(page.getByTestId('contract-template-row').filter({ hasText: 'Contrato curto' })).toContainText('Ativo');
  });

  test('a phone-sized screen: the closed sale and the checklist fit 360 px', async ({ page, request }) => {
    test.setTimeout(120_000);
    const seeded = await seedBudget(request);
    const { budgetId, token } = seeded;
    const sent = await request.patch(`/api/budgets/${budgetId}`, { headers: auth(token), data: { status: 'sent' } });
    expect(sent.ok()).toBeTruthy();
    const sold = await request.put(`/api/budgets/sell/${budgetId}`, {
      headers: auth(token),
      data: { proposal_id: seeded.lisboa.id, installments: 2, first_due_date: '2026-12-10' },
    });
    expect(sold.ok(), `sell: ${sold.status()} ${await sold.text()}`).toBeTruthy();

    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, seeded.agency.owner.email, seeded.agency.owner.password);
    for (const path of [`/venda-fechada/${budgetId}`, `/orcamento-reserva/${budgetId}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    // The checklist by keyboard: Tab reaches the first row's actions, Enter opens its form.
    const first = page.getByTestId('reservation-row').first();
    await first.getByRole('button', { name: /^Editar/ }).focus();
    await page.keyboard.press('Enter');
    await expect(first.getByRole('form', { name: /Editar reserva/ })).toBeVisible();
    await expect(first.getByLabel('Localizador')).toBeFocused();
  });
});
