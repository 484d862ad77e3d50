// /api/budget-templates and /api/service-copies through HTTP: a proposal and a whole budget saved as
// templates (dates as days from the trip's start), a new budget and new proposals started from them
// on other dates and passengers, a service copied from another budget, bad input and other agencies.
import { BUDGET_TEMPLATE_MESSAGES, type TemplateProposal } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyRow, systemRow } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const tokens = { colab: '', outra: '' };
const ids = { eze: 0, gru: 0, city: 0 };

/** An attendance of a new client, with `fields` (dates, head counts). */
async function attendance(token: string, fields: Record<string, unknown> = {}): Promise<number> {
  const client = await t.call('POST', '/api/clients', { token, body: { kind: 'person', name: 'Cliente Modelo' } });
  expect(client.statusCode, client.body).toBe(200);
  const res = await t.call('POST', '/api/attendances', { token, body: { client_id: client.json().id, title: 'Viagem', ...fields } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

async function budget(token: string, fields: Record<string, unknown> = {}, attendanceFields: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/budgets/', {
    token,
    body: { attendance_id: await attendance(token, attendanceFields), ...fields },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; start_date: string | null; end_date: string | null; proposals: { id: number; title: string }[] };
}

async function service(token: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/services', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const flight = (proposalId: number) => ({
  proposal_id: proposalId,
  type: 'air',
  title: 'São Paulo – Buenos Aires',
  start_date: '2027-03-10',
  end_date: '2027-03-17',
  adult_number: 2,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  adult_cents: 150_000,
  taxes_cents: 20_000,
  commission_basis_points: 1000,
  details: {
    segments: [
      { origin_airport_id: ids.gru, destination_airport_id: ids.eze, departure_date: '2027-03-10', arrival_date: '2027-03-10' },
      { origin_airport_id: ids.eze, destination_airport_id: ids.gru, departure_date: '2027-03-17', arrival_date: '2027-03-18' },
    ],
  },
});

const hotel = (proposalId: number) => ({
  proposal_id: proposalId,
  type: 'accommodation',
  title: 'Hotel em Palermo',
  start_date: '2027-03-10',
  end_date: '2027-03-17',
  adult_number: 2,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  commission_basis_points: 1200,
  details: {
    hotel_name: 'Palermo Soho Hotel',
    city_id: ids.city,
    rooms: [{ id: 'room-1', adult_number: 2, child_number: 0, infant_number: 0, value: 350_000, number_room: 1 }],
  },
});

const tour = (proposalId: number) => ({
  proposal_id: proposalId,
  type: 'tour',
  title: 'Tango no Caminito',
  start_date: '2027-03-12',
  adult_number: 2,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  adult_cents: 25_000,
  details: { place: 'La Boca' },
});

type Source = { id: number; proposalId: number; secondProposalId: number };
let source: Source;

beforeAll(async () => {
  await t.showCostsToEveryone();
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.gru = await systemRow(t, 'air_airport_params', { code: 'GRU' });
  ids.eze = await systemRow(t, 'air_airport_params', { code: 'EZE' });
  ids.city = await anyRow(t, 'city_params');
  // The reference budget: 7 nights in Buenos Aires from 10/03/2027; an option with a tour on day 2.
  const b = await budget(tokens.colab, {
    title: 'Buenos Aires em família',
    destination: 'Buenos Aires',
    start_date: '2027-03-10',
    end_date: '2027-03-17',
  });
  const proposalId = b.proposals[0]?.id as number;
  await service(tokens.colab, flight(proposalId));
  await service(tokens.colab, hotel(proposalId));
  const second = await t.call('POST', '/api/proposals/', { token: tokens.colab, body: { budget_id: b.id, title: 'Com passeios' } });
  await service(tokens.colab, tour(second.json().id));
  source = { id: b.id, proposalId, secondProposalId: second.json().id };
});

const create = (body: Record<string, unknown>, token = tokens.colab) => t.call('POST', '/api/budget-templates', { token, body });

describe('/api/budget-templates', () => {
  let proposalTemplate: { id: number; version: number };
  let budgetTemplate: { id: number };

  it('saves a proposal as a template: its services and prices, dates as days from the trip start', async () => {
    const res = await create({ name: 'Pacote Buenos Aires 7 noites', budget_id: source.id, proposal_id: source.proposalId });
    expect(res.statusCode, res.body).toBe(200);
    proposalTemplate = res.json();
    expect(proposalTemplate).toMatchObject({
      name: 'Pacote Buenos Aires 7 noites',
      kind: 'proposal',
      destination: 'Buenos Aires',
      days: 7,
      proposals_count: 1,
      services_count: 2,
      version: 1,
    });
    const row = await t.deps.db.budgetTemplate.findUniqueOrThrow({ where: { id: proposalTemplate.id } });
    const [proposal] = row.proposals as TemplateProposal[];
    expect(proposal?.services.map((s) => [s.type, s.start_day, s.end_day, s.adult_cents, s.commission_basis_points])).toEqual([
      ['air', 0, 7, 150_000, 1000],
      ['accommodation', 0, 7, 0, 1200],
    ]);
    expect(proposal?.services[0]?.details.segments).toEqual([
      expect.objectContaining({ departure_day: 0, arrival_day: 0 }),
      expect.objectContaining({ departure_day: 7, arrival_day: 8 }),
    ]);
    expect(JSON.stringify(row.proposals)).not.toContain('2027-03');

    const shown = await t.call('GET', `/api/budget-templates/${proposalTemplate.id}`, { token: tokens.colab });
    const prices = { currency: 'BRL', adult_cents: 0, child_cents: 0, infant_cents: 0, total_cents: 0 };
    expect(shown.json().proposals).toEqual([
      {
        title: 'Proposta 1',
        services: [
          { type: 'air', title: 'São Paulo – Buenos Aires', start_day: 0, end_day: 7, ...prices, adult_cents: 150_000 },
          // A stay is priced by its rooms: none of these.
          { type: 'accommodation', title: 'Hotel em Palermo', start_day: 0, end_day: 7, ...prices },
        ],
      },
    ]);
  });

  it('starts a new budget from the template on the attendance dates and passengers; totals follow', async () => {
    const attendanceId = await attendance(tokens.colab, { start_date: '2027-07-01', adults: 3 });
    const res = await t.call('POST', '/api/budgets/', {
      token: tokens.colab,
      body: { attendance_id: attendanceId, template_id: proposalTemplate.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const tree = res.json();
    // The template's length gives the trip its end.
    expect(tree).toMatchObject({ start_date: '2027-07-01', end_date: '2027-07-08' });
    expect(tree.proposals.map((p: { title: string }) => p.title)).toEqual(['Proposta 1']);
    const services = await t.deps.db.service.findMany({ where: { budgetId: tree.id }, orderBy: { position: 'asc' } });
    expect(
      services.map((s) => [s.type, s.startDate?.toISOString().slice(0, 10), s.endDate?.toISOString().slice(0, 10), s.adultNumber]),
    ).toEqual([
      ['air', '2027-07-01', '2027-07-08', 3],
      ['accommodation', '2027-07-01', '2027-07-08', 3],
    ]);
    expect((services[0]?.details as { segments: unknown[] } | undefined)?.segments).toEqual([
      expect.objectContaining({ departure_date: '2027-07-01', arrival_date: '2027-07-01' }),
      expect.objectContaining({ departure_date: '2027-07-08', arrival_date: '2027-07-09' }),
    ]);
    expect((services[1]?.details as { rooms: { adult_number: number; value: number }[] } | undefined)?.rooms[0]).toMatchObject({
      adult_number: 3,
      value: 350_000,
    });
    // 3 × 1.500,00 + 200,00 of taxes per booking = 4.700,00; the room, 3.500,00.
    expect(services.map((s) => s.saleCents)).toEqual([470_000, 350_000]);
    expect((await t.deps.db.budget.findUniqueOrThrow({ where: { id: tree.id } })).totalCents).toBe(820_000);
  });

  it('saves a whole budget and adds its proposals to another budget, after its own, dated from its start', async () => {
    const res = await create({ name: 'Buenos Aires completo', budget_id: source.id });
    expect(res.statusCode, res.body).toBe(200);
    budgetTemplate = res.json();
    expect(res.json()).toMatchObject({ kind: 'budget', proposals_count: 2, services_count: 3 });
    const target = await budget(tokens.colab, { start_date: '2027-09-01' });
    const applied = await t.call('POST', '/api/budget-templates/apply', {
      token: tokens.colab,
      body: { template_id: budgetTemplate.id, budget_id: target.id },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const added = await t.deps.db.proposal.findMany({ where: { id: { in: applied.json().proposal_ids } }, orderBy: { position: 'asc' } });
    expect(added.map((p) => [p.title, p.position])).toEqual([
      ['Proposta 1', 1],
      ['Com passeios', 2],
    ]);
    const tourRow = await t.deps.db.service.findFirstOrThrow({ where: { budgetId: target.id, type: 'tour' } });
    expect(tourRow.startDate?.toISOString().slice(0, 10)).toBe('2027-09-03');
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await t.deps.db.budgetTemplate.count();
    expect((await create({ name: '', budget_id: source.id })).json().errors).toHaveProperty('name');
    expect((await create({ name: 'X modelo', budget_id: source.id, company_id: 1 })).statusCode).toBe(400);
    const empty = await budget(tokens.colab);
    const noServices = await create({ name: 'Vazio', budget_id: empty.id });
    expect(noServices.json().errors).toEqual({ budget_id: [BUDGET_TEMPLATE_MESSAGES.noServices] });
    const otherProposal = await create({ name: 'Errado', budget_id: empty.id, proposal_id: source.proposalId });
    expect(otherProposal.json().errors).toEqual({ proposal_id: ['não foi encontrado'] });
    // A template with dates needs a trip start: on apply and on a new budget.
    const undated = await t.call('POST', '/api/budget-templates/apply', {
      token: tokens.colab,
      body: { template_id: proposalTemplate.id, budget_id: empty.id },
    });
    expect(undated.statusCode).toBe(400);
    expect(undated.json().errors).toEqual({ budget_id: [BUDGET_TEMPLATE_MESSAGES.startDateRequired] });
    const attendanceId = await attendance(tokens.colab);
    const noStart = await t.call('POST', '/api/budgets/', {
      token: tokens.colab,
      body: { attendance_id: attendanceId, template_id: proposalTemplate.id },
    });
    expect(noStart.json().errors).toEqual({ start_date: [BUDGET_TEMPLATE_MESSAGES.startDateRequired] });
    expect(await t.deps.db.budget.count({ where: { attendanceId } })).toBe(0);
    expect(await t.deps.db.proposal.count({ where: { budgetId: empty.id } })).toBe(1);
    expect(await t.deps.db.budgetTemplate.count()).toBe(before);
  });

  it('lists by name, searching every word in any order, paginated; renames with a version; deletes', async () => {
    const list = (query: string) => t.call('GET', `/api/budget-templates?${query}`, { token: tokens.colab });
    const all = (await list('per_page=1')).json();
    expect(all.budget_templates.map((x: { name: string }) => x.name)).toEqual(['Buenos Aires completo']);
    expect(all.pagination).toMatchObject({ total_count: 2, total_pages: 2, has_next_page: true });
    const found = (await list(`search=${encodeURIComponent('noites pacote')}`)).json();
    expect(found.budget_templates.map((x: { id: number }) => x.id)).toEqual([proposalTemplate.id]);
    expect((await list('search=aires')).json().pagination.total_count).toBe(2);

    const renamed = await t.call('PATCH', `/api/budget-templates/${proposalTemplate.id}`, {
      token: tokens.colab,
      body: { name: 'Pacote BA 7 noites', version: 1 },
    });
    expect(renamed.json()).toMatchObject({ name: 'Pacote BA 7 noites', version: 2 });
    const stale = await t.call('PATCH', `/api/budget-templates/${proposalTemplate.id}`, {
      token: tokens.colab,
      body: { name: 'Outro', version: 1 },
    });
    expect(stale.statusCode).toBe(409);
    const removed = await t.call('DELETE', `/api/budget-templates/${budgetTemplate.id}`, { token: tokens.colab });
    expect(removed.json()).toEqual({ id: budgetTemplate.id, deleted: true });
    expect((await t.call('GET', `/api/budget-templates/${budgetTemplate.id}`, { token: tokens.colab })).statusCode).toBe(404);
  });

  it("edits a template's services: one renamed and repriced, one removed; bad input, a stale version and another agency change nothing", async () => {
    const id = proposalTemplate.id;
    const row = async () => JSON.stringify(await t.deps.db.budgetTemplate.findUniqueOrThrow({ where: { id } }));
    const patch = (body: Record<string, unknown>, token = tokens.colab) =>
      t.call('PATCH', `/api/budget-templates/${id}/services`, { token, body });
    const before = await row();
    const flightOnly = { services: [{ index: 0, title: 'Voo direto a Buenos Aires', adult_cents: 180_000, total_cents: 5 }] };
    const refused: [Record<string, unknown>, Record<string, string[]> | null][] = [
      [{ version: 2, proposals: [] }, null],
      [{ version: 2, proposals: [{ services: [{ index: 0, title: 'Voo', cost_cents: 1 }] }] }, null],
      [{ version: 2, proposals: [flightOnly, flightOnly] }, { proposals: [BUDGET_TEMPLATE_MESSAGES.proposalsMismatch] }],
      [
        { version: 2, proposals: [{ services: [{ index: 5, title: 'Voo' }] }] },
        { 'proposals.0.services.0.index': [BUDGET_TEMPLATE_MESSAGES.serviceUnknown] },
      ],
      [
        {
          version: 2,
          proposals: [
            {
              services: [
                { index: 0, title: 'Voo' },
                { index: 0, title: 'Voo de novo' },
              ],
            },
          ],
        },
        { 'proposals.0.services.1.index': [BUDGET_TEMPLATE_MESSAGES.serviceTwice] },
      ],
      [{ version: 2, proposals: [{ services: [] }] }, { proposals: [BUDGET_TEMPLATE_MESSAGES.keepOneService] }],
    ];
    for (const [body, errors] of refused) {
      const res = await patch(body);
      expect(res.statusCode, res.body).toBe(400);
      if (errors) expect(res.json().errors).toEqual(errors);
    }
    expect((await patch({ version: 1, proposals: [flightOnly] })).statusCode).toBe(409);
    expect((await patch({ version: 2, proposals: [flightOnly] }, tokens.outra)).statusCode).toBe(404);
    expect(await row()).toBe(before);

    // The hotel (index 1) is left out: it goes. The flight's fare changes; a total it is not priced by does not.
    const res = await patch({ version: 2, proposals: [flightOnly] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 3, proposals_count: 1, services_count: 1 });
    const shown = (await t.call('GET', `/api/budget-templates/${id}`, { token: tokens.colab })).json();
    expect(shown.proposals[0].services).toEqual([
      {
        type: 'air',
        title: 'Voo direto a Buenos Aires',
        start_day: 0,
        end_day: 7,
        currency: 'BRL',
        adult_cents: 180_000,
        child_cents: 0,
        infant_cents: 0,
        total_cents: 0,
      },
    ]);
  });

  it("another agency's templates and budgets are out of reach", async () => {
    const id = proposalTemplate.id;
    const before = JSON.stringify(await t.deps.db.budgetTemplate.findMany({ orderBy: { id: 'asc' } }));
    expect((await t.call('GET', `/api/budget-templates/${id}`, { token: tokens.outra })).statusCode).toBe(404);
    expect((await t.call('PATCH', `/api/budget-templates/${id}`, { token: tokens.outra, body: { name: 'Invadido' } })).statusCode).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/budget-templates/${id}`, { token: tokens.outra })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/budget-templates', { token: tokens.outra })).json().budget_templates).toEqual([]);
    expect((await create({ name: 'Roubado', budget_id: source.id }, tokens.outra)).json().errors).toEqual({
      budget_id: ['não foi encontrado'],
    });
    const own = await budget(tokens.outra, { start_date: '2027-05-01' });
    const apply = await t.call('POST', '/api/budget-templates/apply', {
      token: tokens.outra,
      body: { template_id: id, budget_id: own.id },
    });
    expect(apply.json().errors).toEqual({ template_id: ['não foi encontrado'] });
    const attendanceId = await attendance(tokens.outra, { start_date: '2027-05-01' });
    const fromTemplate = await t.call('POST', '/api/budgets/', {
      token: tokens.outra,
      body: { attendance_id: attendanceId, template_id: id },
    });
    expect(fromTemplate.json().errors).toEqual({ template_id: ['não foi encontrado'] });
    expect(JSON.stringify(await t.deps.db.budgetTemplate.findMany({ orderBy: { id: 'asc' } }))).toBe(before);
  });
});

describe('/api/service-copies', () => {
  it('finds services of earlier budgets by service title or budget destination, newest first', async () => {
    const list = (query: string, token = tokens.colab) => t.call('GET', `/api/service-copies?${query}`, { token });
    const byTitle = (await list(`search=${encodeURIComponent('caminito tango')}`)).json();
    // The budget made from the whole-budget template holds a copy of the tour too: the newer comes first.
    expect(byTitle.services.map((s: { title: string; start_date: string }) => [s.title, s.start_date])).toEqual([
      ['Tango no Caminito', '2027-09-03'],
      ['Tango no Caminito', '2027-03-12'],
    ]);
    expect(byTitle.services[1]).toMatchObject({
      type: 'tour',
      budget: { id: source.id, destination: 'Buenos Aires', start_date: '2027-03-10' },
    });
    const byDestination = (await list(`search=buenos&exclude_budget_id=${source.id}`)).json();
    expect(byDestination.services.every((s: { budget: { id: number } }) => s.budget.id !== source.id)).toBe(true);
    expect((await list('search=palermo&per_page=1')).json().pagination).toMatchObject({ per_page: 1 });
    expect((await list('search=caminito', tokens.outra)).json().services).toEqual([]);
  });

  it('copies a service into a proposal of another budget, its dates moved with the trip; tenancy', async () => {
    const tourRow = await t.deps.db.service.findFirstOrThrow({ where: { proposalId: source.secondProposalId } });
    const target = await budget(tokens.colab, { start_date: '2027-10-20' });
    const proposalId = target.proposals[0]?.id as number;
    const res = await t.call('POST', '/api/service-copies', {
      token: tokens.colab,
      body: { service_id: tourRow.id, proposal_id: proposalId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      proposal_id: proposalId,
      title: 'Tango no Caminito',
      start_date: '2027-10-22',
      adult_cents: 25_000,
      sale_cents: 50_000,
    });
    const outraBudget = await budget(tokens.outra);
    const stolen = await t.call('POST', '/api/service-copies', {
      token: tokens.outra,
      body: { service_id: tourRow.id, proposal_id: outraBudget.proposals[0]?.id },
    });
    expect(stolen.json().errors).toEqual({ service_id: ['não foi encontrado'] });
    const intoOther = await t.call('POST', '/api/service-copies', {
      token: tokens.outra,
      body: { service_id: tourRow.id, proposal_id: proposalId },
    });
    expect(intoOther.statusCode).toBe(400);
    const bad = await t.call('POST', '/api/service-copies', { token: tokens.colab, body: { service_id: 'x', proposal_id: proposalId } });
    expect(bad.json().errors).toHaveProperty('service_id');
    expect(await t.deps.db.service.count({ where: { budgetId: outraBudget.id } })).toBe(0);
  });
});

describe('favourite suppliers', () => {
  it('are listed first (the pickers offer them first), set and unset by PATCH', async () => {
    const make = async (name: string) => {
      const res = await t.call('POST', '/api/suppliers', {
        token: tokens.colab,
        body: { kind: 'organization', name, service_types: ['tour'] },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: number; is_favorite: boolean };
    };
    const first = await make('Aaa Passeios Favoritos');
    const later = await make('Zzz Passeios Favoritos');
    expect(later.is_favorite).toBe(false);
    const names = async () =>
      (await t.call('GET', '/api/suppliers?service_type=tour&is_active=true&search=passeios%20favoritos', { token: tokens.colab }))
        .json()
        .suppliers.map((s: { name: string; is_favorite: boolean }) => [s.name, s.is_favorite]);
    expect(await names()).toEqual([
      ['Aaa Passeios Favoritos', false],
      ['Zzz Passeios Favoritos', false],
    ]);
    const marked = await t.call('PATCH', `/api/suppliers/${later.id}`, { token: tokens.colab, body: { is_favorite: true } });
    expect(marked.json()).toMatchObject({ is_favorite: true });
    expect(await names()).toEqual([
      ['Zzz Passeios Favoritos', true],
      ['Aaa Passeios Favoritos', false],
    ]);
    expect((await t.call('PATCH', `/api/suppliers/${first.id}`, { token: tokens.outra, body: { is_favorite: true } })).statusCode).toBe(
      404,
    );
    expect((await t.call('PATCH', `/api/suppliers/${first.id}`, { token: tokens.colab, body: { is_favorite: 'sim' } })).statusCode).toBe(
      400,
    );
  });
});
