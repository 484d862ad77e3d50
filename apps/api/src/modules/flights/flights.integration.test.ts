import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FLIGHT_LOOKUP_MESSAGES } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

// The flight-data provider is a local fake speaking AeroDataBox's protocol; its address is only
// known once it listens, so this hook (registered before useTestApp's) fills the app's env.
const KEY = 'chave-de-teste-123';
const env: Record<string, string> = { FLIGHT_API_KEY: KEY, FLIGHT_API_TIMEOUT_MS: '300' };
const calls: { url: string; headers: IncomingHttpHeaders }[] = [];

const movement = (iata: string, name: string, city: string, utc: string, local: string, extra: Record<string, unknown> = {}) => ({
  airport: {
    icao: `SB${iata.slice(0, 2)}`,
    iata,
    name,
    shortName: name,
    municipalityName: city,
    countryCode: 'BR',
    timeZone: 'America/Sao_Paulo',
  },
  scheduledTime: { utc, local },
  quality: ['Basic'],
  ...extra,
});
const flight = (number: string, departure: object, arrival: object, extra: Record<string, unknown> = {}) => ({
  greatCircleDistance: { km: 340 },
  departure,
  arrival,
  lastUpdatedUtc: '2026-03-01 10:00Z',
  number,
  status: 'Expected',
  codeshareStatus: 'IsOperator',
  isCargo: false,
  aircraft: { model: 'Airbus A320' },
  airline: { name: 'LATAM', iata: 'LA', icao: 'LAN' },
  ...extra,
});
const GRU_GIG = flight(
  'LA 3456',
  movement('GRU', 'São Paulo, Guarulhos', 'São Paulo', '2026-03-10 11:05Z', '2026-03-10 08:05-03:00', { terminal: '2', gate: 215 }),
  movement('GIG', 'Rio de Janeiro, Galeão', 'Rio de Janeiro', '2026-03-10 12:10Z', '2026-03-10 09:10-03:00', { terminal: '1' }),
);

/** Answers by the flight of the path: /api/flights/number/{flight}/{date}. */
function answer(flightCode: string): { status?: number; body?: string; delay?: number } {
  const json = (value: unknown) => ({ body: JSON.stringify(value) });
  switch (flightCode) {
    case 'LA3456':
      return json([GRU_GIG]);
    case 'LA8084': // two legs, listed out of order, plus an unrelated one
      return json([
        flight(
          'LA 8084',
          movement('LIM', 'Lima', 'Lima', '2026-03-10 16:00Z', '2026-03-10 11:00-05:00'),
          movement('MEX', 'Mexico City', 'Mexico City', '2026-03-10 22:10Z', '2026-03-10 16:10-06:00'),
        ),
        flight(
          'LA 8084',
          movement('GRU', 'São Paulo, Guarulhos', 'São Paulo', '2026-03-10 09:00Z', '2026-03-10 06:00-03:00'),
          movement('LIM', 'Lima', 'Lima', '2026-03-10 14:30Z', '2026-03-10 09:30-05:00'),
        ),
      ]);
    case 'LA9': // airports an agency list may or may not have
      return json([
        flight(
          'LA 9',
          movement('QZX', 'Aeroporto Próprio', 'Cidade X', '2026-03-10 11:00Z', '2026-03-10 08:00-03:00'),
          movement('QZY', 'Aeroporto Alheio', 'Cidade Y', '2026-03-10 12:00Z', '2026-03-10 09:00-03:00'),
          { airline: null, aircraft: null },
        ),
      ]);
    case 'LA1':
      return { status: 204 };
    case 'LA2':
      return json([]);
    case 'LA3':
      return { body: '' };
    case 'LA4':
      return { delay: 2000, ...json([GRU_GIG]) };
    case 'LA5':
      return { status: 500, body: '{"message":"Internal Server Error"}' };
    case 'LA6':
      return { body: '<html>Bad gateway</html>' };
    case 'LA7':
      return json([{ ...GRU_GIG, departure: { ...GRU_GIG.departure, scheduledTime: { local: 'amanhã cedo' } } }]);
    case 'LA8':
      return json([{ ...GRU_GIG, arrival: { scheduledTime: { local: '2026-03-10 09:10-03:00' } } }]);
    case 'LA10':
      return json({ flights: [GRU_GIG] });
    default:
      return { status: 404, body: '{"message":"Flight not found"}' };
  }
}

let provider: Server;
beforeAll(async () => {
  provider = createServer((req, res) => {
    calls.push({ url: req.url ?? '', headers: req.headers });
    if (req.headers['x-rapidapi-key'] !== KEY) {
      res.statusCode = 401;
      res.end('{"message":"You are not subscribed to this API."}');
      return;
    }
    const code = (req.url ?? '').split('?')[0]?.split('/')[4] ?? '';
    const { status = 200, body, delay = 0 } = answer(decodeURIComponent(code));
    setTimeout(() => {
      res.statusCode = status;
      if (body !== undefined && status !== 204) res.setHeader('content-type', 'application/json');
      res.end(status === 204 ? undefined : body);
    }, delay);
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  env.FLIGHT_API_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/api/`;
});
afterAll(() => {
  provider.closeAllConnections();
  provider.close();
});

const t = useTestApp(env);
const off = useTestApp({ FLIGHT_API_URL: '', FLIGHT_API_KEY: '' });

const lookup = async (body: unknown, token?: string) =>
  t.call('POST', '/api/flight/flight_number', { token: token ?? (await t.tokenFor(DEMO.users.colaborador)), body });

async function airportRow(code: string) {
  return t.deps.db.referenceItem.findFirstOrThrow({
    where: { list: 'air_airport_params', code, companyId: null },
    select: { id: true, name: true },
  });
}

describe('POST /api/flight/flight_number', () => {
  it('answers the flight with its airports and airline matched to the reference lists, the key sent in the header', async () => {
    const [gru, gig, la] = await Promise.all([
      airportRow('GRU'),
      airportRow('GIG'),
      t.deps.db.referenceItem.findFirstOrThrow({
        where: { list: 'air_cias_params', code: 'LA', companyId: null, fields: { path: ['icao_code'], equals: 'LAN' } },
        select: { id: true, name: true },
      }),
    ]);
    calls.length = 0;
    const res = await lookup({ airline: 'LA', flight_number: '3456', date: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      carrier: { id: la.id, code: 'LA', name: la.name },
      flight_number: 'LA3456',
      date: '2026-03-10',
      origin: { id: gru.id, code: 'GRU', name: gru.name, city: 'São Paulo' },
      destination: { id: gig.id, code: 'GIG', name: gig.name, city: 'Rio de Janeiro' },
      stops: [],
      departure: { scheduled_at: '2026-03-10T08:05:00-03:00', terminal: '2', gate: '215' },
      arrival: { scheduled_at: '2026-03-10T09:10:00-03:00', terminal: '1', gate: null },
      aircraft: 'Airbus A320',
      duration_minutes: 65,
    });
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/api/flights/number/LA3456/2026-03-10?dateLocalRole=Departure&withAircraftImage=false&withLocation=false');
    expect(call?.headers['x-rapidapi-key']).toBe(KEY);
    expect(call?.headers['x-rapidapi-host']).toBe(new URL(env.FLIGHT_API_URL as string).host);
  });

  it('takes the number with the airline in front, in any case, and without leading zeros', async () => {
    for (const [flight_number, asked] of [
      ['LA3456', 'LA3456'],
      ['la 3456', 'LA3456'],
      [' LA3456 ', 'LA3456'],
      ['0009', 'LA9'],
      ['LA 009', 'LA9'],
    ]) {
      calls.length = 0;
      const res = await lookup({ airline: 'la', flight_number, date: '2026-03-10' });
      expect(res.statusCode, `${flight_number}: ${res.body}`).toBe(200);
      expect(calls[0]?.url.split('?')[0]).toBe(`/api/flights/number/${asked}/2026-03-10`);
    }
  });

  it('joins the legs flown under the number that day: origin of the first, destination of the last, the stops between', async () => {
    const lim = await airportRow('LIM');
    const res = await lookup({ airline: 'LA', flight_number: 'LA8084', date: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect([body.origin.code, body.stops.map((s: { code: string }) => s.code), body.destination.code]).toEqual(['GRU', ['LIM'], 'MEX']);
    expect(body.stops[0].id).toBe(lim.id);
    expect(body.departure.scheduled_at).toBe('2026-03-10T06:00:00-03:00');
    expect(body.arrival.scheduled_at).toBe('2026-03-10T16:10:00-06:00');
    expect(body.duration_minutes).toBe(790);
  });

  it("matches the agency's own airport rows, never another agency's; an airport no list has comes with id null", async () => {
    const db = t.deps.db;
    const company = async (name: string) => (await db.company.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
    const [demo, outra] = await Promise.all([company(DEMO.companies.demo), company(DEMO.companies.outra)]);
    const own = await db.referenceItem.create({
      data: {
        list: 'air_airport_params',
        companyId: demo,
        name: 'Aeroporto da Demo',
        code: 'QZX',
        uniqueCode: 'QZX',
        fields: { city_name: 'Cidade Demo' },
      },
    });
    await db.referenceItem.create({
      data: { list: 'air_airport_params', companyId: outra, name: 'Aeroporto da Outra', code: 'QZY', uniqueCode: 'QZY', fields: {} },
    });
    const res = await lookup({ airline: 'LA', flight_number: '9', date: '2026-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.origin).toEqual({ id: own.id, code: 'QZX', name: 'Aeroporto da Demo', city: 'Cidade Demo' });
    expect(body.destination).toEqual({ id: null, code: 'QZY', name: 'Aeroporto Alheio', city: 'Cidade Y' });
    // No airline in the answer: the one asked for, matched in the list.
    expect(body.carrier).toMatchObject({ code: 'LA', id: expect.any(Number) });
    expect(body.aircraft).toBeNull();
    expect(body.flight_number).toBe('LA9');
  });

  it('answers 404 with a clear message when the provider knows no such flight (204, an empty list, an empty body, 404)', async () => {
    for (const flight_number of ['1', '2', '3', '77']) {
      const res = await lookup({ airline: 'LA', flight_number, date: '2026-03-10' });
      expect(res.statusCode, `${flight_number}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', message: FLIGHT_LOOKUP_MESSAGES.notFound });
    }
  });

  it('answers 502 with a clear message when the provider is slow, fails or answers something else', async () => {
    const cases = [
      ['4', FLIGHT_LOOKUP_MESSAGES.timeout],
      ['5', FLIGHT_LOOKUP_MESSAGES.failed],
      ['6', FLIGHT_LOOKUP_MESSAGES.badAnswer],
      ['7', FLIGHT_LOOKUP_MESSAGES.badAnswer],
      ['8', FLIGHT_LOOKUP_MESSAGES.badAnswer],
      ['10', FLIGHT_LOOKUP_MESSAGES.badAnswer],
    ] as const;
    const before = await t.deps.db.referenceItem.count();
    for (const [flight_number, message] of cases) {
      const started = Date.now();
      const res = await lookup({ airline: 'LA', flight_number, date: '2026-03-10' });
      expect(res.statusCode, `${flight_number}: ${res.body}`).toBe(502);
      const body = res.json();
      expect(body).toMatchObject({ status: 502, code: 'UPSTREAM', message, request_id: expect.any(String) });
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'request_id', 'status']);
      expect(Date.now() - started).toBeLessThan(1500);
    }
    expect(await t.deps.db.referenceItem.count()).toBe(before);
  });

  it('answers the same through tRPC', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const found = await t.call('POST', '/trpc/flights.lookup', {
      token,
      body: { airline: 'LA', flight_number: '3456', date: '2026-03-10' },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().result.data.origin.code).toBe('GRU');
    const slow = await t.call('POST', '/trpc/flights.lookup', { token, body: { airline: 'LA', flight_number: '4', date: '2026-03-10' } });
    expect(slow.statusCode).toBe(502);
    expect(slow.json().error.data).toMatchObject({ code: 'UPSTREAM', message: FLIGHT_LOOKUP_MESSAGES.timeout });
  });

  it('refuses bad input with 400 field errors, before calling the provider', async () => {
    calls.length = 0;
    const cases: [unknown, string[]][] = [
      [{ airline: 'LAT', flight_number: '3456', date: '2026-03-10' }, ['airline']],
      [{ airline: '22', flight_number: '3456', date: '2026-03-10' }, ['airline']],
      [{ airline: 'LA', flight_number: '12345', date: '2026-03-10' }, ['flight_number']],
      [{ airline: 'LA', flight_number: '0', date: '2026-03-10' }, ['flight_number']],
      [{ airline: 'LA', flight_number: 'LA-34', date: '2026-03-10' }, ['flight_number']],
      [{ airline: 'G3', flight_number: 'LA3456', date: '2026-03-10' }, ['flight_number']],
      [{ airline: 'LA', flight_number: '3456', date: '10/03/2026' }, ['date']],
      [{ airline: 'LA', flight_number: 3456, date: '2026-02-30' }, ['date', 'flight_number']],
      [{ flight_number: '3456' }, ['airline', 'date']],
      [{ airline: 'LA', flight_number: '3456', date: '2026-03-10', company_id: 1 }, ['company_id']],
    ];
    for (const [body, fields] of cases) {
      const res = await lookup(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors).sort(), JSON.stringify(body)).toEqual(fields);
    }
    const mismatch = await lookup({ airline: 'G3', flight_number: 'LA3456', date: '2026-03-10' });
    expect(mismatch.json().errors).toEqual({ flight_number: [FLIGHT_LOOKUP_MESSAGES.prefixMismatch] });
    expect(calls).toEqual([]);
  });

  it('refuses calls without a token', async () => {
    expect(
      (await t.call('POST', '/api/flight/flight_number', { body: { airline: 'LA', flight_number: '3456', date: '2026-03-10' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /api/flight/flight_number without a configured provider', () => {
  it('answers 503 saying the lookup is not configured, so the agent types the flight', async () => {
    const token = await off.tokenFor(DEMO.users.owner);
    const res = await off.call('POST', '/api/flight/flight_number', {
      token,
      body: { airline: 'LA', flight_number: '3456', date: '2026-03-10' },
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ status: 503, code: 'NOT_CONFIGURED', message: FLIGHT_LOOKUP_MESSAGES.notConfigured });
    // Input is still checked first.
    expect((await off.call('POST', '/api/flight/flight_number', { token, body: { airline: 'LA' } })).statusCode).toBe(400);
  });
});
