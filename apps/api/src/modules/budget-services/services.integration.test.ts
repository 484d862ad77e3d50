// /api/services, /api/type_services and /api/refunds/ through HTTP: every type with its details,
// prices and totals checked against sums done by hand, quotes, the rows a service may point at,
// refunds, and another agency's rows.
import { AGENT_RATE_MESSAGES, BUDGET_SERVICE_TYPES, type Service } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyRow, type NewBudget, newBudget, systemRow } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const ids = { gru: 0, lis: 0, tap: 0, economy: 0, luggage: 0, diet: 0, roomType: 0, roomCategory: 0, city: 0 };

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.gru = await systemRow(t, 'air_airport_params', { code: 'GRU' });
  ids.lis = await systemRow(t, 'air_airport_params', { code: 'LIS' });
  ids.tap = await systemRow(t, 'air_cias_params', { code: 'TP' });
  ids.economy = await systemRow(t, 'air_class_params', { code: 'Y' });
  ids.luggage = await anyRow(t, 'air_type_luggage_params');
  ids.diet = await systemRow(t, 'hotel_diet_params', { code: 'BB' });
  ids.roomType = await anyRow(t, 'hotel_type_room_params');
  ids.roomCategory = await anyRow(t, 'hotel_category_room_params');
  ids.city = await anyRow(t, 'city_params');
});

const create = (body: Record<string, unknown>, token = tokens.colab) => t.call('POST', '/api/services', { token, body });
const update = (id: number, body: Record<string, unknown>, token = tokens.colab) => t.call('PUT', `/api/services/${id}`, { token, body });
const refund = (body: Record<string, unknown>, token = tokens.colab) => t.call('POST', '/api/refunds/', { token, body });

async function created(body: Record<string, unknown>): Promise<Service> {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The stored totals of a budget and its proposals. */
async function totalsOf(budgetId: number) {
  const budget = await t.deps.db.budget.findUniqueOrThrow({
    where: { id: budgetId },
    select: { totalCents: true, proposals: { select: { id: true, saleCents: true, costCents: true }, orderBy: { position: 'asc' } } },
  });
  return { total: budget.totalCents, proposals: budget.proposals.map((p) => ({ id: p.id, sale: p.saleCents, cost: p.costCents })) };
}

/** Everything a refused write could have touched. */
async function snapshot() {
  const db = t.deps.db;
  return JSON.stringify({
    services: await db.service.findMany({ orderBy: { id: 'asc' } }),
    proposals: await db.proposal.findMany({ orderBy: { id: 'asc' } }),
    budgets: await db.budget.findMany({ orderBy: { id: 'asc' }, select: { id: true, totalCents: true } }),
    refunds: await db.refund.findMany({ orderBy: { id: 'asc' } }),
  });
}

const airFields = () => ({
  type: 'air',
  title: 'São Paulo – Lisboa',
  start_date: '2027-03-10',
  end_date: '2027-03-20',
  adult_number: 2,
  child_number: 1,
  infant_number: 1,
  currency: 'BRL',
  adult_cents: 150_000,
  child_cents: 120_000,
  infant_cents: 15_000,
  taxes_cents: 30_000,
  fee_cents: 10_000,
  commission_basis_points: 1000,
  details: {
    segments: [
      {
        origin_airport_id: ids.gru,
        destination_airport_id: ids.lis,
        airline_id: ids.tap,
        flight_number: 'TP 88',
        departure_date: '2027-03-10',
        departure_time: '22:05',
        arrival_date: '2027-03-11',
        arrival_time: '11:40',
        class_id: ids.economy,
        luggage_id: ids.luggage,
      },
      { origin_airport_id: ids.lis, destination_airport_id: ids.gru, airline_id: ids.tap, departure_date: '2027-03-20' },
    ],
  },
});
// fare = 2 × 1.500,00 + 1 × 1.200,00 + 1 × 150,00 = 4.350,00; commission 10 % = 435,00.
// sale = 4.350,00 + 300,00 taxes + 100,00 fee = 4.750,00; cost = 4.350,00 + 300,00 − 435,00 = 4.215,00.
const AIR = { sale: 475_000, cost: 421_500 };

const hotelFields = () => ({
  type: 'accommodation',
  title: 'Hotel em Lisboa',
  start_date: '2027-03-11',
  end_date: '2027-03-20',
  // Sent as 1 adult: a hotel's travellers are its rooms'.
  adult_number: 1,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  fee_cents: 5_000,
  commission_basis_points: 1500,
  details: {
    hotel_name: '  Hotel Avenida  ',
    city_id: ids.city,
    diet_id: ids.diet,
    check_in_time: '15:00',
    rooms: [
      { id: 'room-1', adult_number: 2, child_number: 1, infant_number: 0, value: 200_000, number_room: 1, room_type_id: ids.roomType },
      {
        id: 'room-2',
        adult_number: 2,
        child_number: 0,
        infant_number: 0,
        value: 180_000,
        number_room: 2,
        room_category_id: ids.roomCategory,
      },
    ],
  },
});
// Rooms: 2 adults + 1 child in one, 2 adults in each of two more: 6 adults, 1 child.
// fare = 2.000,00 + 2 × 1.800,00 = 5.600,00; commission 15 % = 840,00.
// sale = 5.600,00 + 50,00 fee = 5.650,00; cost = 5.600,00 − 840,00 = 4.760,00.
const HOTEL = { sale: 565_000, cost: 476_000 };

describe('POST /api/services', () => {
  let budget: NewBudget;
  beforeAll(async () => {
    budget = await newBudget(t, tokens.colab);
  });

  it('creates a flight of two segments priced per passenger; its proposal and budget totals follow', async () => {
    const service = await created({ proposal_id: budget.proposalId, ...airFields() });
    expect(service).toMatchObject({
      budget_id: budget.id,
      proposal_id: budget.proposalId,
      type: 'air',
      supplier: null,
      adult_number: 2,
      child_number: 1,
      infant_number: 1,
      currency: 'BRL',
      quote_rate: 1,
      quote_history_id: null,
      status: 'active',
      position: 0,
      sale_cents: AIR.sale,
      cost_cents: AIR.cost,
      refund: null,
    });
    expect(service.details).toEqual({
      segments: [
        { ...airFields().details.segments[0] },
        { origin_airport_id: ids.lis, destination_airport_id: ids.gru, airline_id: ids.tap, departure_date: '2027-03-20' },
      ],
    });
    expect((await t.call('GET', `/api/services/${service.id}`, { token: tokens.owner })).json()).toEqual(service);
    expect(await totalsOf(budget.id)).toEqual({ total: AIR.sale, proposals: [{ id: budget.proposalId, ...AIR }] });
  });

  it('creates a hotel of two rooms: head counts from the rooms, priced per room, details trimmed', async () => {
    const service = await created({ proposal_id: budget.proposalId, ...hotelFields() });
    expect(service).toMatchObject({
      adult_number: 6,
      child_number: 1,
      infant_number: 0,
      position: 1,
      sale_cents: HOTEL.sale,
      cost_cents: HOTEL.cost,
    });
    expect(service.details).toMatchObject({ hotel_name: 'Hotel Avenida', rooms: hotelFields().details.rooms });
    expect(await totalsOf(budget.id)).toEqual({
      total: AIR.sale + HOTEL.sale,
      proposals: [{ id: budget.proposalId, sale: AIR.sale + HOTEL.sale, cost: AIR.cost + HOTEL.cost }],
    });
  });

  it('taxes per passenger count everyone carried, in the sale and the cost; the basis is kept', async () => {
    const other = await newBudget(t, tokens.colab);
    // The flight's R$ 300,00 are now each of its 4 travellers': R$ 1.200,00, R$ 900,00 more than once.
    const service = await created({ proposal_id: other.proposalId, ...airFields(), taxes_basis: 'passenger' });
    expect(service).toMatchObject({
      taxes_cents: 30_000,
      taxes_basis: 'passenger',
      sale_cents: AIR.sale + 90_000,
      cost_cents: AIR.cost + 90_000,
    });
    expect(await totalsOf(other.id)).toEqual({
      total: AIR.sale + 90_000,
      proposals: [{ id: other.proposalId, sale: AIR.sale + 90_000, cost: AIR.cost + 90_000 }],
    });
    const bad = await t.call('POST', '/api/services', {
      token: tokens.colab,
      body: { proposal_id: other.proposalId, ...airFields(), taxes_basis: 'pessoa' },
    });
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([400, ['taxes_basis']]);
  });

  it('creates every other type with its own details', async () => {
    const cruiseCia = await anyRow(t, 'cruise_cia_params');
    const port = await anyRow(t, 'cruise_port_params');
    const rental = await anyRow(t, 'vehicle_rental_params');
    const category = await anyRow(t, 'vehicle_category_params');
    const base = { proposal_id: budget.proposalId, adult_number: 2, child_number: 0, infant_number: 0, currency: 'BRL' };
    const cases: Record<string, Record<string, unknown>> = {
      cruise: {
        adult_cents: 400_000,
        details: { cruise_company_id: cruiseCia, embark_port_id: port, disembark_port_id: port, itinerary: 'Santos, Búzios, Santos' },
      },
      car_rental: {
        total_cents: 90_000,
        details: { rental_company_id: rental, vehicle_category_id: category, pickup_place: 'Aeroporto de Lisboa' },
      },
      transfer: { total_cents: 30_000, details: { from_place: 'Aeroporto', to_place: 'Hotel Avenida' } },
      insurance: { adult_cents: 12_000, details: { plan_name: 'Europa 60 mil euros', coverage: 'Médico e bagagem' } },
      tour: { adult_cents: 8_000, details: { place: 'Sintra', meeting_point: 'Rossio', includes: 'Guia e ingressos' } },
      other: { total_cents: 5_000, details: {} },
    };
    const expectedSale: Record<string, number> = {
      cruise: 800_000,
      car_rental: 90_000,
      transfer: 30_000,
      insurance: 24_000,
      tour: 16_000,
      other: 5_000,
    };
    for (const [type, fields] of Object.entries(cases)) {
      const service = await created({ ...base, type, title: `Serviço ${type}`, ...fields });
      expect(service.type).toBe(type);
      expect(service.sale_cents, type).toBe(expectedSale[type]);
      // A transfer is shared unless said private (the schema's default is stored).
      expect(service.details, type).toEqual(type === 'transfer' ? { ...(fields.details as object), private: false } : fields.details);
    }
    expect(new Set([...Object.keys(cases), 'air', 'accommodation'])).toEqual(new Set(BUDGET_SERVICE_TYPES));
  });

  it('refuses negative money, details of the wrong shape and nobody travelling, with field errors, changing nothing', async () => {
    const before = await snapshot();
    const negative = await create({ proposal_id: budget.proposalId, ...airFields(), adult_cents: -1, fee_cents: -500 });
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json().errors).sort()).toEqual(['adult_cents', 'fee_cents']);
    const badRoom = hotelFields();
    badRoom.details.rooms[1] = { ...badRoom.details.rooms[1], value: -10 } as (typeof badRoom.details.rooms)[1];
    const negativeRoom = await create({ proposal_id: budget.proposalId, ...badRoom });
    expect(negativeRoom.statusCode).toBe(400);
    expect(Object.keys(negativeRoom.json().errors)).toEqual(['details.rooms.1.value']);
    const noSegments = await create({ proposal_id: budget.proposalId, ...airFields(), details: { segments: [] } });
    expect(Object.keys(noSegments.json().errors)).toEqual(['details.segments']);
    const hotelDetailsOnAir = await create({ proposal_id: budget.proposalId, ...airFields(), details: hotelFields().details });
    expect(hotelDetailsOnAir.statusCode).toBe(400);
    expect(hotelDetailsOnAir.json().errors).toHaveProperty('details.segments');
    const nobody = await create({ proposal_id: budget.proposalId, ...airFields(), adult_number: 0, child_number: 0, infant_number: 0 });
    expect(nobody.json().errors).toEqual({ adult_number: ['informe ao menos um passageiro'] });
    const datesBackwards = await create({ proposal_id: budget.proposalId, ...airFields(), end_date: '2027-03-01' });
    expect(datesBackwards.json().errors).toEqual({ end_date: ['deve ser igual ou posterior à data de início'] });
    expect(await snapshot()).toBe(before);
  });

  it('refuses reference rows of the wrong list, of another agency or missing, on their details path', async () => {
    const outraCompany = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.outra } });
    const theirAirline = await t.deps.db.referenceItem.create({
      data: { list: 'air_cias_params', companyId: outraCompany.id, name: 'Aérea da Outra' },
    });
    const before = await snapshot();
    const fields = airFields();
    fields.details.segments[0] = { ...fields.details.segments[0], airline_id: ids.gru } as (typeof fields.details.segments)[0];
    fields.details.segments[1] = {
      ...fields.details.segments[1],
      airline_id: theirAirline.id,
      destination_airport_id: 999_999_999,
    } as never;
    const res = await create({ proposal_id: budget.proposalId, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'details.segments.0.airline_id': ['não foi encontrado'],
      'details.segments.1.airline_id': ['não foi encontrado'],
      'details.segments.1.destination_airport_id': ['não foi encontrado'],
    });
    // The agency's own row of the list is fine.
    const demoCompany = await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo } });
    const ourDiet = await t.deps.db.referenceItem.create({
      data: { list: 'hotel_diet_params', companyId: demoCompany.id, name: 'Regime da casa' },
    });
    const theirHotel = await t.deps.db.favoriteHotel.create({ data: { companyId: outraCompany.id, name: 'Hotel da Outra' } });
    const hotel = hotelFields();
    const refused = await create({
      proposal_id: budget.proposalId,
      ...hotel,
      details: { ...hotel.details, diet_id: ourDiet.id, favorite_hotel_id: theirHotel.id },
    });
    expect(refused.json().errors).toEqual({ 'details.favorite_hotel_id': ['não foi encontrado'] });
    expect(await snapshot()).toBe(before);
    const ourHotel = await t.deps.db.favoriteHotel.create({ data: { companyId: demoCompany.id, name: 'Hotel Avenida' } });
    const ok = await create({
      proposal_id: budget.proposalId,
      ...hotel,
      details: { ...hotel.details, diet_id: ourDiet.id, favorite_hotel_id: ourHotel.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await t.call('DELETE', `/api/services/${ok.json().id}`, { token: tokens.colab });
  });

  it("takes only an active supplier of the agency: another agency's or an inactive one is a 400 on supplier_id", async () => {
    const ours = await t.call('POST', '/api/suppliers', {
      token: tokens.owner,
      body: { kind: 'organization', name: 'Lisboa Receptivo', service_types: ['accommodation'] },
    });
    const inactive = await t.call('POST', '/api/suppliers', {
      token: tokens.owner,
      body: { kind: 'organization', name: 'Fornecedor Parado', service_types: ['air'], is_active: false },
    });
    const theirs = await t.call('POST', '/api/suppliers', {
      token: tokens.outra,
      body: { kind: 'organization', name: 'Fornecedor da Outra', service_types: ['air'] },
    });
    const before = await snapshot();
    for (const supplier of [theirs, inactive]) {
      const res = await create({ proposal_id: budget.proposalId, ...hotelFields(), supplier_id: supplier.json().id });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['supplier_id']);
    }
    expect(await snapshot()).toBe(before);
    const service = await created({ proposal_id: budget.proposalId, ...hotelFields(), supplier_id: ours.json().id });
    expect(service.supplier).toEqual({ id: ours.json().id, name: 'Lisboa Receptivo' });
    await t.call('DELETE', `/api/services/${service.id}`, { token: tokens.colab });
  });

  it("refuses a proposal of another agency on proposal_id; another agency's service is a 404", async () => {
    const theirs = await newBudget(t, tokens.outra);
    const before = await snapshot();
    const res = await create({ proposal_id: theirs.proposalId, ...airFields() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ proposal_id: ['não foi encontrado'] });
    const [service] = await t.deps.db.service.findMany({ where: { budgetId: budget.id }, take: 1 });
    const id = service?.id as number;
    expect((await t.call('GET', `/api/services/${id}`, { token: tokens.outra })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/services/service-central/${id}`, { token: tokens.outra })).statusCode).toBe(404);
    expect((await update(id, { proposal_id: theirs.proposalId, ...airFields() }, tokens.outra)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/services/${id}`, { token: tokens.outra })).statusCode).toBe(404);
    expect((await t.call('POST', '/api/services/duplicate', { token: tokens.outra, body: { id } })).statusCode).toBe(404);
    expect((await refund({ service_id: id, refund_cents: 0, penalty_cents: 0 }, tokens.outra)).statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });
});

describe('quotes', () => {
  it('a currency without a quote is refused on quote_rate; with one, the rate and its history are stored and convert the totals', async () => {
    const budget = await newBudget(t, tokens.colab);
    const usdCar = {
      proposal_id: budget.proposalId,
      type: 'car_rental',
      title: 'Carro em Orlando',
      adult_number: 2,
      child_number: 0,
      infant_number: 0,
      currency: 'USD',
      total_cents: 12_345,
      commission_basis_points: 1000,
      details: { pickup_place: 'Aeroporto de Orlando' },
    };
    const before = await snapshot();
    const missing = await create(usdCar);
    expect(missing.statusCode).toBe(400);
    // The agent is asked for the rate (câmbio do serviço), not sent to a screen it cannot change.
    expect(missing.json().errors).toEqual({ quote_rate: [AGENT_RATE_MESSAGES.missing('USD')] });
    expect(await snapshot()).toBe(before);

    // The system quotes of the day (the agency's plan has cambio_sistema): USD 5,3412.
    expect((await t.call('PATCH', '/api/currency_quotes_params/update_quotes', { token: tokens.colab, body: {} })).statusCode).toBe(200);
    const history = await t.deps.db.currencyQuoteHistory.findFirstOrThrow({
      where: { currencyQuote: { currency: 'USD', companyId: null } },
      orderBy: { id: 'desc' },
    });
    const service = await created(usdCar);
    // Sale: US$ 123,45 × 5,3412 = R$ 659,37114 → 659,37. Commission: 10 % of 123,45 = 12,345 → 12,35 (half
    // away from zero); cost US$ 111,10 × 5,3412 = R$ 593,40732 → 593,41.
    expect(service).toMatchObject({
      currency: 'USD',
      quote_rate: 5.3412,
      quote_history_id: history.id,
      sale_cents: 65_937,
      cost_cents: 59_341,
    });
    expect(await totalsOf(budget.id)).toEqual({ total: 65_937, proposals: [{ id: budget.proposalId, sale: 65_937, cost: 59_341 }] });
  });
});

describe('PUT /api/services/{id}', () => {
  it('replaces every field, moves the service to another proposal of its budget at a position; both proposals total again', async () => {
    const budget = await newBudget(t, tokens.colab);
    const second = (
      await t.call('POST', '/api/proposals/', { token: tokens.colab, body: { budget_id: budget.id, title: 'Opção 2' } })
    ).json();
    const air = await created({ proposal_id: budget.proposalId, ...airFields() });
    const hotel = await created({ proposal_id: budget.proposalId, ...hotelFields() });
    const other = await created({
      proposal_id: second.id,
      type: 'other',
      title: 'Chip de celular',
      adult_number: 1,
      child_number: 0,
      infant_number: 0,
      currency: 'BRL',
      total_cents: 10_000,
      details: {},
    });
    expect(await totalsOf(budget.id)).toEqual({
      total: 10_000,
      proposals: [
        { id: budget.proposalId, sale: AIR.sale + HOTEL.sale, cost: AIR.cost + HOTEL.cost },
        { id: second.id, sale: 10_000, cost: 10_000 },
      ],
    });
    // The flight moves to the second proposal, first there, one adult fewer.
    const res = await update(air.id, { proposal_id: second.id, position: 0, ...airFields(), adult_number: 1, description: 'Ida e volta' });
    expect(res.statusCode, res.body).toBe(200);
    // fare = 1.500,00 + 1.200,00 + 150,00 = 2.850,00; commission 285,00; sale 3.250,00; cost 2.865,00.
    expect(res.json()).toMatchObject({
      proposal_id: second.id,
      position: 0,
      adult_number: 1,
      description: 'Ida e volta',
      sale_cents: 325_000,
      cost_cents: 286_500,
    });
    const positions = await t.deps.db.service.findMany({
      where: { budgetId: budget.id },
      select: { id: true, proposalId: true, position: true },
      orderBy: { id: 'asc' },
    });
    expect(positions).toEqual([
      { id: air.id, proposalId: second.id, position: 0 },
      { id: hotel.id, proposalId: budget.proposalId, position: 0 },
      { id: other.id, proposalId: second.id, position: 1 },
    ]);
    // The budget's total is its cheapest proposal's.
    expect(await totalsOf(budget.id)).toEqual({
      total: 335_000,
      proposals: [
        { id: budget.proposalId, ...HOTEL },
        { id: second.id, sale: 335_000, cost: 296_500 },
      ],
    });
  });

  it('refuses a proposal of another budget (a service of one budget attached to another), changing nothing', async () => {
    const one = await newBudget(t, tokens.colab);
    const two = await newBudget(t, tokens.colab);
    const service = await created({ proposal_id: one.proposalId, ...airFields() });
    const before = await snapshot();
    const res = await update(service.id, { proposal_id: two.proposalId, ...airFields() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ proposal_id: ['não foi encontrado'] });
    const negative = await update(service.id, { proposal_id: one.proposalId, ...airFields(), taxes_cents: -1 });
    expect(negative.json().errors).toHaveProperty('taxes_cents');
    expect(await snapshot()).toBe(before);
    expect((await update(999_999_999, { proposal_id: one.proposalId, ...airFields() })).statusCode).toBe(404);
  });
});

describe('duplicate, delete, service central, refunds', () => {
  let budget: NewBudget;
  let air: Service;
  let hotel: Service;
  beforeAll(async () => {
    budget = await newBudget(t, tokens.colab);
    air = await created({ proposal_id: budget.proposalId, ...airFields() });
    hotel = await created({ proposal_id: budget.proposalId, ...hotelFields() });
  });

  it('duplicates a service right after the original with " (cópia)"; totals count it twice', async () => {
    const res = await t.call('POST', '/api/services/duplicate', { token: tokens.colab, body: { id: air.id } });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json();
    expect(copy).toMatchObject({
      title: 'São Paulo – Lisboa (cópia)',
      position: 1,
      details: air.details,
      sale_cents: AIR.sale,
      status: 'active',
    });
    expect((await t.call('GET', `/api/services/${hotel.id}`, { token: tokens.colab })).json().position).toBe(2);
    expect((await totalsOf(budget.id)).total).toBe(2 * AIR.sale + HOTEL.sale);
    const deleted = await t.call('DELETE', `/api/services/${copy.id}`, { token: tokens.colab });
    expect(deleted.json()).toEqual({ id: copy.id, deleted: true });
    expect((await t.call('GET', `/api/services/${copy.id}`, { token: tokens.colab })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/services/${hotel.id}`, { token: tokens.colab })).json().position).toBe(1);
    expect((await totalsOf(budget.id)).total).toBe(AIR.sale + HOTEL.sale);
  });

  it('service central: the service with its budget, proposal and the names of every list row it cites', async () => {
    const res = await t.call('GET', `/api/services/service-central/${air.id}`, { token: tokens.owner });
    expect(res.statusCode, res.body).toBe(200);
    const central = res.json();
    expect(central).toMatchObject({
      id: air.id,
      budget: { id: budget.id, status: 'draft', currency: 'BRL' },
      proposal: { id: budget.proposalId, title: 'Proposta 1' },
    });
    expect(Object.keys(central.references).sort()).toEqual([
      'details.segments.0.airline_id',
      'details.segments.0.class_id',
      'details.segments.0.destination_airport_id',
      'details.segments.0.luggage_id',
      'details.segments.0.origin_airport_id',
      'details.segments.1.airline_id',
      'details.segments.1.destination_airport_id',
      'details.segments.1.origin_airport_id',
    ]);
    expect(central.references['details.segments.0.origin_airport_id']).toEqual({
      id: ids.gru,
      name: 'Aeroporto de Guarulhos',
      code: 'GRU',
    });
    expect(central.references['details.segments.1.airline_id']).toMatchObject({ id: ids.tap, code: 'TP' });
  });

  it('a refund above the sale is refused; a refund cancels the service: sale − refund, cost = penalty; once only', async () => {
    const before = await snapshot();
    const tooMuch = await refund({ service_id: air.id, refund_cents: AIR.sale + 1, penalty_cents: 0 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors).toEqual({ refund_cents: ['não pode ser maior que o valor de venda do serviço'] });
    const negative = await refund({ service_id: air.id, refund_cents: 100, penalty_cents: -1 });
    expect(Object.keys(negative.json().errors)).toEqual(['penalty_cents']);
    expect(await snapshot()).toBe(before);

    const res = await refund({ service_id: air.id, refund_cents: 400_000, penalty_cents: 50_000, reason: 'Voo cancelado pela companhia' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'canceled',
      sale_cents: 75_000,
      cost_cents: 50_000,
      refund: { refund_cents: 400_000, penalty_cents: 50_000, reason: 'Voo cancelado pela companhia', created_at: expect.any(String) },
    });
    const row = await t.deps.db.refund.findUniqueOrThrow({ where: { serviceId: air.id }, include: { user: true } });
    expect(row.user?.email).toBe(DEMO.users.colaborador);
    expect(await totalsOf(budget.id)).toEqual({
      total: 75_000 + HOTEL.sale,
      proposals: [{ id: budget.proposalId, sale: 75_000 + HOTEL.sale, cost: 50_000 + HOTEL.cost }],
    });

    const afterRefund = await snapshot();
    const again = await refund({ service_id: air.id, refund_cents: 1, penalty_cents: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este serviço já foi cancelado.');
    const edit = await update(air.id, { proposal_id: budget.proposalId, ...airFields() });
    expect(edit.statusCode).toBe(409);
    expect(await snapshot()).toBe(afterRefund);
    expect((await refund({ service_id: 999_999_999, refund_cents: 0, penalty_cents: 0 })).statusCode).toBe(404);
  });
});

describe('GET /api/type_services', () => {
  it('lists every type with its pricing, lists and supplier types, and the agency defaults from its own services', async () => {
    const supplier = await t.call('POST', '/api/suppliers', {
      token: tokens.owner,
      body: { kind: 'organization', name: 'Rede Hoteleira', service_types: ['accommodation'] },
    });
    const budget = await newBudget(t, tokens.colab);
    for (const commission of [1000, 1500]) {
      await created({
        proposal_id: budget.proposalId,
        ...hotelFields(),
        supplier_id: supplier.json().id,
        commission_basis_points: commission,
      });
    }
    const res = await t.call('GET', '/api/type_services', { token: tokens.colab });
    expect(res.statusCode, res.body).toBe(200);
    const types = res.json().types as { type: string; defaults: unknown; lists: unknown[] }[];
    expect(types.map((x) => x.type)).toEqual([...BUDGET_SERVICE_TYPES]);
    const air = types.find((x) => x.type === 'air');
    expect(air).toMatchObject({ label: 'Aéreo', pricing: 'per_pax', supplier_types: ['air'] });
    expect(air?.lists).toContainEqual({ field: 'airline_id', list: 'air_cias_params', label: 'Companhia aérea' });
    const hotels = await t.deps.db.service.findMany({ where: { type: 'accommodation', company: { name: DEMO.companies.demo } } });
    const average = Math.round(hotels.reduce((n, s) => n + s.commissionBasisPoints, 0) / hotels.length);
    expect(types.find((x) => x.type === 'accommodation')).toMatchObject({
      pricing: 'per_room',
      defaults: {
        supplier: { id: supplier.json().id, name: 'Rede Hoteleira' },
        commission_basis_points: average,
        services_count: hotels.length,
      },
    });
    // Another agency's defaults are its own.
    const theirs = (await t.call('GET', '/api/type_services', { token: tokens.outra })).json().types as {
      type: string;
      defaults: { supplier: unknown };
    }[];
    expect(theirs.find((x) => x.type === 'accommodation')?.defaults.supplier).toBeNull();
  });
});
