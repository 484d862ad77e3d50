// POST /api/budgets/duplicate with the copy's own attendance and dates, through HTTP against the
// real database: the title marked " (cópia)" once however many generations, another attendance of
// the agency (client and owner follow it), new dates moving the services' dates (flight segments
// included), and the refusals (another agency's attendance, end before start) that create nothing.
import { CLIENT_FIELD_MESSAGES } from '@app/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemRow } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { copyTitle } from './budget-copy.service';

const t = useTestApp();
const tokens = { owner: '', outra: '' };
const ids = { client: 0, client2: 0, colabUser: 0, attendance: 0, attendance2: 0, outraAttendance: 0, gru: 0, lis: 0 };

/** A reply's JSON, typed as JSON.parse types it. */
type Json = ReturnType<typeof JSON.parse>;

async function ok(res: LightMyRequestResponse, status = 200): Promise<Json> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const post = (url: string, body: unknown, token = tokens.owner) => t.call('POST', url, { token, body });
const duplicate = (body: Json, token = tokens.owner) => post('/api/budgets/duplicate', body, token);

/** Every row of a budget's tree, counted: what a refused copy must not have left. */
async function treeCounts() {
  const db = t.deps.db;
  return {
    budgets: await db.budget.count(),
    paxes: await db.budgetPax.count(),
    proposals: await db.proposal.count(),
    services: await db.service.count(),
    recommendations: await db.recommendation.count(),
  };
}

async function budgetOf(attendanceId: number, body: Json = {}): Promise<Json> {
  return ok(await post('/api/budgets/', { attendance_id: attendanceId, ...body }));
}

const otherService = (title: string, dates: { start_date?: string; end_date?: string } = {}) => ({
  type: 'other',
  title,
  adult_number: 1,
  child_number: 0,
  infant_number: 0,
  currency: 'BRL',
  total_cents: 10_000,
  details: {},
  ...dates,
});

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  ids.client = (await ok(await post('/api/clients', { kind: 'person', name: 'Ana Duarte' }))).id;
  ids.client2 = (await ok(await post('/api/clients', { kind: 'person', name: 'Bruno Queiroz' }))).id;
  const outraClient = (await ok(await post('/api/clients', { kind: 'person', name: 'Cliente da Outra' }, tokens.outra))).id;
  ids.colabUser = (await t.deps.db.user.findFirstOrThrow({ where: { email: DEMO.users.colaborador } })).id;
  ids.attendance = (
    await ok(
      await post('/api/attendances', {
        client_id: ids.client,
        title: 'Lisboa em março',
        start_date: '2027-03-10',
        end_date: '2027-03-20',
      }),
    )
  ).id;
  ids.attendance2 = (
    await ok(await post('/api/attendances', { client_id: ids.client2, title: 'Outra família', owner_user_id: ids.colabUser }))
  ).id;
  ids.outraAttendance = (await ok(await post('/api/attendances', { client_id: outraClient, title: 'Viagem da Outra' }, tokens.outra))).id;
  ids.gru = await systemRow(t, 'air_airport_params', { code: 'GRU' });
  ids.lis = await systemRow(t, 'air_airport_params', { code: 'LIS' });
});

describe('the copy title', () => {
  it('gets " (cópia)" once over two generations, and the same attendance and dates when none are sent', async () => {
    const original = await budgetOf(ids.attendance, { title: 'Roteiro Lisboa' });
    const first = await ok(await duplicate({ id: original.id }));
    expect(first).toMatchObject({
      title: 'Roteiro Lisboa (cópia)',
      attendance_id: ids.attendance,
      client: original.client,
      owner: original.owner,
      start_date: '2027-03-10',
      end_date: '2027-03-20',
    });
    const second = await ok(await duplicate({ id: first.id }));
    expect(second.title).toBe('Roteiro Lisboa (cópia)');
    expect(second.id).not.toBe(first.id);
    // The third generation too, and the list agrees with the tree.
    const third = await ok(await duplicate({ id: second.id }));
    expect(third.title).toBe('Roteiro Lisboa (cópia)');
    const stored = await t.deps.db.budget.findMany({ where: { id: { in: [first.id, second.id, third.id] } }, select: { title: true } });
    expect(stored.map((b) => b.title)).toEqual(['Roteiro Lisboa (cópia)', 'Roteiro Lisboa (cópia)', 'Roteiro Lisboa (cópia)']);
  });

  it('stays within the contract title length, keeping the mark', () => {
    const long = 'Á'.repeat(160);
    const copied = copyTitle(long);
    expect(copied).toHaveLength(160);
    expect(copied.endsWith(' (cópia)')).toBe(true);
    expect(copyTitle(copied)).toBe(copied);
    expect(copyTitle('Viagem (cópia) de volta')).toBe('Viagem (cópia) de volta (cópia)');
  });
});

describe('POST /api/budgets/duplicate with attendance and dates', () => {
  it('copies for another attendance of the agency and new dates: client and owner follow, services move by as many days', async () => {
    const original = await budgetOf(ids.attendance, { title: 'Lisboa para dois' });
    const proposalId = original.proposals[0].id;
    const segments = [
      {
        origin_airport_id: ids.gru,
        destination_airport_id: ids.lis,
        flight_number: 'TP 88',
        departure_date: '2027-03-10',
        departure_time: '22:05',
        arrival_date: '2027-03-11',
        arrival_time: '11:40',
      },
      { origin_airport_id: ids.lis, destination_airport_id: ids.gru, departure_date: '2027-03-20' },
    ];
    await ok(
      await post('/api/services', {
        proposal_id: proposalId,
        ...otherService('Voo', { start_date: '2027-03-10', end_date: '2027-03-20' }),
        type: 'air',
        details: { segments },
      }),
    );
    await ok(await post('/api/services', { proposal_id: proposalId, ...otherService('Passeio', { start_date: '2027-03-12' }) }));
    await ok(await post('/api/services', { proposal_id: proposalId, ...otherService('Seguro sem data') }));
    const before = await t.call('GET', `/api/budgets/${original.id}`, { token: tokens.owner });

    // 2027-03-10 → 2027-04-01: 22 days later.
    const copy = await ok(
      await duplicate({ id: original.id, attendance_id: ids.attendance2, start_date: '2027-04-01', end_date: '2027-04-12' }),
    );
    expect(copy).toMatchObject({
      title: 'Lisboa para dois (cópia)',
      attendance_id: ids.attendance2,
      client: { id: ids.client2, name: 'Bruno Queiroz' },
      owner: { id: ids.colabUser },
      start_date: '2027-04-01',
      end_date: '2027-04-12',
      status: 'draft',
    });
    const services = copy.proposals[0].services;
    expect(services.map((s: Json) => [s.title, s.start_date, s.end_date])).toEqual([
      ['Voo', '2027-04-01', '2027-04-11'],
      ['Passeio', '2027-04-03', null],
      ['Seguro sem data', null, null],
    ]);
    expect(services[0].details.segments).toEqual([
      { ...segments[0], departure_date: '2027-04-01', arrival_date: '2027-04-02' },
      { ...segments[1], departure_date: '2027-04-11' },
    ]);
    // The copy is the other attendance's; the original is untouched.
    const listed = await ok(await t.call('GET', `/api/budgets?attendance_id=${ids.attendance2}`, { token: tokens.owner }));
    expect(listed.budgets.map((b: Json) => b.id)).toEqual([copy.id]);
    expect((await t.call('GET', `/api/budgets/${original.id}`, { token: tokens.owner })).json()).toEqual(before.json());
  });

  it('only the dates sent change; cleared dates leave the services where they were', async () => {
    const original = await budgetOf(ids.attendance, { title: 'Datas parciais' });
    await ok(
      await post('/api/services', { proposal_id: original.proposals[0].id, ...otherService('Traslado', { start_date: '2027-03-15' }) }),
    );
    const later = await ok(await duplicate({ id: original.id, end_date: '2027-03-25' }));
    expect(later).toMatchObject({ start_date: '2027-03-10', end_date: '2027-03-25', attendance_id: ids.attendance });
    expect(later.proposals[0].services[0].start_date).toBe('2027-03-15');
    const undated = await ok(await duplicate({ id: original.id, start_date: null, end_date: null }));
    expect(undated).toMatchObject({ start_date: null, end_date: null });
    expect(undated.proposals[0].services[0].start_date).toBe('2027-03-15');
  });

  it("another agency's attendance (or one that does not exist): 404, nothing created", async () => {
    const original = await budgetOf(ids.attendance, { title: 'Não copiar', paxes: [{ name: 'Pax', age_group: 'adult' }] });
    await ok(await post('/api/services', { proposal_id: original.proposals[0].id, ...otherService('Algo') }));
    const before = await treeCounts();
    for (const attendanceId of [ids.outraAttendance, 999_999_999]) {
      const res = await duplicate({ id: original.id, attendance_id: attendanceId });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND', errors: { attendance_id: [CLIENT_FIELD_MESSAGES.notFound] } });
    }
    // Nor may the other agency copy this budget into its own attendance.
    const foreign = await duplicate({ id: original.id, attendance_id: ids.outraAttendance }, tokens.outra);
    expect(foreign.statusCode).toBe(404);
    expect(await treeCounts()).toEqual(before);
  });

  it('end before start: 400 in the error format, nothing created', async () => {
    const original = await budgetOf(ids.attendance, { title: 'Datas trocadas' });
    const before = await treeCounts();
    const bothSent = await duplicate({ id: original.id, start_date: '2027-05-10', end_date: '2027-05-01' });
    expect(bothSent.statusCode).toBe(400);
    expect(bothSent.json()).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      message: expect.any(String),
      errors: { end_date: [CLIENT_FIELD_MESSAGES.endBeforeStart] },
    });
    // Only an end sent, before the original's start (2027-03-10): checked against it.
    const endOnly = await duplicate({ id: original.id, end_date: '2027-03-01' });
    expect(endOnly.statusCode).toBe(400);
    expect(endOnly.json()).toMatchObject({ status: 400, code: 'VALIDATION', errors: { end_date: [CLIENT_FIELD_MESSAGES.endBeforeStart] } });
    // A start alone past the original's end, likewise.
    const startOnly = await duplicate({ id: original.id, start_date: '2027-03-21' });
    expect(startOnly.statusCode).toBe(400);
    expect(Object.keys(startOnly.json().errors)).toEqual(['end_date']);
    const badDate = await duplicate({ id: original.id, start_date: '2027-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(Object.keys(badDate.json().errors)).toEqual(['start_date']);
    expect(await treeCounts()).toEqual(before);
  });
});
