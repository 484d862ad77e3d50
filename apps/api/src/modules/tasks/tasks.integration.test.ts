// The task board through HTTP: every route, the columns and their order (drag and drop), advancing
// through every status, the filters, another agency's tasks and rows, the preloaded checklist and
// the logs each change writes (the task's and the attendance's history).
import { businessDate, PRELOADED_TASKS, TASK_MESSAGES, type Task, type TaskBoard } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';

const t = useTestApp();
const tokens = { owner: '', colab: '', outra: '' };
const users = { owner: 0, colab: 0, outra: 0 };
let attendanceId = 0;
let outraAttendanceId = 0;
let companyId = 0;

async function ok<T = Record<string, unknown>>(res: { statusCode: number; body: string; json(): unknown }): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const create = async (body: Record<string, unknown>, token = tokens.colab) => ok<Task>(await t.call('POST', '/api/tasks', { token, body }));
const board = async (query = '', token = tokens.colab) => ok<TaskBoard>(await t.call('GET', `/api/tasks${query}`, { token }));
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function newAttendance(token: string, body: Record<string, unknown> = {}): Promise<number> {
  const client = await ok<{ id: number }>(
    await t.call('POST', '/api/clients', { token, body: { kind: 'person', name: 'Cliente das Tarefas' } }),
  );
  const attendance = await ok<{ id: number }>(
    await t.call('POST', '/api/attendances', { token, body: { client_id: client.id, title: 'Férias em Lisboa', ...body } }),
  );
  return attendance.id;
}

const userId = async (email: string) => (await t.deps.db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  users.owner = await userId(DEMO.users.owner);
  users.colab = await userId(DEMO.users.colaborador);
  users.outra = await userId(DEMO.users.outraOwner);
  companyId = (await t.deps.db.company.findFirstOrThrow({ where: { name: DEMO.companies.demo }, select: { id: true } })).id;
  attendanceId = await newAttendance(tokens.colab);
  outraAttendanceId = await newAttendance(tokens.outra);
});

describe('tasks', () => {
  it('creates a task at the end of its column, with its log and a row in the attendance history', async () => {
    const task = await create({
      title: 'Ligar para o cliente',
      description: 'Confirmar as datas',
      due_date: '2027-01-15',
      due_time: '09:30',
      assignee_user_id: users.colab,
      attendance_id: attendanceId,
      priority: 'high',
    });
    expect(task).toMatchObject({
      title: 'Ligar para o cliente',
      description: 'Confirmar as datas',
      due_date: '2027-01-15',
      due_time: '09:30',
      status: 'to_do',
      priority: 'high',
      assignee: { id: users.colab, name: 'Colab Demo' },
      attendance: { id: attendanceId, title: 'Férias em Lisboa' },
      origin: 'typed',
      completed_at: null,
    });
    const second = await create({ title: 'Segunda tarefa' });
    expect(second.position).toBe(task.position + 1);
    expect(second).toMatchObject({ assignee: null, attendance: null, priority: 'normal', due_date: null });

    expect(await ok<Task>(await t.call('GET', `/api/tasks/${task.id}`, { token: tokens.owner }))).toEqual(task);
    const log = await t.deps.db.taskLog.findFirstOrThrow({ where: { taskId: task.id } });
    expect(log).toMatchObject({ action: 'created', userId: users.colab, taskTitle: 'Ligar para o cliente' });
    expect(log.changes).toMatchObject({
      title: { from: null, to: 'Ligar para o cliente' },
      attendance_id: { from: null, to: attendanceId },
    });
    const history = await t.deps.db.attendanceLog.findMany({ where: { attendanceId, action: 'task_created' } });
    expect(history.map((h) => h.changes)).toContainEqual({ task: { from: null, to: 'Ligar para o cliente' } });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const before = await t.deps.db.task.count();
    const res = await t.call('POST', '/api/tasks', { token: tokens.colab, body: { title: 'x', due_time: '25:00', priority: 'maxima' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['title', 'due_time', 'priority']));
    expect(await t.deps.db.task.count()).toBe(before);
  });

  it('advances through every status; a done task stays done and unchanged; moving back clears completed_at', async () => {
    const task = await create({ title: 'Avançar até o fim', attendance_id: attendanceId });
    const advance = async () => ok<Task>(await t.call('PUT', `/api/tasks/advance/${task.id}`, { token: tokens.colab }));
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await advance());
    expect(seen.map((s) => s.status)).toEqual(['doing', 'on_hold', 'done']);
    const done = seen[2] as Task;
    expect(done.completed_at).not.toBeNull();
    const logs = await t.deps.db.taskLog.count({ where: { taskId: task.id } });

    const again = await advance();
    expect(again).toEqual(done);
    expect(await t.deps.db.taskLog.count({ where: { taskId: task.id } })).toBe(logs);
    const advanced = await t.deps.db.taskLog.findMany({ where: { taskId: task.id, action: 'advanced' }, orderBy: { id: 'asc' } });
    expect(advanced.map((l) => (l.changes as { status: { from: string; to: string } }).status)).toEqual([
      { from: 'to_do', to: 'doing' },
      { from: 'doing', to: 'on_hold' },
      { from: 'on_hold', to: 'done' },
    ]);
    const doneLogs = await t.deps.db.attendanceLog.findMany({ where: { attendanceId, action: 'task_done' } });
    expect(doneLogs.filter((l) => JSON.stringify(l.changes).includes('Avançar até o fim'))).toHaveLength(1);

    const back = await ok<Task>(await t.call('PATCH', `/api/tasks/${task.id}`, { token: tokens.colab, body: { status: 'to_do' } }));
    expect(back).toMatchObject({ status: 'to_do', completed_at: null });
    const update = await t.deps.db.taskLog.findFirstOrThrow({ where: { taskId: task.id, action: 'updated' } });
    expect(update.changes).toMatchObject({ status: { from: 'done', to: 'to_do' } });
  });

  it('drag and drop: a card moved to a place renumbers its column in order', async () => {
    const attendance = await newAttendance(tokens.colab, { title: 'Arrastar cartões' });
    const a = await create({ title: 'Cartão A', attendance_id: attendance, status: 'on_hold' });
    const b = await create({ title: 'Cartão B', attendance_id: attendance, status: 'on_hold' });
    const c = await create({ title: 'Cartão C', attendance_id: attendance, status: 'on_hold' });
    const column = async (status: 'on_hold' | 'doing') =>
      (await board(`?attendance_id=${attendance}`))[status].map((x) => [x.title, x.position] as const);
    const positions = async (status: 'on_hold' | 'doing') =>
      (
        await t.deps.db.task.findMany({
          where: { companyId, status },
          orderBy: [{ position: 'asc' }, { id: 'asc' }],
          select: { position: true },
        })
      ).map((r) => r.position);

    const moved = await ok<Task>(await t.call('PATCH', `/api/tasks/${c.id}`, { token: tokens.colab, body: { position: 0 } }));
    expect(moved.position).toBe(0);
    expect((await column('on_hold')).map(([title]) => title)).toEqual(['Cartão C', 'Cartão A', 'Cartão B']);
    const onHold = await positions('on_hold');
    expect(onHold).toEqual(onHold.map((_, i) => i));

    await create({ title: 'Cartão D', attendance_id: attendance, status: 'doing' });
    await create({ title: 'Cartão E', attendance_id: attendance, status: 'doing' });
    const doingBefore = await positions('doing');
    const toDoing = await ok<Task>(
      await t.call('PATCH', `/api/tasks/${a.id}`, { token: tokens.colab, body: { status: 'doing', position: 1 } }),
    );
    expect(toDoing).toMatchObject({ status: 'doing', position: 1 });
    const doing = await positions('doing');
    expect(doing).toEqual(doing.map((_, i) => i));
    expect(doing).toHaveLength(doingBefore.length + 1);
    const doingTitles = (await board(`?attendance_id=${attendance}`)).doing.map((x) => x.title);
    expect(doingTitles.indexOf('Cartão A')).toBeLessThan(doingTitles.indexOf('Cartão E'));
    // The column it left has no gap either, nor one a deleted card leaves.
    const leftBehind = await positions('on_hold');
    expect(leftBehind).toEqual(leftBehind.map((_, i) => i));
    const gone = await create({ title: 'Cartão F', attendance_id: attendance, status: 'doing' });
    await ok(await t.call('PATCH', `/api/tasks/${gone.id}`, { token: tokens.colab, body: { position: 0 } }));
    await ok(await t.call('DELETE', `/api/tasks/${gone.id}`, { token: tokens.colab }));
    const afterDelete = await positions('doing');
    expect(afterDelete).toEqual(afterDelete.map((_, i) => i));

    // A position past the end: the end.
    const last = await ok<Task>(await t.call('PATCH', `/api/tasks/${b.id}`, { token: tokens.colab, body: { position: 9999 } }));
    expect(last.position).toBe((await positions('on_hold')).length - 1);
    const log = await t.deps.db.taskLog.findFirstOrThrow({ where: { taskId: a.id, action: 'updated' } });
    expect(log.changes).toMatchObject({ status: { from: 'on_hold', to: 'doing' } });
  });

  it('filters: accent- and case-blind search, mine, a user, an attendance, due, overdue, priority', async () => {
    const attendance = await newAttendance(tokens.colab, { title: 'Filtros' });
    const today = businessDate();
    const base = { attendance_id: attendance };
    const sp = await create({ ...base, title: 'Reservar hotel em São Paulo', assignee_user_id: users.colab });
    const late = await create({ ...base, title: 'Cobrar sinal atrasado', due_date: plusDays(today, -1), assignee_user_id: users.owner });
    const dueToday = await create({ ...base, title: 'Enviar contrato hoje', due_date: today, priority: 'urgent' });
    const lateDone = await create({ ...base, title: 'Pagar fornecedor', due_date: plusDays(today, -3), status: 'done' });
    await create({ ...base, title: 'Revisar roteiro', due_date: plusDays(today, 5) });
    const ids = (b: TaskBoard) => [...b.to_do, ...b.doing, ...b.on_hold, ...b.done].map((x) => x.id).sort((x, y) => x - y);
    const q = (params: string) => board(`?attendance_id=${attendance}&${params}`).then(ids);

    expect(await q('search=SAO%20PAULO')).toEqual([sp.id]);
    expect(await q(`search=${encodeURIComponent('são')}`)).toEqual([sp.id]);
    expect(await q('search=em%20s')).toEqual([sp.id]);
    expect(await q('assignee=me')).toEqual([sp.id]);
    expect(await q('assignee=me')).toEqual(await q(`assignee=${users.colab}`));
    expect(await q(`assignee=${users.owner}`)).toEqual([late.id]);
    expect(await q('due=overdue')).toEqual([late.id]);
    expect(await q('due=due')).toEqual([late.id, dueToday.id].sort((x, y) => x - y));
    expect(await q('priority=urgent')).toEqual([dueToday.id]);
    expect(await q('due=overdue&assignee=me')).toEqual([]);
    expect(ids(await board(`?attendance_id=${attendance}`))).toContain(lateDone.id);

    const counts = (await board(`?attendance_id=${attendance}`)).counts;
    expect(counts).toEqual({ to_do: 4, doing: 0, on_hold: 0, done: 1 });
    expect((await t.call('GET', '/api/tasks?due=later', { token: tokens.colab })).statusCode).toBe(400);
    expect((await t.call('GET', '/api/tasks?assignee=1e3', { token: tokens.colab })).statusCode).toBe(400);
  });

  it("another agency's task answers 404 like a missing one on every route and stays as it was", async () => {
    const theirs = await create({ title: 'Tarefa da Outra', attendance_id: outraAttendanceId }, tokens.outra);
    const before = await t.deps.db.task.findUniqueOrThrow({ where: { id: theirs.id } });
    const logs = await t.deps.db.taskLog.count({ where: { taskId: theirs.id } });
    for (const id of [theirs.id, 2_147_483_000]) {
      const calls = [
        t.call('GET', `/api/tasks/${id}`, { token: tokens.colab }),
        t.call('PATCH', `/api/tasks/${id}`, { token: tokens.colab, body: { title: 'Invadida' } }),
        t.call('PUT', `/api/tasks/advance/${id}`, { token: tokens.colab }),
        t.call('DELETE', `/api/tasks/${id}`, { token: tokens.colab }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(TASK_MESSAGES.notFound);
      }
    }
    expect(await t.deps.db.task.findUniqueOrThrow({ where: { id: theirs.id } })).toEqual(before);
    expect(await t.deps.db.taskLog.count({ where: { taskId: theirs.id } })).toBe(logs);
    expect((await board('', tokens.colab)).to_do.map((x) => x.id)).not.toContain(theirs.id);
    expect((await board(`?attendance_id=${outraAttendanceId}`)).counts).toEqual({ to_do: 0, doing: 0, on_hold: 0, done: 0 });

    const mine = await create({ title: 'Minha tarefa' });
    const refs = [
      [{ assignee_user_id: users.outra }, TASK_MESSAGES.assigneeNotFound],
      [{ attendance_id: outraAttendanceId }, TASK_MESSAGES.attendanceNotFound],
    ] as const;
    for (const [body, message] of refs) {
      const created = await t.call('POST', '/api/tasks', { token: tokens.colab, body: { title: 'Com referência alheia', ...body } });
      expect(created.statusCode).toBe(404);
      expect(created.json().message).toBe(message);
      const patched = await t.call('PATCH', `/api/tasks/${mine.id}`, { token: tokens.colab, body });
      expect(patched.statusCode).toBe(404);
      expect(patched.json().message).toBe(message);
    }
    expect(await t.deps.db.task.count({ where: { title: 'Com referência alheia' } })).toBe(0);
    expect(await ok<Task>(await t.call('GET', `/api/tasks/${mine.id}`, { token: tokens.colab }))).toEqual(mine);

    // An inactive user of the agency cannot be assigned either.
    await t.deps.db.user.update({ where: { id: users.owner }, data: { status: 'inactive' } });
    try {
      const res = await t.call('PATCH', `/api/tasks/${mine.id}`, { token: tokens.colab, body: { assignee_user_id: users.owner } });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.deps.db.user.update({ where: { id: users.owner }, data: { status: 'active' } });
    }
  });

  it('deletes a task, keeping its log with the title', async () => {
    const task = await create({ title: 'Tarefa a excluir', attendance_id: attendanceId });
    expect(await ok(await t.call('DELETE', `/api/tasks/${task.id}`, { token: tokens.owner }))).toEqual({ id: task.id, deleted: true });
    expect((await t.call('GET', `/api/tasks/${task.id}`, { token: tokens.colab })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/tasks/${task.id}`, { token: tokens.owner })).statusCode).toBe(404);
    const logs = await t.deps.db.taskLog.findMany({ where: { taskTitle: 'Tarefa a excluir' }, orderBy: { id: 'asc' } });
    expect(logs.map((l) => [l.action, l.taskId])).toEqual([
      ['created', null],
      ['deleted', null],
    ]);
    expect(logs[1]?.changes).toMatchObject({ title: { from: 'Tarefa a excluir', to: null } });
  });
});

describe('preloaded tasks', () => {
  it('lists the trip checklist', async () => {
    const { items } = await ok<{ items: { key: string; title: string }[] }>(
      await t.call('GET', '/api/system/preloaded-tasks', { token: tokens.colab }),
    );
    expect(items.map((i) => i.key)).toEqual(PRELOADED_TASKS.map((p) => p.key));
    expect(items.map((i) => i.title)).toEqual(
      expect.arrayContaining(['Emitir passagens', 'Fazer check-in online (48 h antes do voo)', 'Pedir avaliação após a viagem']),
    );
  });

  it('loads items onto an attendance with due dates from its anchors, each once', async () => {
    const attendance = await newAttendance(tokens.colab, { title: 'Viagem a Roma', start_date: '2027-05-10', end_date: '2027-05-20' });
    const keys = ['emitir_passagens', 'checkin_online', 'pedir_avaliacao'];
    const first = await ok<{ created: Task[]; skipped: string[] }>(
      await t.call('POST', '/api/tasks/preload', { token: tokens.owner, body: { attendance_id: attendance, keys } }),
    );
    expect(first.skipped).toEqual([]);
    expect(first.created.map((c) => [c.title, c.due_date, c.origin, c.assignee?.id, c.attendance?.id])).toEqual([
      ['Emitir passagens', plusDays(businessDate(), 1), 'preload', users.colab, attendance],
      ['Fazer check-in online (48 h antes do voo)', '2027-05-08', 'preload', users.colab, attendance],
      ['Pedir avaliação após a viagem', '2027-05-22', 'preload', users.colab, attendance],
    ]);
    expect(await t.deps.db.attendanceLog.count({ where: { attendanceId: attendance, action: 'task_created' } })).toBe(3);
    expect(await t.deps.db.taskLog.count({ where: { taskId: { in: first.created.map((c) => c.id) }, action: 'created' } })).toBe(3);

    const second = await ok<{ created: Task[]; skipped: string[] }>(
      await t.call('POST', '/api/tasks/preload', {
        token: tokens.colab,
        body: { attendance_id: attendance, keys: [...keys, 'confirmar_transfer'], assignee_user_id: null },
      }),
    );
    expect(second.skipped).toEqual(keys);
    expect(second.created.map((c) => [c.title, c.due_date, c.assignee])).toEqual([['Confirmar transfer', '2027-05-03', null]]);
    expect(await t.deps.db.task.count({ where: { attendanceId: attendance } })).toBe(4);
    expect(await t.deps.db.attendanceLog.count({ where: { attendanceId: attendance, action: 'task_created' } })).toBe(4);
  });

  it('leaves trip items without a date when the attendance has none; a won sale counts from its closing', async () => {
    const attendance = await newAttendance(tokens.colab, { title: 'Sem datas' });
    const res = await ok<{ created: Task[] }>(
      await t.call('POST', '/api/tasks/preload', {
        token: tokens.colab,
        body: { attendance_id: attendance, keys: ['enviar_voucher', 'contratar_seguro'] },
      }),
    );
    expect(res.created.map((c) => c.due_date)).toEqual([null, plusDays(businessDate(), 3)]);

    await t.deps.db.attendance.update({ where: { id: attendance }, data: { status: 'won', closedAt: new Date('2026-02-10T15:00:00Z') } });
    const won = await ok<{ created: Task[] }>(
      await t.call('POST', '/api/tasks/preload', { token: tokens.colab, body: { attendance_id: attendance, keys: ['emitir_passagens'] } }),
    );
    expect(won.created.map((c) => c.due_date)).toEqual(['2026-02-11']);
  });

  it("refuses unknown keys (400) and another agency's attendance or user (404), creating nothing", async () => {
    const before = await t.deps.db.task.count();
    const unknown = await t.call('POST', '/api/tasks/preload', {
      token: tokens.colab,
      body: { attendance_id: attendanceId, keys: ['emitir_passagens', 'dancar_samba'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.keys).toEqual([`${TASK_MESSAGES.unknownPreloaded}: dancar_samba`]);
    const theirs = await t.call('POST', '/api/tasks/preload', {
      token: tokens.colab,
      body: { attendance_id: outraAttendanceId, keys: ['emitir_passagens'] },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(TASK_MESSAGES.attendanceNotFound);
    const theirUser = await t.call('POST', '/api/tasks/preload', {
      token: tokens.colab,
      body: { attendance_id: attendanceId, keys: ['emitir_passagens'], assignee_user_id: users.outra },
    });
    expect(theirUser.statusCode).toBe(404);
    expect(await t.deps.db.task.count()).toBe(before);
  });
});

describe('follow-up settings', () => {
  it('every rule starts on but the e-mails to customers; owners and administrators switch them, colaboradores only read', async () => {
    const initial = await ok<{ rules: { rule: string; enabled: boolean; label: string; days: number | null }[] }>(
      await t.call('GET', '/api/tasks/follow-up-settings', { token: tokens.colab }),
    );
    expect(
      initial.rules
        .filter((r) => !r.enabled)
        .map((r) => r.rule)
        .sort(),
    ).toEqual(['budget_customer_reminder', 'receivable_customer_reminder']);
    expect(initial.rules.filter((r) => r.days !== null).map((r) => [r.rule, r.days])).toEqual([
      ['receivable_due_soon', 3],
      ['receivable_overdue', 3],
    ]);
    expect(initial.rules.map((r) => r.rule)).toContain('supplier_payment_due');

    const body = { rules: [{ rule: 'budget_not_opened', enabled: false }] };
    expect((await t.call('PUT', '/api/tasks/follow-up-settings', { token: tokens.colab, body })).statusCode).toBe(403);
    const updated = await ok<typeof initial>(await t.call('PUT', '/api/tasks/follow-up-settings', { token: tokens.owner, body }));
    expect(updated.rules.find((r) => r.rule === 'budget_not_opened')?.enabled).toBe(false);
    expect(updated.rules.filter((r) => !r.enabled)).toHaveLength(3);
    // Another agency keeps its own.
    const outra = await ok<typeof initial>(await t.call('GET', '/api/tasks/follow-up-settings', { token: tokens.outra }));
    expect(outra.rules.filter((r) => !r.enabled)).toHaveLength(2);
  });

  it("the rules counted in days take the agency's N (1 to 30); days on another rule or out of range are refused and change nothing", async () => {
    const put = (rules: unknown) => t.call('PUT', '/api/tasks/follow-up-settings', { token: tokens.owner, body: { rules } });
    const saved = await ok<{ rules: { rule: string; days: number | null }[] }>(
      await put([{ rule: 'receivable_overdue', enabled: true, days: 10 }]),
    );
    expect(saved.rules.find((r) => r.rule === 'receivable_overdue')?.days).toBe(10);
    const other = await put([{ rule: 'budget_not_opened', enabled: true, days: 4 }]);
    expect(other.statusCode).toBe(400);
    expect(JSON.stringify(other.json())).toContain('Esta regra não tem dias a escolher.');
    expect((await put([{ rule: 'receivable_due_soon', enabled: true, days: 31 }])).statusCode).toBe(400);
    expect((await put([{ rule: 'receivable_due_soon', enabled: true, days: 0 }])).statusCode).toBe(400);
    const now = await ok<typeof saved>(await t.call('GET', '/api/tasks/follow-up-settings', { token: tokens.owner }));
    expect(now.rules.filter((r) => r.days !== null).map((r) => [r.rule, r.days])).toEqual([
      ['receivable_due_soon', 3],
      ['receivable_overdue', 10],
    ]);
    expect(now.rules.find((r) => r.rule === 'budget_not_opened')?.days).toBeNull();
  });
});
