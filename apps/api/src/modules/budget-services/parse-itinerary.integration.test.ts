import { ITINERARY_LIMITS, ITINERARY_MESSAGES } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const URL = '/api/services/parse-itinerary';

const PNR = [
  'RP/SAOB22100/SAOB22100            AA/SU  14MAY26/1412Z   6TQWZP',
  '  1.SOUZA/ANA MRS   2.SOUZA/BRUNO MR',
  '  3  LA8010 Y 10JUL 5 GRUEZE HK2  0805 1100  10JUL  E  LA/KXQ7TR',
  '  4  LA8011 Y 20JUL 1 EZEGRU HK2  2230 0115+1  E  LA/KXQ7TR',
  '     OPERATED BY LATAM AIRLINES BRASIL',
].join('\n');

const parse = async (body: unknown, token?: string) =>
  t.call('POST', URL, { token: token ?? (await t.tokenFor(DEMO.users.colaborador)), body });

async function systemRow(list: 'air_airport_params' | 'air_cias_params', code: string) {
  return t.deps.db.referenceItem.findFirstOrThrow({
    where: { list, code, companyId: null, isActive: true },
    orderBy: { id: 'asc' },
    select: { id: true, name: true },
  });
}

describe('POST /api/services/parse-itinerary', () => {
  it('reads the segments of a pasted PNR, matched to the reference lists, and reports the other lines', async () => {
    const [gru, eze, la] = await Promise.all([
      systemRow('air_airport_params', 'GRU'),
      systemRow('air_airport_params', 'EZE'),
      systemRow('air_cias_params', 'LA'),
    ]);
    const res = await parse({ text: PNR, today: '2026-05-20' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.segments).toEqual([
      {
        line: 3,
        source: 'amadeus',
        airline: 'LA',
        flight_number: '8010',
        booking_class: 'Y',
        origin: 'GRU',
        destination: 'EZE',
        departure_date: '2026-07-10',
        departure_time: '08:05',
        arrival_date: '2026-07-10',
        arrival_time: '11:00',
        arrival_day_offset: 0,
        status: 'HK',
        operated_by: null,
        locator: 'KXQ7TR',
        airline_match: { id: la.id, name: la.name, city: null },
        origin_match: { id: gru.id, name: gru.name, city: expect.any(String) },
        destination_match: { id: eze.id, name: eze.name, city: expect.any(String) },
      },
      expect.objectContaining({
        line: 4,
        origin: 'EZE',
        destination: 'GRU',
        departure_date: '2026-07-20',
        arrival_date: '2026-07-21',
        arrival_time: '01:15',
        arrival_day_offset: 1,
        operated_by: 'LATAM AIRLINES BRASIL',
        origin_match: expect.objectContaining({ id: eze.id }),
        destination_match: expect.objectContaining({ id: gru.id }),
      }),
    ]);
    expect(body.unread_lines).toEqual([
      { line: 1, text: 'RP/SAOB22100/SAOB22100            AA/SU  14MAY26/1412Z   6TQWZP' },
      { line: 2, text: '  1.SOUZA/ANA MRS   2.SOUZA/BRUNO MR' },
    ]);
  });

  it('answers the same through tRPC', async () => {
    const token = await t.tokenFor(DEMO.users.colaborador);
    const [rest, trpc] = await Promise.all([
      parse({ text: PNR, today: '2026-05-20' }, token),
      t.call('POST', '/trpc/services.parseItinerary', { token, body: { text: PNR, today: '2026-05-20' } }),
    ]);
    expect(trpc.statusCode, trpc.body).toBe(200);
    expect(trpc.json().result.data).toEqual(rest.json());
  });

  it('reads a date without a year as today in São Paulo when no `today` is sent', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const month = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][Number(today.slice(5, 7)) - 1];
    const res = await parse({ text: `  1  G31450 Y ${today.slice(8)}${month} 1 GRUFLN HK1  0640 0750` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().segments[0].departure_date).toBe(today);
  });

  it("matches the agency's own rows first, never another agency's; a code no list has comes with null", async () => {
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
    const res = await parse({ text: '  1  LA3456 Y 10JUL 5 QZXQZY HK1  0805 0910', today: '2026-05-20' });
    expect(res.statusCode, res.body).toBe(200);
    const [segment] = res.json().segments;
    expect(segment.origin_match).toEqual({ id: own.id, name: 'Aeroporto da Demo', city: 'Cidade Demo' });
    expect(segment.destination_match).toBeNull();
    expect(res.body).not.toContain('Aeroporto da Outra');
  });

  it('reports what it cannot read, verbatim with its line number, and guesses nothing', async () => {
    const text = [
      'Olá! Segue a reserva:',
      '',
      'Voo: G3 1234',
      'Data: 15/08/2026',
      'Origem: CGH - São Paulo/Congonhas  Saída: 10:10',
      '  2  LA3457 Y 31JUN 2 GIGGRU HK1  1900 2005',
    ].join('\n');
    const res = await parse({ text, today: '2026-05-20' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      segments: [],
      unread_lines: [
        { line: 1, text: 'Olá! Segue a reserva:' },
        { line: 3, text: 'Voo: G3 1234' },
        { line: 4, text: 'Data: 15/08/2026' },
        { line: 5, text: 'Origem: CGH - São Paulo/Congonhas  Saída: 10:10' },
        { line: 6, text: '  2  LA3457 Y 31JUN 2 GIGGRU HK1  1900 2005' },
      ],
    });
  });

  it('refuses a text past its limits, a blank one and a bad date with 400 in the error format, changing nothing', async () => {
    const before = await t.deps.db.referenceItem.count();
    const cases: [unknown, Record<string, unknown>][] = [
      [{ text: 'x'.repeat(ITINERARY_LIMITS.chars + 1) }, { text: [ITINERARY_MESSAGES.tooLong] }],
      [{ text: 'x\n'.repeat(ITINERARY_LIMITS.lines + 1) }, { text: [ITINERARY_MESSAGES.tooManyLines] }],
      [{ text: ' \n ' }, { text: [ITINERARY_MESSAGES.empty] }],
      [{ text: PNR, today: '20/05/2026' }, { today: [expect.any(String)] }],
      [{}, { text: [expect.any(String)] }],
    ];
    for (const [body, errors] of cases) {
      const res = await parse(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'VALIDATION', errors });
    }
    const viaTrpc = await t.call('POST', '/trpc/services.parseItinerary', {
      token: await t.tokenFor(DEMO.users.colaborador),
      body: { text: 'x'.repeat(ITINERARY_LIMITS.chars + 1) },
    });
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.data).toMatchObject({ code: 'VALIDATION', errors: { text: [ITINERARY_MESSAGES.tooLong] } });
    expect(await t.deps.db.referenceItem.count()).toBe(before);
  });

  it('refuses calls without a token', async () => {
    expect((await t.call('POST', URL, { body: { text: PNR } })).statusCode).toBe(401);
    expect((await t.call('POST', '/trpc/services.parseItinerary', { body: { text: PNR } })).statusCode).toBe(401);
  });
});
