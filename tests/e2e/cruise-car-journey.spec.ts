// The issue 33 journey in a fresh agency: an attendance of 2 adults and a child of 7 becomes a budget
// whose three passengers are already there; the client is picked as the first one and brings her
// data; a cruise and a car are sold; then the sale's statuses turn as the agent works, with no
// reload: the cruise's checklist (not a flight's), a reservation confirmed with its locator, a
// voucher attached then sent ("Enviando…" until the e-mail job has mailed it, then "Enviado"), the
// contract generated. No passenger's data is typed on the way.
import { maskDocumentNumber } from '@app/shared/document-numbers';
import type { APIRequestContext } from '@playwright/test';
import { addRecipient, pdfDocument } from './support/after-sale';
import { apiToken, login, uniqueEmail, waitForMail } from './support/app';
import { createAgency } from './support/billing';
import { uniqueName } from './support/crm';
import { expect, test } from './support/fixtures';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function call<T>(request: APIRequestContext, token: string, method: 'post' | 'patch', path: string, data: unknown) {
  const res = await request[method](path, { headers: auth(token), data });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

const TRIP = { start: '2027-01-20', end: '2027-01-30' };

test('2 adults and a child of 7 to a sold cruise and car, the statuses turning live', async ({ page, request }) => {
  test.setTimeout(240_000);
  const agency = await createAgency(request);
  const token = await apiToken(request, agency.owner.email, agency.owner.password);
  const clientEmail = uniqueEmail('cruzeiro');
  const clientName = uniqueName('Helena Prado');
  const client = await call<{ id: number }>(request, token, 'post', '/api/clients', {
    kind: 'person',
    name: clientName,
    email: clientEmail,
    birth_date: '1984-05-20',
    documents: [{ type: 'passport', number: 'FZ440011', country: 'BR', expires_at: '2032-05-01' }],
  });
  const title = uniqueName('Cruzeiro pelo Caribe');
  const attendance = await call<{ id: number }>(request, token, 'post', '/api/attendances', {
    client_id: client.id,
    title,
    destination: 'Miami',
    start_date: TRIP.start,
    end_date: TRIP.end,
    adults: 2,
    children: 1,
    children_ages: [7],
  });

  await login(page, agency.owner.email, agency.owner.password);
  await page.goto(`/atendimento/${attendance.id}`);
  // The first is the attendance's own field; the consolidated summary repeats it.
  await expect(page.getByText('2 adultos, 1 criança (7 anos)').first()).toBeVisible();

  // ---- The budget starts with the attendance's three travellers; the client is picked as the first.
  await page.getByRole('region', { name: 'Orçamentos' }).getByRole('link', { name: 'Novo orçamento' }).click();
  const form = page.getByRole('form', { name: 'Novo orçamento' });
  await expect(form.getByLabel('Título')).toHaveValue(title);
  await form.getByRole('button', { name: 'Criar orçamento' }).click();
  await expect(page).toHaveURL(/\/novo-orcamento\/\d+$/);
  const budgetId = Number(page.url().split('/').pop());
  const paxRows = page.getByTestId('pax-row');
  await expect(paxRows).toHaveCount(3);
  await expect(paxRows.nth(2)).toContainText('Criança · 7 anos');
  await page.getByRole('button', { name: 'Editar passageiros' }).click();
  const paxDialog = page.getByRole('dialog', { name: 'Passageiros' });
  await paxDialog.getByRole('group', { name: 'Passageiro 1' }).getByLabel('Cliente', { exact: true }).click();
  await page.getByRole('option', { name: `${clientName} (cliente do orçamento)` }).click();
  await expect(paxDialog.getByRole('group', { name: 'Passageiro 1' }).getByLabel('Número do documento')).toHaveValue(
    maskDocumentNumber('FZ440011'),
  );
  await paxDialog.getByRole('button', { name: 'Salvar passageiros' }).click();
  await expect(paxRows.nth(0)).toContainText(clientName);

  // ---- A cruise and a car in its proposal (the editor's forms are other journeys'), then sold.
  const budget = await call<{ proposals: { id: number }[] }>(request, token, 'patch', `/api/budgets/${budgetId}`, { status: 'sent' });
  const proposalId = budget.proposals[0]?.id;
  const pax = { currency: 'BRL', adult_number: 2, child_number: 1, infant_number: 0 };
  await call(request, token, 'post', '/api/services', {
    ...pax,
    proposal_id: proposalId,
    type: 'cruise',
    title: 'Cruzeiro Caribe Ocidental',
    start_date: '2027-01-21',
    end_date: '2027-01-28',
    total_cents: 1_850_000,
    details: { itinerary: 'Miami, Cozumel, Roatán, Costa Maya, Miami' },
  });
  await call(request, token, 'post', '/api/services', {
    ...pax,
    proposal_id: proposalId,
    type: 'car_rental',
    title: 'Carro em Miami',
    start_date: '2027-01-28',
    end_date: '2027-01-30',
    total_cents: 120_000,
    details: { pickup_place: 'Porto de Miami', dropoff_place: 'Aeroporto de Miami' },
  });
  await page.reload();
  await page.getByRole('button', { name: 'Fechar venda' }).click();
  await page.getByRole('dialog', { name: 'Fechar venda' }).getByRole('button', { name: 'Fechar venda' }).click();
  await expect(page).toHaveURL(`/venda-fechada/${budgetId}`);
  await expect(page.getByTestId('sold-service')).toHaveCount(2);

  // ---- The checklist made by the sale is the cruise's and the car's, not a flight's.
  await page.goto(`/atendimento/${attendance.id}`);
  const taskList = page.getByRole('region', { name: 'Tarefas', exact: true }).getByTestId('attendance-task');
  await expect(taskList.filter({ hasText: 'Confirmar cabine com a armadora' })).toHaveCount(1);
  await expect(taskList.filter({ hasText: 'Confirmar locação do carro' })).toHaveCount(1);
  await expect(taskList.filter({ hasText: 'Emitir passagens' })).toHaveCount(0);

  // ---- A reservation confirmed with its locator: the row and the summary turn at once.
  await page.goto(`/orcamento-reserva/${budgetId}`);
  const cruiseRow = page.getByTestId('reservation-row').filter({ hasText: 'Cruzeiro Caribe Ocidental' });
  await cruiseRow.getByRole('button', { name: 'Confirmar reserva: Cruzeiro Caribe Ocidental' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar reserva' });
  await confirm.getByLabel('Localizador').fill('RCCL-778812');
  await confirm.getByRole('button', { name: 'Confirmar reserva' }).click();
  await expect(cruiseRow.getByTestId('reservation-status')).toHaveText('Confirmada');
  await expect(cruiseRow.getByTestId('reservation-locator')).toHaveText('RCCL-778812');
  await expect(page.getByTestId('reservations-progress')).toHaveText('1 de 2 confirmadas');

  // ---- The voucher: attached (not "sent"), then sent, its badge turning without a reload.
  await page.getByRole('link', { name: 'Ver venda' }).click();
  const vouchers = page.getByTestId('vouchers-card');
  await vouchers
    .getByLabel('Arquivo do voucher')
    .setInputFiles({ name: 'voucher-cruzeiro.pdf', mimeType: 'application/pdf', buffer: pdfDocument() });
  await expect(page.getByText('Voucher anexado.')).toBeVisible();
  await expect(vouchers.getByTestId('voucher-row')).toHaveCount(1);
  await expect(vouchers.getByTestId('voucher-row')).toContainText('Não enviado');
  await vouchers.getByRole('button', { name: 'Enviar vouchers' }).click();
  const send = page.getByRole('dialog', { name: 'Enviar vouchers' });
  await expect(send.getByLabel('Destinatários')).toBeVisible();
  if ((await send.getByText(clientEmail).count()) === 0) await addRecipient(send, clientEmail);
  await send.getByRole('button', { name: 'Enviar', exact: true }).click();
  await send.getByRole('button', { name: 'Concluir' }).click();
  await waitForMail(request, clientEmail, /voucher/i);
  await expect(vouchers.getByTestId('voucher-sent')).toHaveCount(1);

  // ---- The contract: generated, its badge and next step shown at once.
  const contract = page.getByTestId('contract-card');
  await contract.getByRole('button', { name: 'Gerar contrato' }).click();
  await page.getByRole('dialog', { name: 'Gerar contrato' }).getByRole('button', { name: 'Gerar contrato' }).click();
  await expect(contract.getByTestId('contract-status')).toHaveText('Gerado', { timeout: 30_000 });
  await expect(contract).toContainText('Confira o PDF e envie o contrato ao cliente para assinatura.');
});
