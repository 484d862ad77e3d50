// A budget of two proposals made through the API for the total-value and timeline journeys, in an
// agency of its own (so its payment methods, suppliers and service defaults are only the test's):
// proposal "Opção Lisboa" (a flight of two segments, a hotel of one room, a tour in US dollars) and
// "Opção Porto" (a car from a supplier, an insurance without a date), for 2 adults and 1 child.
import { type APIRequestContext, expect } from '@playwright/test';
import { apiToken } from './app';
import { type Agency, createAgency } from './billing';
import { apiCreateAttendance, apiCreateClient, uniqueName, validCpf } from './crm';
import { setExchangeRates } from './exchange-rate-server';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The dollar the tour is converted with: the same rate financial.spec.ts sets, so a parallel run changes nothing. */
export const USD_RATE = '5.4321';

async function call<T>(request: APIRequestContext, token: string, method: 'get' | 'post' | 'patch' | 'put', path: string, data?: unknown) {
  const res = await request[method](path, { headers: auth(token), ...(data === undefined ? {} : { data }) });
  expect(res.ok(), `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

/** The id of a system reference row found by its code (an airport's IATA, a card brand's name). */
async function referenceId(request: APIRequestContext, token: string, list: string, search: string, match: (item: Item) => boolean) {
  const page = await call<{ items: Item[] }>(request, token, 'get', `/api/${list}?search=${encodeURIComponent(search)}&autocomplete=true`);
  const item = page.items.find(match);
  expect(item, `${list} "${search}"`).toBeTruthy();
  return (item as Item).id;
}
type Item = { id: number; name: string; code: string | null };

export type SeededBudget = {
  agency: Agency;
  token: string;
  budgetId: number;
  lisboa: { id: number; air: number; hotel: number; tour: number };
  porto: { id: number; car: number; insurance: number };
  supplierName: string;
};

type Tree = { id: number; proposals: { id: number }[] };

export async function seedBudget(request: APIRequestContext): Promise<SeededBudget> {
  const agency = await createAgency(request);
  const token = await apiToken(request, agency.owner.email, agency.owner.password);

  // The system quotes at the known dollar rate (the agency works with them: cambio_sistema).
  await setExchangeRates({ USD: USD_RATE, EUR: '6.2109' });
  await call(request, token, 'patch', '/api/currency_quotes_params/update_quotes', {});

  const visa = await referenceId(request, token, 'card_flag_params', 'visa', (i) => /visa/i.test(i.name));
  await call(request, token, 'post', '/api/payment_method_params', {
    kind: 'pix',
    name: 'Pix',
    pix_key_type: 'email',
    pix_key: 'financeiro@agencia-e2e.test',
  });
  await call(request, token, 'post', '/api/payment_method_params', {
    kind: 'credit_card',
    name: 'Cartão em 10x',
    card_brand_ids: [visa],
    max_installments: 10,
    installment_interest: [0, 0, 0, 199, 199, 199, 199, 199, 199, 199],
  });

  const supplierName = uniqueName('Locadora Porto');
  const supplier = await call<{ id: number }>(request, token, 'post', '/api/suppliers', {
    kind: 'person',
    name: supplierName,
    cpf: validCpf(),
    service_types: ['car_rental'],
    commission_basis_points: 500,
  });

  const client = await apiCreateClient(request, token, { name: uniqueName('Cliente Orçamento') });
  const attendance = await apiCreateAttendance(request, token, {
    client_id: client.id,
    title: 'Férias em Portugal',
    destination: 'Portugal',
  });
  const budget = await call<Tree>(request, token, 'post', '/api/budgets/', {
    attendance_id: attendance.id,
    title: 'Férias em Portugal',
    currency: 'BRL',
    paxes: [
      { name: 'Ana Viajante', age_group: 'adult' },
      { name: 'Bruno Viajante', age_group: 'adult' },
      { name: 'Clara Viajante', age_group: 'child' },
    ],
  });
  const lisboaId = budget.proposals[0]?.id as number;
  await call(request, token, 'patch', `/api/proposals/${lisboaId}`, { title: 'Opção Lisboa' });
  const porto = await call<{ id: number }>(request, token, 'post', '/api/proposals/', { budget_id: budget.id, title: 'Opção Porto' });

  const gru = await referenceId(request, token, 'air_airport_params', 'GRU', (i) => i.code === 'GRU');
  const lis = await referenceId(request, token, 'air_airport_params', 'LIS', (i) => i.code === 'LIS');
  const family = { adult_number: 2, child_number: 1, infant_number: 0 };
  const service = (proposal_id: number, fields: Record<string, unknown>) =>
    call<{ id: number; quote_rate: number }>(request, token, 'post', '/api/services', {
      proposal_id,
      currency: 'BRL',
      ...family,
      ...fields,
    });

  const air = await service(lisboaId, {
    type: 'air',
    title: 'Voo São Paulo–Lisboa',
    start_date: '2027-01-12',
    end_date: '2027-01-20',
    adult_cents: 250_000,
    child_cents: 187_500,
    taxes_cents: 30_000,
    fee_cents: 10_000,
    commission_basis_points: 1000,
    details: {
      segments: [
        {
          origin_airport_id: gru,
          destination_airport_id: lis,
          flight_number: 'TP 88',
          departure_date: '2027-01-12',
          departure_time: '22:10',
          arrival_date: '2027-01-13',
          arrival_time: '10:05',
        },
        {
          origin_airport_id: lis,
          destination_airport_id: gru,
          flight_number: 'TP 87',
          departure_date: '2027-01-20',
          departure_time: '11:00',
          arrival_date: '2027-01-20',
          arrival_time: '18:30',
        },
      ],
    },
  });
  const hotel = await service(lisboaId, {
    type: 'accommodation',
    title: 'Hotel Avenida Palace',
    start_date: '2027-01-13',
    end_date: '2027-01-20',
    commission_basis_points: 1200,
    details: {
      hotel_name: 'Hotel Avenida Palace',
      check_in_time: '14:00',
      check_out_time: '12:00',
      rooms: [{ id: 'room-1', adult_number: 2, child_number: 1, infant_number: 0, value: 420_000, number_room: 1 }],
    },
  });
  const tour = await service(lisboaId, {
    type: 'tour',
    title: 'Passeio por Sintra',
    currency: 'USD',
    start_date: '2027-01-15',
    start_time: '09:00',
    adult_cents: 5_000,
    child_cents: 2_500,
    details: { place: 'Sintra' },
  });
  expect(tour.quote_rate, 'the dollar the tour stored').toBe(Number(USD_RATE));
  const car = await service(porto.id, {
    type: 'car_rental',
    title: 'Carro no Porto',
    supplier_id: supplier.id,
    start_date: '2027-02-03',
    start_time: '10:00',
    end_date: '2027-02-06',
    end_time: '10:00',
    total_cents: 90_000,
    commission_basis_points: 500,
    details: { pickup_place: 'Aeroporto do Porto', dropoff_place: 'Aeroporto do Porto' },
  });
  const insurance = await service(porto.id, {
    type: 'insurance',
    title: 'Seguro viagem Europa',
    adult_cents: 15_000,
    child_cents: 15_000,
    fee_cents: 5_000,
    commission_basis_points: 2000,
    details: { plan_name: 'Europa 60 mil' },
  });

  return {
    agency,
    token,
    budgetId: budget.id,
    lisboa: { id: lisboaId, air: air.id, hotel: hotel.id, tour: tour.id },
    porto: { id: porto.id, car: car.id, insurance: insurance.id },
    supplierName,
  };
}
