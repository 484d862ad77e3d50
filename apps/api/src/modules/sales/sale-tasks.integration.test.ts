// The checklist a closed sale becomes, through HTTP: the tasks by the types of service sold (a
// cruise gets the cruise's, never 'Emitir passagens'), their due dates from the sale and the trip,
// assigned to the seller on the sale's attendance; a voucher or contract already sent is not asked
// again; the undo removes the open ones and keeps the done ones; selling again makes no duplicate.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, businessDate, type Task, type TaskBoard } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { anyRow, newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { FILES, multipart } from '../../../test/multipart';
import { ok } from '../../../test/sale-fixtures';

const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'sale-tasks-test-')) });
const tokens = { owner: '', colab: '' };
const users = { owner: 0, colab: 0 };
const airports = { gru: 0, lis: 0 };
const today = businessDate();

const call = (method: string, url: string, body?: unknown, token = tokens.colab) => t.call(method, url, { token, body });
const sell = (id: number, body: Record<string, unknown> = {}) => call('PUT', `/api/budgets/sell/${id}`, body);
const undo = (id: number, body: Record<string, unknown> = {}) => call('PUT', `/api/budgets/undo-sell/${id}`, body);

const common = { currency: 'BRL', adult_number: 2, child_number: 0, infant_number: 0 };
const SERVICES = {
  cruise: () => ({
    ...common,
    type: 'cruise',
    title: 'MSC Seaview: Santos e Búzios',
    start_date: '2027-07-02',
    end_date: '2027-07-09',
    adult_cents: 300_000,
    details: { itinerary: 'Santos, Búzios, Ilhabela' },
  }),
  car: () => ({
    ...common,
    type: 'car_rental',
    title: 'Carro em Santos',
    start_date: '2027-07-01',
    end_date: '2027-07-02',
    total_cents: 40_000,
    details: { pickup_place: 'Rodoviária de Santos' },
  }),
  air: () => ({
    ...common,
    type: 'air',
    title: 'São Paulo – Lisboa',
    start_date: '2027-07-01',
    end_date: '2027-07-10',
    adult_cents: 450_000,
    details: {
      segments: [
        { origin_airport_id: airports.gru, destination_airport_id: airports.lis, departure_date: '2027-07-01' },
        { origin_airport_id: airports.lis, destination_airport_id: airports.gru, departure_date: '2027-07-10' },
      ],
    },
  }),
  hotel: () => ({
    ...common,
    type: 'accommodation',
    title: 'Hotel em Lisboa',
    start_date: '2027-07-02',
    end_date: '2027-07-10',
    details: {
      hotel_name: 'Hotel Avenida',
      rooms: [{ id: 'room-1', adult_number: 2, child_number: 0, infant_number: 0, value: 500_000, number_room: 1 }],
    },
  }),
  tour: () => ({
    ...common,
    type: 'tour',
    title: 'Passeio a Sintra',
    start_date: '2027-07-04',
    adult_cents: 30_000,
    details: { place: 'Sintra' },
  }),
};

/** A sent budget of the trip 01/07/2027 to 10/07/2027 with `services` in its first proposal (ids in order). */
async function sentBudget(services: Record<string, unknown>[]) {
  const budget = await newBudget(t, tokens.colab, { start_date: '2027-07-01', end_date: '2027-07-10' });
  const ids: number[] = [];
  for (const service of services) {
    ids.push((await ok<{ id: number }>(await call('POST', '/api/services', { proposal_id: budget.proposalId, ...service }))).id);
  }
  await ok(await call('PATCH', `/api/budgets/${budget.id}`, { status: 'sent' }));
  const { attendance_id } = await ok<{ attendance_id: number }>(await call('GET', `/api/budgets/${budget.id}`));
  return { id: budget.id, proposalId: budget.proposalId, attendanceId: attendance_id, services: ids };
}

/** The attendance's tasks, every column, in board order. */
async function tasksOf(attendanceId: number): Promise<Task[]> {
  const board = await ok<TaskBoard>(await call('GET', `/api/tasks?attendance_id=${attendanceId}`));
  return [...board.to_do, ...board.doing, ...board.on_hold, ...board.done];
}
const rows = (tasks: Task[]) => tasks.map((x) => [x.title, x.due_date, x.priority]);

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  const userId = async (email: string) => (await t.deps.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  users.owner = await userId(DEMO.users.owner);
  users.colab = await userId(DEMO.users.colaborador);
  airports.gru = await anyRow(t, 'air_airport_params');
  airports.lis = await anyRow(t, 'air_airport_params', 1);
});

describe('the checklist of a closed sale', () => {
  it('a cruise and a car: the cruise and car tasks, no tickets to issue, for the seller on the attendance, logged', async () => {
    const b = await sentBudget([SERVICES.cruise(), SERVICES.car()]);
    // The colaborador records the sale; the owner sold it.
    await ok(await sell(b.id, { proposal_id: b.proposalId, seller_user_id: users.owner }));
    const tasks = await tasksOf(b.attendanceId);
    expect(rows(tasks)).toEqual([
      ['Enviar contrato para assinatura', today, 'high'],
      ['Conferir documentos dos passageiros', addDays(today, 3), 'high'],
      ['Pedir avaliação após a viagem', '2027-07-12', 'low'],
      ['Confirmar cabine com a armadora: MSC Seaview: Santos e Búzios', addDays(today, 2), 'high'],
      ['Enviar documentação de embarque do cruzeiro: MSC Seaview: Santos e Búzios', '2027-06-22', 'high'],
      ['Confirmar locação do carro: Carro em Santos', addDays(today, 2), 'normal'],
      ['Enviar voucher da locação: Carro em Santos', '2027-06-24', 'normal'],
    ]);
    expect(tasks.some((x) => x.title.startsWith('Emitir passagens'))).toBe(false);
    for (const task of tasks) {
      expect(task).toMatchObject({ status: 'to_do', origin: 'sale', assignee: { id: users.owner }, attendance: { id: b.attendanceId } });
    }
    // At the end of the to-do column, in order, each with its creation logged by who recorded the sale.
    const positions = tasks.map((x) => x.position);
    expect(positions).toEqual(positions.map((_, i) => (positions[0] ?? 0) + i));
    const logs = await t.deps.db.taskLog.findMany({ where: { taskId: { in: tasks.map((x) => x.id) } } });
    expect(logs.map((l) => [l.action, l.userId])).toEqual(tasks.map(() => ['created', users.colab]));
    // The seller finds them on the board under "my tasks".
    const mine = await ok<TaskBoard>(await call('GET', '/api/tasks?assignee=me', undefined, tokens.owner));
    expect(mine.to_do.filter((x) => x.attendance?.id === b.attendanceId)).toHaveLength(tasks.length);
  });

  it("a flight and a hotel: tickets right after the sale, check-in 2 days before the flight, the hotel's confirmation and voucher", async () => {
    const b = await sentBudget([SERVICES.air(), SERVICES.hotel()]);
    await ok(await sell(b.id, { proposal_id: b.proposalId }));
    expect(rows((await tasksOf(b.attendanceId)).slice(3))).toEqual([
      ['Emitir passagens: São Paulo – Lisboa', addDays(today, 1), 'high'],
      ['Fazer check-in online: São Paulo – Lisboa', '2027-06-29', 'high'],
      ['Confirmar reserva do hotel: Hotel em Lisboa', addDays(today, 2), 'high'],
      ['Enviar voucher do hotel: Hotel em Lisboa', '2027-06-25', 'normal'],
    ]);
    expect((await tasksOf(b.attendanceId)).every((x) => x.assignee?.id === users.colab)).toBe(true);
  });

  it('the undo removes the open tasks and keeps the done ones and the others; sold again, no duplicate and the sent voucher and contract are not asked again', async () => {
    const b = await sentBudget([SERVICES.hotel(), SERVICES.tour()]);
    const { sale } = await ok<{ sale: { id: number } }>(await sell(b.id, { proposal_id: b.proposalId }));
    const first = await tasksOf(b.attendanceId);
    expect(first).toHaveLength(7);
    const byTitle = (tasks: Task[], title: string) => tasks.find((x) => x.title.startsWith(title)) as Task;
    // The agent confirms the hotel, starts on the documents and adds a task of their own.
    const hotel = byTitle(first, 'Confirmar reserva do hotel');
    await ok(await call('PATCH', `/api/tasks/${hotel.id}`, { status: 'done' }));
    await ok(await call('PATCH', `/api/tasks/${byTitle(first, 'Conferir documentos').id}`, { status: 'doing' }));
    const typed = await ok<Task>(await call('POST', '/api/tasks', { title: 'Ligar para a cliente', attendance_id: b.attendanceId }));
    // The tour's voucher goes out; a contract is sent.
    const upload = multipart({ budget_id: String(b.id), service_id: String(b.services[1]) }, [
      { filename: 'sintra.pdf', contentType: 'application/pdf', data: FILES.pdf },
    ]);
    await ok(await t.call('POST', '/api/vouchers/upload', { token: tokens.colab, body: upload.body, headers: upload.headers }));
    await ok(await call('POST', '/api/vouchers/send', { budget_id: b.id, to: ['cliente@exemplo.test'] }));
    await t.platform.jobs.drain();
    const { companyId } = await t.deps.db.budget.findUniqueOrThrow({ where: { id: b.id }, select: { companyId: true } });
    await t.deps.db.contract.create({
      data: { companyId, budgetId: b.id, saleId: sale.id, status: 'sent', fileKey: 'files/contrato.pdf' },
    });

    const out = await ok(await undo(b.id, { contracts: 'keep' }));
    expect(out).toMatchObject({ canceled_tasks: 6 });
    const undone = await tasksOf(b.attendanceId);
    expect(undone.map((x) => x.id).sort()).toEqual([hotel.id, typed.id].sort());
    const deleted = await t.deps.db.taskLog.findMany({
      where: { action: 'deleted', companyId, taskTitle: { contains: 'Sintra' } },
      orderBy: { id: 'asc' },
    });
    expect(deleted.map((l) => [l.taskTitle, l.userId, l.taskId])).toEqual([
      ['Confirmar passeio/ingresso: Passeio a Sintra', users.colab, null],
      ['Enviar voucher do passeio/ingresso: Passeio a Sintra', users.colab, null],
    ]);
    const history = await t.deps.db.attendanceLog.findFirstOrThrow({
      where: { attendanceId: b.attendanceId, action: 'budget_sale_undone' },
    });
    expect(history.changes).toMatchObject({ canceled_tasks: { from: null, to: 6 } });

    await ok(await sell(b.id, { proposal_id: b.proposalId }));
    const again = await tasksOf(b.attendanceId);
    expect(again.map((x) => x.title).sort()).toEqual(
      [
        'Ligar para a cliente',
        'Conferir documentos dos passageiros',
        'Pedir avaliação após a viagem',
        'Confirmar reserva do hotel: Hotel em Lisboa',
        'Enviar voucher do hotel: Hotel em Lisboa',
        'Confirmar passeio/ingresso: Passeio a Sintra',
      ].sort(),
    );
    expect(byTitle(again, 'Confirmar reserva do hotel')).toMatchObject({ id: hotel.id, status: 'done' });
    const sold = await t.deps.db.attendanceLog.findMany({
      where: { attendanceId: b.attendanceId, action: 'budget_sold' },
      orderBy: { id: 'asc' },
    });
    expect(sold.map((l) => (l.changes as Record<string, unknown>).tasks)).toEqual([
      { from: null, to: 7 },
      { from: null, to: 4 },
    ]);

    // Undone and sold once more: the same tasks, none twice.
    await ok(await undo(b.id, { contracts: 'keep' }));
    await ok(await sell(b.id, { proposal_id: b.proposalId }));
    expect((await tasksOf(b.attendanceId)).map((x) => x.title).sort()).toEqual(again.map((x) => x.title).sort());
  });
});
