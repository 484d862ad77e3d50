// The customer's side of a budget through HTTP: what the public landing page shows (field by
// field, and nothing else), the links that must not answer, guessing, rate limits, views, the
// acceptance and its notice to the agent, and the agency's accepted-info and link routes.
import { randomUUID } from 'node:crypto';
import { LANDING_PAGE_MESSAGES, type LandingPage } from '@app/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyRow, newBudget, systemRow } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { budgetAcceptedMailJob } from './accepted-mail.job';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Fixture = {
  id: number;
  landingId: string;
  proposals: number[];
  services: { air: number; hotel: number; tour: number; canceled: number };
  methods: { pix: number; card: number };
  attendanceId: number;
  title: string;
};
let demo: Fixture;

async function ok<T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const post = (url: string, body: unknown, token = tokens.colab) => t.call('POST', url, { token, body });

/** A GET of the landing page as a customer's phone (its own address, so each test has its own rate limit). */
const landing = (id: string, opts: { ua?: string; token?: string; ip?: string } = {}) =>
  t.call('GET', `/api/budgets/landing-page/${id}`, {
    token: opts.token,
    headers: { 'user-agent': opts.ua ?? BROWSER, 'x-forwarded-for': opts.ip ?? '198.51.100.1' },
  });
const accept = (id: string, body: Record<string, unknown>, ip = '198.51.100.2') =>
  t.call('PUT', `/api/budgets/accept/${id}`, { body, headers: { 'user-agent': BROWSER, 'x-forwarded-for': ip } });

async function uploadedImage(): Promise<string> {
  const data = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3060a0' } })
    .jpeg()
    .toBuffer();
  const form = multipart({}, [{ filename: 'foto.jpg', contentType: 'image/jpeg', data }]);
  return (
    await ok<{ key: string }>(await t.call('POST', '/api/uploads/image', { token: tokens.colab, body: form.body, headers: form.headers }))
  ).key;
}

/** A sent budget of Agência Demo with two proposals: flight, hotel (favourite, with a photo), tour, and a canceled service. */
async function sentBudget(opts: { status?: 'sent' | 'draft' } = {}): Promise<Fixture> {
  const budget = await newBudget(t, tokens.colab, {
    destination: 'Lisboa',
    start_date: '2027-03-10',
    end_date: '2027-03-20',
    observations: 'Valores sujeitos à disponibilidade.',
    paxes: [
      { name: 'Maria Aparecida Souza', age_group: 'adult' },
      { name: 'João Pedro Souza', age_group: 'child' },
    ],
  });
  const ids = {
    gru: await systemRow(t, 'air_airport_params', { code: 'GRU' }),
    lis: await systemRow(t, 'air_airport_params', { code: 'LIS' }),
    tap: await systemRow(t, 'air_cias_params', { code: 'TP' }),
    economy: await systemRow(t, 'air_class_params', { code: 'Y' }),
    luggage: await anyRow(t, 'air_type_luggage_params'),
    diet: await systemRow(t, 'hotel_diet_params', { code: 'BB' }),
    roomType: await anyRow(t, 'hotel_type_room_params'),
    city: await anyRow(t, 'city_params'),
  };
  const hotel = await ok<{ favorite_hotel: { id: number } }>(
    await post('/api/favorite-hotels', { name: 'Hotel Avenida', location: 'Lisboa', stars: 4, address: 'Av. da Liberdade, 100' }),
  );
  const hotelId = hotel.favorite_hotel.id;
  await ok(await post('/api/media', { favorite_hotel_id: hotelId, key: await uploadedImage(), caption: 'Fachada' }));

  const common = { currency: 'BRL', adult_number: 1, child_number: 1, infant_number: 0, commission_basis_points: 1000, fee_cents: 5_000 };
  const air = await ok<{ id: number }>(
    await post('/api/services', {
      proposal_id: budget.proposalId,
      type: 'air',
      title: 'São Paulo – Lisboa',
      start_date: '2027-03-10',
      start_time: '22:05',
      ...common,
      adult_cents: 300_000,
      child_cents: 250_000,
      taxes_cents: 40_000,
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
            locator: 'LOCSEC',
          },
        ],
      },
    }),
  );
  const hotelService = await ok<{ id: number }>(
    await post('/api/services', {
      proposal_id: budget.proposalId,
      type: 'accommodation',
      title: 'Hotel em Lisboa',
      start_date: '2027-03-11',
      end_date: '2027-03-20',
      ...common,
      details: {
        favorite_hotel_id: hotelId,
        hotel_name: 'Hotel Avenida',
        city_id: ids.city,
        diet_id: ids.diet,
        check_in_time: '15:00',
        rooms: [
          { id: 'room-1', adult_number: 1, child_number: 1, infant_number: 0, value: 400_000, number_room: 1, room_type_id: ids.roomType },
        ],
      },
    }),
  );
  const second = await ok<{ id: number }>(
    await post('/api/proposals/', { budget_id: budget.id, title: 'Opção econômica', notes: 'NOTA INTERNA' }),
  );
  const tour = await ok<{ id: number }>(
    await post('/api/services', {
      proposal_id: second.id,
      type: 'tour',
      title: 'Passeio em Sintra',
      start_date: '2027-03-12',
      ...common,
      adult_cents: 20_000,
      child_cents: 10_000,
      details: { place: 'Sintra', meeting_point: 'Rossio', includes: 'Guia' },
    }),
  );
  const canceled = await ok<{ id: number }>(
    await post('/api/services', {
      proposal_id: second.id,
      type: 'other',
      title: 'Serviço cancelado',
      ...common,
      total_cents: 10_000,
      details: {},
    }),
  );
  await ok(await post('/api/refunds/', { service_id: canceled.id, refund_cents: 5_000, penalty_cents: 5_000, reason: 'MOTIVO INTERNO' }));
  await ok(
    await post('/api/recommendations', {
      budget_id: budget.id,
      category: 'restaurant',
      title: 'Pastéis de Belém',
      url: 'https://pasteisdebelem.pt',
    }),
  );

  const tree = await ok<{ attendance_id: number; landing_page_id: string; title: string }>(
    await t.call('GET', `/api/budgets/${budget.id}`, { token: tokens.colab }),
  );
  await ok(
    await t.call('PATCH', `/api/attendances/${tree.attendance_id}`, {
      token: tokens.colab,
      body: { cover_image_key: await uploadedImage() },
    }),
  );
  if ((opts.status ?? 'sent') === 'sent') {
    await ok(await t.call('PATCH', `/api/budgets/${budget.id}`, { token: tokens.colab, body: { status: 'sent' } }));
  }
  return {
    id: budget.id,
    landingId: tree.landing_page_id,
    proposals: [budget.proposalId, second.id],
    services: { air: air.id, hotel: hotelService.id, tour: tour.id, canceled: canceled.id },
    methods: demo?.methods ?? { pix: 0, card: 0 },
    attendanceId: tree.attendance_id,
    title: tree.title,
  };
}

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  await t.deps.db.company.updateMany({
    where: { name: DEMO.companies.demo },
    data: { contactEmail: 'contato@demo.test', phone: '(11) 3333-4444', whatsapp: '+5511999990000', city: 'São Paulo', state: 'SP' },
  });
  const pix = await ok<{ id: number }>(
    await post(
      '/api/payment_method_params',
      { kind: 'pix', name: 'Pix', pix_key_type: 'email', pix_key: 'financeiro@demo.test' },
      tokens.owner,
    ),
  );
  const card = await ok<{ id: number }>(
    await post(
      '/api/payment_method_params',
      { kind: 'boleto', name: 'Boleto', max_installments: 3, installment_interest: [0, 0, 199] },
      tokens.owner,
    ),
  );
  demo = { ...(await sentBudget()), methods: { pix: pix.id, card: card.id } };
});

const sorted = (o: object) => Object.keys(o).sort();
const SERVICE_KEYS = [
  'adult_number',
  'child_number',
  'description',
  'details',
  'end_date',
  'end_time',
  'id',
  'infant_number',
  'sale_cents',
  'start_date',
  'start_time',
  'title',
  'type',
  'type_label',
];

describe('GET /api/budgets/landing-page/{id}', () => {
  it('shows the customer exactly the schema, field by field, and nothing internal', async () => {
    const res = await landing(demo.landingId);
    const page = await ok<LandingPage>(res);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');

    expect(sorted(page)).toEqual([
      'accepted',
      'agency',
      'agent',
      'cover_image_url',
      'currency',
      'destination',
      'end_date',
      'landing_page_id',
      'observations',
      'passengers',
      'proposals',
      'recommendations',
      'show_values',
      'start_date',
      'status',
      'title',
    ]);
    expect(page).toMatchObject({
      landing_page_id: demo.landingId,
      title: demo.title,
      destination: 'Lisboa',
      start_date: '2027-03-10',
      end_date: '2027-03-20',
      currency: 'BRL',
      show_values: true,
      status: 'sent',
      observations: 'Valores sujeitos à disponibilidade.',
      accepted: null,
    });
    expect(page.cover_image_url).toMatch(/^\/api\/uploads\/images\/\d+\/[0-9a-f-]{36}\.jpg$/);
    expect(page.agency).toEqual({
      name: DEMO.companies.demo,
      logo_url: null,
      email: 'contato@demo.test',
      phone: '(11) 3333-4444',
      whatsapp: '+5511999990000',
      website: null,
      instagram: null,
      city: 'São Paulo',
      state: 'SP',
      cnpj: null,
      cadastur: null,
    });
    expect(page.agent).toEqual({ name: 'Colab' });
    expect(page.passengers).toEqual([
      { first_name: 'Maria', age_group: 'adult' },
      { first_name: 'João', age_group: 'child' },
    ]);
    expect(page.recommendations).toEqual([
      { id: expect.any(Number), category: 'restaurant', title: 'Pastéis de Belém', description: null, url: 'https://pasteisdebelem.pt' },
    ]);

    expect(page.proposals.map((p) => [p.id, p.title, p.position])).toEqual([
      [demo.proposals[0], 'Proposta 1', expect.any(Number)],
      [demo.proposals[1], 'Opção econômica', expect.any(Number)],
    ]);
    for (const p of page.proposals)
      expect(sorted(p)).toEqual(['canceled_services', 'id', 'payment_options', 'position', 'services', 'title', 'totals']);
    const [first, second] = page.proposals as [LandingPage['proposals'][number], LandingPage['proposals'][number]];
    // The canceled service goes apart with what the customer still pays (R$ 150,00 less R$ 50,00
    // back), never the penalty nor the reason; the others keep their order.
    expect(first.services.map((s) => s.id)).toEqual([demo.services.air, demo.services.hotel]);
    expect(second.services.map((s) => s.id)).toEqual([demo.services.tour]);
    expect(first.canceled_services).toEqual([]);
    expect(second.canceled_services).toEqual([
      {
        id: demo.services.canceled,
        type_label: 'Outros',
        title: 'Serviço cancelado',
        start_date: null,
        end_date: null,
        original_cents: 15_000,
        returned_cents: 5_000,
        retained_cents: 10_000,
      },
    ]);
    expect(second.totals?.sale_cents).toBe((second.services[0]?.sale_cents ?? 0) + 10_000);
    for (const s of [...first.services, ...second.services]) expect(sorted(s)).toEqual(SERVICE_KEYS);

    const [air, hotel] = first.services;
    expect(air).toMatchObject({
      type: 'air',
      type_label: 'Aéreo',
      title: 'São Paulo – Lisboa',
      start_time: '22:05',
      adult_number: 1,
      child_number: 1,
    });
    if (air?.type !== 'air') throw new Error('not air');
    expect(sorted(air.details)).toEqual(['segments']);
    expect(air.details.segments).toEqual([
      {
        origin: { code: 'GRU', name: expect.any(String), city: expect.any(String) },
        destination: { code: 'LIS', name: expect.any(String), city: expect.any(String) },
        airline: { code: 'TP', name: expect.any(String) },
        flight_number: 'TP 88',
        departure_date: '2027-03-10',
        departure_time: '22:05',
        arrival_date: '2027-03-11',
        arrival_time: '11:40',
        class_name: expect.any(String),
        luggage: expect.any(String),
      },
    ]);
    const gru = await t.deps.db.referenceItem.findFirstOrThrow({ where: { list: 'air_airport_params', code: 'GRU', companyId: null } });
    expect(air.details.segments[0]?.origin.name).toBe(gru.name);

    if (hotel?.type !== 'accommodation') throw new Error('not a hotel');
    expect(sorted(hotel.details)).toEqual([
      'address',
      'check_in_time',
      'check_out_time',
      'city',
      'diet',
      'hotel_name',
      'location',
      'photos',
      'rooms',
      'stars',
    ]);
    expect(hotel.details).toMatchObject({
      hotel_name: 'Hotel Avenida',
      stars: 4,
      address: 'Av. da Liberdade, 100',
      check_in_time: '15:00',
    });
    expect(hotel.details.city).toEqual(expect.any(String));
    expect(hotel.details.diet).toEqual(expect.any(String));
    expect(hotel.details.rooms).toEqual([
      { adult_number: 1, child_number: 1, infant_number: 0, number_room: 1, room_type: expect.any(String), room_category: null },
    ]);
    expect(hotel.details.photos).toEqual([
      {
        url: expect.stringMatching(/^\/api\/uploads\/images\/.+\.jpg$/),
        thumb_url: expect.stringMatching(/\.thumb\.webp$/),
        caption: 'Fachada',
      },
    ]);
    const photo = await t.call('GET', hotel.details.photos[0]?.thumb_url ?? '');
    expect(photo.statusCode).toBe(200);

    // Values: the stored sale of each service and proposal, per passenger and the agency's active methods.
    const stored = await t.deps.db.proposal.findUniqueOrThrow({ where: { id: demo.proposals[0] }, select: { saleCents: true } });
    expect(first.totals).toEqual({
      sale_cents: stored.saleCents,
      per_passenger: { adult: expect.any(Number), child: expect.any(Number) },
      // One passenger of each group: nobody pays leftover cents.
      per_passenger_first: {},
      passengers: { adult: 1, child: 1, infant: 0 },
    });
    expect(first.services.reduce((sum, s) => sum + (s.sale_cents ?? 0), 0)).toBe(stored.saleCents);
    expect(first.payment_options.map((o) => [o.payment_method_id, o.kind])).toEqual([
      [demo.methods.card, 'boleto'],
      [demo.methods.pix, 'pix'],
    ]);
    const [card, pix] = first.payment_options;
    for (const o of first.payment_options)
      expect(sorted(o)).toEqual(['installments', 'instructions', 'kind', 'name', 'payment_method_id', 'pix']);
    expect(card?.pix).toBeNull();
    expect(card?.installments.map((i) => [i.count, i.interest_free])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    for (const i of card?.installments ?? [])
      expect(sorted(i)).toEqual(['count', 'first_installment_cents', 'installment_cents', 'interest_free', 'label', 'total_cents']);
    expect(pix?.pix).toEqual({ key: 'financeiro@demo.test', amount_cents: stored.saleCents, br_code: expect.any(String) });
    const brCode = pix?.pix?.br_code ?? '';
    expect(brCode).toContain('0014br.gov.bcb.pix0120financeiro@demo.test');
    expect(brCode).toContain(
      `54${String((stored.saleCents / 100).toFixed(2).length).padStart(2, '0')}${(stored.saleCents / 100).toFixed(2)}`,
    );
    expect(brCode).toContain('5912AGENCIA DEMO6009SAO PAULO');

    // Nothing internal anywhere: cost, commission, supplier, locator, notes, CPF, surnames, the database id.
    const text = res.body;
    for (const secret of ['LOCSEC', 'NOTA INTERNA', 'MOTIVO INTERNO', 'Souza', 'Aparecida', 'Pedro']) expect(text).not.toContain(secret);
    for (const key of [
      'cost',
      'commission',
      'supplier',
      'locator',
      'notes',
      'budget_id',
      'company_id',
      'quote',
      'fee',
      'taxes',
      'refund',
      'client',
    ])
      expect(text).not.toMatch(new RegExp(`"[a-z_]*${key}[a-z_]*":`));
  });

  it("never carries the agent's login e-mail: the agency's contact e-mail, or none when the agency has none", async () => {
    const withContact = await landing(demo.landingId, { ip: '198.51.100.31' });
    expect((await ok<LandingPage>(withContact)).agency.email).toBe('contato@demo.test');
    expect(withContact.body).not.toContain(DEMO.users.colaborador);

    const demoAgency = { name: DEMO.companies.demo };
    await t.deps.db.company.updateMany({ where: demoAgency, data: { contactEmail: null } });
    const without = await landing(demo.landingId, { ip: '198.51.100.31' }).finally(() =>
      t.deps.db.company.updateMany({ where: demoAgency, data: { contactEmail: 'contato@demo.test' } }),
    );
    const page = await ok<LandingPage>(without);
    expect(page.agency.email).toBeNull();
    expect(page.agent).toEqual({ name: 'Colab' });
    expect(without.body).not.toContain(DEMO.users.colaborador);
  });

  it('answers the same over tRPC, noindex too', async () => {
    const input = encodeURIComponent(JSON.stringify({ id: demo.landingId }));
    const res = await t.call('GET', `/trpc/landingPages.get?input=${input}`, { headers: { 'user-agent': BOT } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.json().result.data.landing_page_id).toBe(demo.landingId);
  });

  it('without show_values: no price at all', async () => {
    await ok(await t.call('PUT', `/api/budgets/${demo.id}/show_values`, { token: tokens.colab, body: { show_values: false } }));
    const page = await ok<LandingPage>(await landing(demo.landingId));
    await ok(await t.call('PUT', `/api/budgets/${demo.id}/show_values`, { token: tokens.colab, body: { show_values: true } }));
    expect(page.show_values).toBe(false);
    for (const p of page.proposals) {
      expect(p.totals).toBeNull();
      expect(p.payment_options).toEqual([]);
      for (const s of p.services) expect(s.sale_cents).toBeNull();
    }
    const cents: unknown[] = [];
    JSON.stringify(page, (key, value) => {
      if (key.endsWith('_cents') || key === 'br_code' || key === 'installments') cents.push(value);
      return value;
    });
    expect(cents.every((v) => v === null)).toBe(true);
  });

  it('a draft, a canceled budget and a revoked link answer 404 with the invalid-link message; a new link works, the old one not', async () => {
    const expectInvalid = async (id: string) => {
      const res = await landing(id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(LANDING_PAGE_MESSAGES.invalidLink);
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    };
    const draft = await sentBudget({ status: 'draft' });
    await expectInvalid(draft.landingId);

    const canceled = await sentBudget();
    await ok(await landing(canceled.landingId));
    await ok(await t.call('PATCH', `/api/budgets/${canceled.id}`, { token: tokens.colab, body: { status: 'canceled' } }));
    await expectInvalid(canceled.landingId);

    const revoked = await sentBudget();
    expect(await ok(await t.call('DELETE', `/api/budgets/${revoked.id}/landing-page`, { token: tokens.colab }))).toEqual({
      landing_page_id: revoked.landingId,
      enabled: false,
    });
    await expectInvalid(revoked.landingId);
    const reissued = await ok<{ landing_page_id: string; enabled: boolean }>(
      await t.call('POST', `/api/budgets/${revoked.id}/landing-page`, { token: tokens.colab }),
    );
    expect(reissued.enabled).toBe(true);
    expect(reissued.landing_page_id).not.toBe(revoked.landingId);
    await expectInvalid(revoked.landingId);
    expect((await ok<LandingPage>(await landing(reissued.landing_page_id))).title).toBe(revoked.title);
    // The old link cannot accept either.
    const acceptOld = await accept(revoked.landingId, {
      proposal_id: revoked.proposals[0],
      name: 'Maria Souza',
      email: 'maria@cliente.test',
    });
    expect([acceptOld.statusCode, acceptOld.json().message]).toEqual([404, LANDING_PAGE_MESSAGES.invalidLink]);
  });

  it('guessing never finds a budget: a random uuid, the database id, anything else', async () => {
    const random = await landing(randomUUID());
    expect([random.statusCode, random.json().message]).toEqual([404, LANDING_PAGE_MESSAGES.invalidLink]);
    for (const guess of [
      String(demo.id),
      demo.landingId.toUpperCase().replace(/-/g, ''),
      // One hex digit off (another digit than the id's own last one).
      `${demo.landingId.slice(0, -1)}${demo.landingId.endsWith('0') ? '1' : '0'}`,
      '%27%20OR%201%3D1',
    ]) {
      const res = await landing(guess);
      expect([400, 404], `${guess}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.body).not.toContain(demo.title);
    }
  });

  it('the agency previews its own draft with its token (not counted); another agency cannot', async () => {
    const draft = await sentBudget({ status: 'draft' });
    const preview = await ok<LandingPage>(await landing(draft.landingId, { token: tokens.owner }));
    expect(preview.status).toBe('draft');
    const other = await landing(draft.landingId, { token: tokens.outra });
    expect([other.statusCode, other.json().message]).toEqual([404, LANDING_PAGE_MESSAGES.invalidLink]);
    const stored = await t.deps.db.budget.findUniqueOrThrow({ where: { id: draft.id }, select: { landingViewsCount: true } });
    expect(stored.landingViewsCount).toBe(0);
  });

  it('counts a browser visit (not each read), never a bot nor the agency itself', async () => {
    const budget = await sentBudget();
    const count = async () =>
      t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id }, select: { landingViewsCount: true, landingLastViewedAt: true } });
    await ok(await landing(budget.landingId, { ua: BOT }));
    await ok(await landing(budget.landingId, { ua: 'WhatsApp/2.23.20.0 A' }));
    await ok(await landing(budget.landingId, { token: tokens.colab }));
    await ok(await landing(budget.landingId, { token: tokens.owner }));
    expect(await count()).toEqual({ landingViewsCount: 0, landingLastViewedAt: null });

    // The same browser reading twice is one visit (landing-visits.integration.test.ts has the rules).
    await ok(await landing(budget.landingId, { ip: '203.0.113.9' }));
    await ok(await landing(budget.landingId, { ip: '203.0.113.9' }));
    const after = await count();
    expect(after.landingViewsCount).toBe(1);
    expect(after.landingLastViewedAt).toBeInstanceOf(Date);
    const views = await t.deps.db.budgetLandingView.findMany({ where: { budgetId: budget.id } });
    expect(views.map((v) => [v.ip, v.userAgent])).toEqual([['203.0.113.9', BROWSER]]);

    const long = await landing(budget.landingId, { ua: `${BROWSER} ${'x'.repeat(500)}` });
    expect(long.statusCode).toBe(200);
    const kept = await t.deps.db.budgetLandingView.findFirstOrThrow({ where: { budgetId: budget.id }, orderBy: { id: 'desc' } });
    expect(kept.userAgent).toHaveLength(300);

    const info = await ok<{ views: { count: number; unique_visitors: number; last_viewed_at: string; recent: { user_agent: string }[] } }>(
      await t.call('GET', `/api/budgets/${budget.id}/accepted-info`, { token: tokens.colab }),
    );
    expect([info.views.count, info.views.unique_visitors]).toEqual([2, 2]);
    expect(info.views.recent).toHaveLength(2);
    expect(Date.parse(info.views.last_viewed_at)).toBeGreaterThanOrEqual(after.landingLastViewedAt?.getTime() ?? 0);
    expect(info.views.recent[0]?.user_agent).toHaveLength(300);
  });

  it('answers 429 with the pt-BR message past the read limit of one address', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < 300; i++) expect((await landing(randomUUID(), { ip })).statusCode).toBe(404);
    const limited = await landing(demo.landingId, { ip });
    expect([limited.statusCode, limited.json().message]).toEqual([429, LANDING_PAGE_MESSAGES.tooManyRequests]);
    expect(limited.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Another address is not held back.
    expect((await landing(demo.landingId, { ip: '192.0.2.78' })).statusCode).toBe(200);
  });
});

describe('PUT /api/budgets/accept/{id}', () => {
  it('accepts once: the budget, its history and the agent told (one mail, even if the job runs again); twice is 409', async () => {
    const budget = await sentBudget();
    const body = {
      proposal_id: budget.proposals[1],
      name: 'Maria Souza',
      email: 'maria@cliente.test',
      payment_method_id: demo.methods.card,
      installments: 2,
    };
    const res = await accept(budget.landingId, body, '198.51.100.50');
    const accepted = await ok<{ status: string; proposal_id: number; accepted_at: string; message: string }>(res);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(accepted).toEqual({
      status: 'accepted',
      proposal_id: budget.proposals[1],
      accepted_at: expect.any(String),
      message: LANDING_PAGE_MESSAGES.accepted,
    });

    const page = await ok<LandingPage>(await landing(budget.landingId));
    expect(page.status).toBe('accepted');
    expect(page.accepted).toEqual({ proposal_id: budget.proposals[1], name: 'Maria Souza', accepted_at: accepted.accepted_at });

    // The attendance's history (read as the screen reads it) tells the agent who accepted which proposal.
    const history = await ok<{ logs: { action: string; user: unknown; changes: Record<string, { from: unknown; to: unknown }> }[] }>(
      await t.call('GET', `/api/attendances/${budget.attendanceId}/logs`, { token: tokens.colab }),
    );
    const acceptedLog = history.logs.find((l) => l.action === 'budget_accepted');
    expect(acceptedLog?.user).toBeNull();
    expect(acceptedLog?.changes).toEqual({
      budget: { from: null, to: page.title },
      proposal: { from: null, to: page.proposals.find((p) => p.id === budget.proposals[1])?.title },
      accepted_by: { from: null, to: expect.stringContaining('Maria Souza <') },
    });

    const info = await ok<Record<string, unknown>>(await t.call('GET', `/api/budgets/${budget.id}/accepted-info`, { token: tokens.colab }));
    expect(info).toMatchObject({
      budget_id: budget.id,
      status: 'accepted',
      landing_page: { id: budget.landingId, enabled: true, path: `/landing-page/${budget.landingId}` },
      accepted: {
        proposal: { id: budget.proposals[1], title: 'Opção econômica' },
        name: 'Maria Souza',
        email: 'maria@cliente.test',
        accepted_at: accepted.accepted_at,
        ip: '198.51.100.50',
        user_agent: BROWSER,
        payment_method: { id: demo.methods.card, name: 'Boleto' },
        installments: 2,
      },
      mailings: [],
    });

    const mails = (await t.mailsTo(DEMO.users.colaborador)).filter((m) => m.subject === `Proposta aceita: ${budget.title}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Maria Souza (maria@cliente.test)');
    expect(mails[0]?.text).toContain('Opção econômica');
    expect(mails[0]?.text).toContain(`/orcamento-infor/${budget.id}`);
    await t.platform.jobs.enqueue(budgetAcceptedMailJob, { budget_id: budget.id });
    await t.platform.jobs.enqueue(budgetAcceptedMailJob, { budget_id: budget.id });
    expect((await t.mailsTo(DEMO.users.colaborador)).filter((m) => m.subject === `Proposta aceita: ${budget.title}`)).toHaveLength(1);

    const again = await accept(budget.landingId, body);
    expect([again.statusCode, again.json().message]).toEqual([409, LANDING_PAGE_MESSAGES.alreadyAccepted]);
  });

  it('a sold budget answers 409; a proposal or payment method not of the budget 404; bad installments 400', async () => {
    const budget = await sentBudget();
    const base = { proposal_id: budget.proposals[0], name: 'Maria Souza', email: 'maria@cliente.test' };
    const wrongProposal = await accept(budget.landingId, { ...base, proposal_id: demo.proposals[0] });
    expect([wrongProposal.statusCode, wrongProposal.json().message]).toEqual([404, LANDING_PAGE_MESSAGES.proposalNotFound]);
    const outraMethod = await ok<{ id: number }>(
      await post('/api/payment_method_params', { kind: 'cash', name: 'Dinheiro da Outra' }, tokens.outra),
    );
    const wrongMethod = await accept(budget.landingId, { ...base, payment_method_id: outraMethod.id });
    expect([wrongMethod.statusCode, wrongMethod.json().message]).toEqual([404, LANDING_PAGE_MESSAGES.paymentMethodNotFound]);
    const tooMany = await accept(budget.landingId, { ...base, payment_method_id: demo.methods.card, installments: 12 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toHaveProperty('installments');
    const missingFields = await accept(budget.landingId, { proposal_id: budget.proposals[0] });
    expect(missingFields.statusCode).toBe(400);
    expect(await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id }, select: { status: true } })).toEqual({ status: 'sent' });

    await t.deps.db.budget.update({ where: { id: budget.id }, data: { status: 'sold', soldAt: new Date() } });
    const sold = await accept(budget.landingId, base);
    expect([sold.statusCode, sold.json().message]).toEqual([409, LANDING_PAGE_MESSAGES.alreadySold]);
  });

  it('answers 429 past the acceptance limit of one address', async () => {
    const ip = '192.0.2.90';
    for (let i = 0; i < 10; i++)
      expect((await accept(randomUUID(), { proposal_id: 1, name: 'Maria Souza', email: 'm@c.test' }, ip)).statusCode).toBe(404);
    const limited = await accept(demo.landingId, { proposal_id: demo.proposals[0], name: 'Maria Souza', email: 'm@c.test' }, ip);
    expect([limited.statusCode, limited.json().message]).toEqual([429, LANDING_PAGE_MESSAGES.tooManyRequests]);
  });
});

describe("the agency's routes", () => {
  it('another agency gets 404 on accepted-info and the link routes, and changes nothing', async () => {
    for (const [method, url] of [
      ['GET', `/api/budgets/${demo.id}/accepted-info`],
      ['POST', `/api/budgets/${demo.id}/landing-page`],
      ['DELETE', `/api/budgets/${demo.id}/landing-page`],
    ] as const) {
      expect((await t.call(method, url, { token: tokens.outra })).statusCode, `${method} ${url}`).toBe(404);
      expect((await t.call(method, url)).statusCode, `${method} ${url} without a token`).toBe(401);
    }
    expect((await ok<LandingPage>(await landing(demo.landingId))).landing_page_id).toBe(demo.landingId);
  });

  it('accepted-info before any acceptance', async () => {
    const budget = await sentBudget();
    expect(await ok(await t.call('GET', `/api/budgets/${budget.id}/accepted-info`, { token: tokens.owner }))).toEqual({
      budget_id: budget.id,
      status: 'sent',
      landing_page: { id: budget.landingId, enabled: true, path: `/landing-page/${budget.landingId}` },
      accepted: null,
      views: { count: 0, unique_visitors: 0, last_viewed_at: null, recent: [] },
      mailings: [],
    });
  });
});
