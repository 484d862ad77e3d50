// A cancellation with a refund the customer can follow, through HTTP: the landing page and the PDF
// list the canceled service with what was retained (the lines add up to the total shown), a second
// cancellation is refused, and DELETE /api/refunds/{service_id} undoes one (totals back, logged in
// refund_undos), refused when the service is not canceled, on another agency's service, and on a
// sold budget whose sale saw the refund (a refund after the sale may go: the sale keeps its values).
import { type LandingPage, SALE_MESSAGES, type Service, type SoldInfo } from '@app/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyRow, newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { ok, sellableBudget } from '../../../test/sale-fixtures';
import { SERVICE_MESSAGES } from './services.service';

const t = useTestApp();
const tokens = { colab: '', outra: '', root: '' };
const ids = { city: 0, roomType: 0, colab: 0 };
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** The hotel sells for R$ 2.900,00 (one room, no commission nor fee), the transfer for R$ 1.000,00. */
const HOTEL_CENTS = 290_000;
const TRANSFER_CENTS = 100_000;
/** Cancelled: R$ 580,00 back to the customer, R$ 1.500,00 kept by the supplier, R$ 2.320,00 retained. */
const REFUND = { refund_cents: 58_000, penalty_cents: 150_000, reason: 'MOTIVO INTERNO DO HOTEL' };
const RETAINED_CENTS = HOTEL_CENTS - REFUND.refund_cents;

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const refund = (serviceId: number, token = tokens.colab) => call('POST', '/api/refunds/', { service_id: serviceId, ...REFUND }, token);
const undoRefund = (serviceId: number, token = tokens.colab) => call('DELETE', `/api/refunds/${serviceId}`, undefined, token);
const landing = async (landingId: string) =>
  ok<LandingPage>(
    await t.call('GET', `/api/budgets/landing-page/${landingId}`, {
      headers: { 'user-agent': BROWSER, 'x-forwarded-for': '198.51.100.77' },
    }),
  );

async function pdfText(landingId: string): Promise<string> {
  const res = await t.call('GET', `/pdf/${landingId}`, { headers: { 'x-forwarded-for': '198.51.100.78' } });
  expect(res.statusCode, res.body).toBe(200);
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return text;
}

/** Everything a refused call could have touched. */
async function snapshot() {
  const db = t.deps.db;
  return JSON.stringify({
    services: await db.service.findMany({ orderBy: { id: 'asc' } }),
    proposals: await db.proposal.findMany({ orderBy: { id: 'asc' } }),
    budgets: await db.budget.findMany({ orderBy: { id: 'asc' }, select: { id: true, totalCents: true } }),
    refunds: await db.refund.findMany({ orderBy: { id: 'asc' } }),
    undos: await db.refundUndo.findMany({ orderBy: { id: 'asc' } }),
  });
}

/** The stored totals of a budget: its amount, and each proposal's sale and cost. */
async function totalsOf(budgetId: number) {
  const budget = await t.deps.db.budget.findUniqueOrThrow({
    where: { id: budgetId },
    select: { totalCents: true, proposals: { select: { id: true, saleCents: true, costCents: true }, orderBy: { position: 'asc' } } },
  });
  return { total: budget.totalCents, proposals: budget.proposals.map((p) => ({ id: p.id, sale: p.saleCents, cost: p.costCents })) };
}

/** A sent budget of Agência Demo: a hotel and a transfer in its one proposal, for two adults. */
async function hotelBudget() {
  const budget = await newBudget(t, tokens.colab, {
    title: 'Férias em Salvador',
    start_date: '2027-09-01',
    end_date: '2027-09-08',
    paxes: [
      { name: 'Joana Lima', age_group: 'adult' },
      { name: 'Caio Lima', age_group: 'adult' },
    ],
  });
  const hotel = await ok<Service>(
    await call('POST', '/api/services', {
      proposal_id: budget.proposalId,
      type: 'accommodation',
      title: 'Hotel Farol da Barra',
      start_date: '2027-09-01',
      end_date: '2027-09-08',
      currency: 'BRL',
      adult_number: 2,
      child_number: 0,
      infant_number: 0,
      details: {
        hotel_name: 'Hotel Farol da Barra',
        city_id: ids.city,
        rooms: [
          {
            id: 'room-1',
            adult_number: 2,
            child_number: 0,
            infant_number: 0,
            value: HOTEL_CENTS,
            number_room: 1,
            room_type_id: ids.roomType,
          },
        ],
      },
    }),
  );
  const transfer = await ok<Service>(
    await call('POST', '/api/services', {
      proposal_id: budget.proposalId,
      type: 'transfer',
      title: 'Traslado aeroporto – hotel',
      start_date: '2027-09-01',
      currency: 'BRL',
      adult_number: 2,
      child_number: 0,
      infant_number: 0,
      total_cents: TRANSFER_CENTS,
      details: { from_place: 'Aeroporto de Salvador', to_place: 'Hotel Farol da Barra' },
    }),
  );
  await ok(await call('PATCH', `/api/budgets/${budget.id}`, { status: 'sent' }));
  const tree = await ok<{ landing_page_id: string }>(await call('GET', `/api/budgets/${budget.id}`));
  return { id: budget.id, proposalId: budget.proposalId, landingId: tree.landing_page_id, hotel: hotel.id, transfer: transfer.id };
}

beforeAll(async () => {
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  tokens.root = await t.tokenFor(DEMO.users.superAdmin);
  ids.city = await anyRow(t, 'city_params');
  ids.roomType = await anyRow(t, 'hotel_type_room_params');
  ids.colab = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador } })).id;
  // The USD quote the sold budget's ticket needs (Agência Demo's plan works with the system's, typed by the super admin).
  const quotes = await ok<{ items: { id: number; currency: string }[] }>(
    await call('GET', '/api/currency_quotes_params?per_page=50', undefined, tokens.root),
  );
  const usd = quotes.items.find((q) => q.currency === 'USD')?.id ?? 0;
  await ok(await call('PUT', `/api/currency_quotes_params/${usd}`, { rate: 5 }, tokens.root));
});

describe('a cancellation the customer can follow', () => {
  it('the landing page and the PDF list the canceled hotel with its retained value; the lines add up to the total', async () => {
    const b = await hotelBudget();
    const before = await landing(b.landingId);
    expect(before.proposals[0]?.totals?.sale_cents).toBe(HOTEL_CENTS + TRANSFER_CENTS);
    expect(before.proposals[0]?.canceled_services).toEqual([]);

    await ok(await refund(b.hotel));
    const page = await landing(b.landingId);
    const proposal = page.proposals[0];
    expect(proposal?.services.map((s) => s.title)).toEqual(['Traslado aeroporto – hotel']);
    expect(proposal?.canceled_services).toEqual([
      {
        id: b.hotel,
        type_label: 'Hospedagem',
        title: 'Hotel Farol da Barra',
        start_date: '2027-09-01',
        end_date: '2027-09-08',
        original_cents: HOTEL_CENTS,
        returned_cents: REFUND.refund_cents,
        retained_cents: RETAINED_CENTS,
      },
    ]);
    // Every line the customer sees, active and canceled, adds up to the proposal's total.
    const lines = [
      ...(proposal?.services ?? []).map((s) => s.sale_cents ?? 0),
      ...(proposal?.canceled_services ?? []).map((s) => s.retained_cents ?? 0),
    ];
    expect(proposal?.totals?.sale_cents).toBe(TRANSFER_CENTS + RETAINED_CENTS);
    expect(lines.reduce((a, c) => a + c, 0)).toBe(proposal?.totals?.sale_cents);
    // The supplier's penalty and the agency's reason stay internal.
    expect(JSON.stringify(page)).not.toContain(REFUND.reason);
    expect(JSON.stringify(page)).not.toMatch(/penalty|150000/);

    const text = await pdfText(b.landingId);
    expect(text).toContain('Total: R$ 3.320,00');
    expect(text).toContain('Serviços cancelados');
    expect(text).toContain('Hospedagem: Hotel Farol da Barra');
    expect(text).toContain('Cancelado — valor retido R$ 2.320,00');
    expect(text).toMatch(/Valor original\s*R\$ 2\.900,00\s*· reembolso de R\$ 580,00/);
    expect(text).not.toContain(REFUND.reason);
    expect(text).not.toContain('R$ 1.500,00');

    // Values hidden: the canceled line stays, without amounts.
    await ok(await call('PUT', `/api/budgets/${b.id}/show_values`, { show_values: false }));
    const hidden = await landing(b.landingId);
    expect(hidden.proposals[0]?.canceled_services).toMatchObject([
      { id: b.hotel, original_cents: null, returned_cents: null, retained_cents: null },
    ]);
    const hiddenText = await pdfText(b.landingId);
    expect(hiddenText).toContain('Hospedagem: Hotel Farol da Barra');
    expect(hiddenText).not.toContain('R$');
  });

  it('a canceled service cannot be canceled again: 409, nothing changes', async () => {
    const b = await hotelBudget();
    await ok(await refund(b.hotel));
    const before = await snapshot();
    const again = await call('POST', '/api/refunds/', { service_id: b.hotel, refund_cents: 1, penalty_cents: 0 });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Este serviço já foi cancelado.']);
    expect(await snapshot()).toBe(before);
  });
});

describe('DELETE /api/refunds/{service_id}', () => {
  it('undoes the cancellation: the service is active again, the totals as before, the page shows it normally; logged', async () => {
    const b = await hotelBudget();
    const untouched = await totalsOf(b.id);
    // The stored row (who sees costs is another matter): its sale and cost come back as they were.
    const storedHotel = () =>
      t.deps.db.service.findUniqueOrThrow({ where: { id: b.hotel }, select: { status: true, saleCents: true, costCents: true } });
    const hotelBefore = await storedHotel();
    await ok(await refund(b.hotel));
    expect((await totalsOf(b.id)).total).toBe(TRANSFER_CENTS + RETAINED_CENTS);
    const canceledAt = (await t.deps.db.refund.findUniqueOrThrow({ where: { serviceId: b.hotel } })).createdAt;

    const restored = await ok<Service>(await undoRefund(b.hotel));
    expect(restored).toMatchObject({ id: b.hotel, status: 'active', refund: null, sale_cents: HOTEL_CENTS });
    expect(await storedHotel()).toEqual(hotelBefore);
    expect(await totalsOf(b.id)).toEqual(untouched);
    expect(await t.deps.db.refund.count({ where: { serviceId: b.hotel } })).toBe(0);
    // Who undid what: the refund as it was and who had registered it.
    const undos = await t.deps.db.refundUndo.findMany({ where: { serviceId: b.hotel } });
    expect(undos).toEqual([
      expect.objectContaining({
        refundCents: REFUND.refund_cents,
        penaltyCents: REFUND.penalty_cents,
        reason: REFUND.reason,
        refundedByUserId: ids.colab,
        refundedAt: canceledAt,
        userId: ids.colab,
      }),
    ]);

    const page = await landing(b.landingId);
    const proposal = page.proposals[0];
    expect(proposal?.canceled_services).toEqual([]);
    expect(proposal?.services.find((s) => s.id === b.hotel)).toMatchObject({ title: 'Hotel Farol da Barra', sale_cents: HOTEL_CENTS });
    expect(proposal?.totals?.sale_cents).toBe(HOTEL_CENTS + TRANSFER_CENTS);
    expect(await pdfText(b.landingId)).not.toContain('Serviços cancelados');

    // Canceled again after the undo, and undone over tRPC: the same procedure.
    await ok(await refund(b.hotel));
    const trpc = await call('POST', '/trpc/services.undoRefund', { service_id: b.hotel });
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data).toMatchObject({ status: 'active', refund: null });
    expect(await totalsOf(b.id)).toEqual(untouched);
    expect(await t.deps.db.refundUndo.count({ where: { serviceId: b.hotel } })).toBe(2);
  });

  it('refuses a service that is not canceled (409), a missing one and another agency’s (404); nothing changes', async () => {
    const b = await hotelBudget();
    const before = await snapshot();
    const active = await undoRefund(b.transfer);
    expect([active.statusCode, active.json().message]).toEqual([409, SERVICE_MESSAGES.notCanceled]);
    expect(await snapshot()).toBe(before);

    await ok(await refund(b.hotel));
    const canceled = await snapshot();
    expect((await undoRefund(2_147_483_646)).statusCode).toBe(404);
    const foreign = await undoRefund(b.hotel, tokens.outra);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Hotel Farol da Barra');
    expect(await snapshot()).toBe(canceled);
  });

  it('on a sold budget: a refund the sale saw stays (409 sold-frozen), one registered after the sale may be undone', async () => {
    const b = await sellableBudget(t, tokens.colab, { supplierId: null });
    // Canceled before the sale: the sale froze the proposal with it.
    await ok(await call('POST', '/api/refunds/', { service_id: b.services.tour, refund_cents: 20_000, penalty_cents: 10_000 }));
    await ok(await call('PUT', `/api/budgets/sell/${b.id}`, { proposal_id: b.proposalId }));
    const sold = await ok<SoldInfo>(await call('GET', `/api/budgets/${b.id}/sold-info`));
    const before = await snapshot();
    const frozen = await undoRefund(b.services.tour);
    expect([frozen.statusCode, frozen.json().message]).toEqual([409, SALE_MESSAGES.soldFrozen]);
    expect(await snapshot()).toBe(before);

    // Canceled after the sale: the sale never saw it, so it may be undone; the sale keeps its values.
    const live = await totalsOf(b.id);
    await ok(await call('POST', '/api/refunds/', { service_id: b.services.usd, refund_cents: 1_000, penalty_cents: 0 }));
    const restored = await ok<Service>(await undoRefund(b.services.usd));
    expect(restored).toMatchObject({ status: 'active', refund: null });
    expect(await totalsOf(b.id)).toEqual(live);
    expect((await ok<SoldInfo>(await call('GET', `/api/budgets/${b.id}/sold-info`))).sale).toEqual(sold.sale);
  });
});
