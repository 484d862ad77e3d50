// The automatic follow-ups against a real database and the real queue: a subject of each rule (and
// near misses that are not), two runs (tasks, history rows and reminder mails once), a mail that
// fails (released, sent by the next run, nothing twice) and a rule the agency turned off.
import { businessDate } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, jobRun, useTestApp } from '../../../test/harness';
import { documentCipherOf } from '../../document-numbers';
import type { Mailer } from '../../platform/mail';
import { runFollowUps } from './follow-ups.service';
import { followUpsJob } from './tasks.jobs';

const t = useTestApp();
const tokens = { owner: '', colab: '' };
const DAY = 24 * 3_600_000;
const today = businessDate();
const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const ago = (days: number) => new Date(Date.now() - days * DAY);
const SUBJECT = 'Nova tarefa de acompanhamento: ';

async function run() {
  await t.platform.jobs.enqueue(followUpsJob, {});
  await t.platform.jobs.drain();
}
const followUps = () =>
  t.deps.db.task.findMany({
    where: { sourceKey: { startsWith: 'follow-up:' } },
    orderBy: { id: 'asc' },
    select: {
      sourceKey: true,
      title: true,
      priority: true,
      status: true,
      dueDate: true,
      assigneeUserId: true,
      attendanceId: true,
      reminderSentAt: true,
    },
  });
const reminders = async () => (await t.mailsTo(DEMO.users.colaborador)).filter((m) => m.subject.startsWith(SUBJECT));
const followUpLogs = () => t.deps.db.attendanceLog.count({ where: { action: 'follow_up' } });

async function tripAttendance(title: string, startsIn: number): Promise<number> {
  const client = await t.call('POST', '/api/clients', { token: tokens.colab, body: { kind: 'person', name: `Cliente ${title}` } });
  const res = await t.call('POST', '/api/attendances', {
    token: tokens.colab,
    body: { client_id: client.json().id, title, start_date: plusDays(today, startsIn), end_date: plusDays(today, startsIn + 7) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const seeded = {
  notOpened: 0,
  sentYesterday: 0,
  notAccepted: 0,
  openedRecently: 0,
  trip: 0,
  laterTrip: 0,
  passportAttendance: 0,
  passportClient: 0,
};
let colabId = 0;

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.colab = await t.tokenFor(DEMO.users.colaborador);
  colabId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.colaborador }, select: { id: true } })).id;
  const db = t.deps.db;
  const sent = async (sentAt: Date, extra: Record<string, unknown> = {}) => {
    const b = await newBudget(t, tokens.colab, extra);
    await db.budget.update({ where: { id: b.id }, data: { status: 'sent', sentAt } });
    return db.budget.findUniqueOrThrow({ where: { id: b.id }, select: { id: true, companyId: true, attendanceId: true, clientId: true } });
  };
  const view = async (budget: { id: number; companyId: number }, viewedAt: Date) => {
    await db.budgetLandingView.create({ data: { companyId: budget.companyId, budgetId: budget.id, viewedAt } });
    await db.budget.update({ where: { id: budget.id }, data: { landingViewsCount: { increment: 1 }, landingLastViewedAt: viewedAt } });
  };

  seeded.notOpened = (await sent(ago(3))).id;
  seeded.sentYesterday = (await sent(ago(1))).id;
  const notAccepted = await sent(ago(8));
  await view(notAccepted, ago(6));
  await view(notAccepted, ago(1));
  seeded.notAccepted = notAccepted.id;
  const openedRecently = await sent(ago(4));
  await view(openedRecently, ago(2));
  seeded.openedRecently = openedRecently.id;

  seeded.trip = await tripAttendance('Viagem a Salvador', 3);
  seeded.laterTrip = await tripAttendance('Viagem a Recife', 10);

  // Back 40 days from now; a passport ending 2 months after it, and a traveller whose passport is fine.
  const passport = await sent(new Date(), { start_date: plusDays(today, 30), end_date: plusDays(today, 40) });
  seeded.passportAttendance = passport.attendanceId;
  seeded.passportClient = passport.clientId;
  const fine = await t.call('POST', '/api/clients', { token: tokens.colab, body: { kind: 'person', name: 'Passaporte em Dia' } });
  const fineId = fine.json().id as number;
  const cipher = documentCipherOf(t.deps.config);
  const fx100 = { sealed: cipher.seal('FX100'), hash: cipher.hash('FX100') };
  await db.clientDocument.createMany({
    data: [
      {
        clientId: passport.clientId,
        type: 'passport',
        numberSealed: fx100.sealed,
        numberHash: fx100.hash,
        expiresAt: new Date(`${plusDays(today, 100)}T00:00:00Z`),
      },
      {
        clientId: fineId,
        type: 'passport',
        numberSealed: cipher.seal('FX200'),
        numberHash: cipher.hash('FX200'),
        expiresAt: new Date(`${plusDays(today, 800)}T00:00:00Z`),
      },
    ],
  });
  await db.budgetPax.createMany({
    data: [
      {
        budgetId: passport.id,
        clientId: passport.clientId,
        name: 'Ana Viajante',
        ageGroup: 'adult',
        documentType: 'passport',
        documentNumberSealed: fx100.sealed,
        documentNumberHash: fx100.hash,
      },
      { budgetId: passport.id, clientId: fineId, name: 'Passaporte em Dia', ageGroup: 'adult', position: 1 },
    ],
  });
});

describe('automatic follow-ups', () => {
  it('makes one task per subject of each rule, logs it in the attendance, mails the owner once; a second run does nothing', async () => {
    await run();
    const tasks = await followUps();
    expect(tasks.map((x) => x.sourceKey).sort()).toEqual(
      [
        `follow-up:budget_not_opened:${seeded.notOpened}`,
        `follow-up:budget_not_accepted:${seeded.notAccepted}`,
        `follow-up:trip_starting:${seeded.trip}`,
        `follow-up:passport_expiring:${seeded.passportAttendance}:${seeded.passportClient}`,
      ].sort(),
    );
    for (const task of tasks) {
      expect(task).toMatchObject({ priority: 'high', status: 'to_do', assigneeUserId: colabId, dueDate: new Date(`${today}T00:00:00Z`) });
      expect(task.attendanceId).not.toBeNull();
      expect(task.reminderSentAt).not.toBeNull();
    }
    expect(tasks.find((x) => x.sourceKey?.startsWith('follow-up:passport'))?.title).toBe('Passaporte vence antes do prazo: Ana Viajante');
    expect(await followUpLogs()).toBe(4);
    const log = await t.deps.db.attendanceLog.findFirstOrThrow({ where: { action: 'follow_up', attendanceId: seeded.trip } });
    expect(log.changes).toEqual({
      task: { from: null, to: 'Viagem começa em breve: Viagem a Salvador' },
      rule: { from: null, to: 'Viagem começa em 7 dias (documentos e check-in)' },
    });
    expect(await t.deps.db.taskLog.count({ where: { action: 'created', task: { sourceKey: { startsWith: 'follow-up:' } } } })).toBe(4);
    const mails = await reminders();
    expect(mails.map((m) => m.subject).sort()).toEqual(tasks.map((x) => `${SUBJECT}${x.title}`).sort());
    expect(mails.find((m) => m.subject.includes('Salvador'))?.text).toContain(`/atendimento/${seeded.trip}`);

    // The board shows them like any task.
    const board = (await t.call('GET', '/api/tasks?assignee=me&due=due', { token: tokens.colab })).json();
    expect(board.to_do.filter((x: { origin: string }) => x.origin === 'follow-up')).toHaveLength(4);

    await run();
    expect(await followUps()).toHaveLength(4);
    expect(await followUpLogs()).toBe(4);
    expect(await reminders()).toHaveLength(4);
  });

  it('a mail that fails is released: the next run sends it once and creates nothing twice', async () => {
    const attendance = await tripAttendance('Viagem a Fortaleza', 2);
    const broken: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('SMTP fora do ar')),
    };
    await expect(runFollowUps(t.deps.db, broken, t.deps.config, jobRun())).rejects.toThrow('follow-up reminder');
    const key = `follow-up:trip_starting:${attendance}`;
    const task = await t.deps.db.task.findFirstOrThrow({ where: { sourceKey: key } });
    expect(task.reminderSentAt).toBeNull();
    expect(await reminders()).toHaveLength(4);

    await run();
    await run();
    expect(await t.deps.db.task.count({ where: { sourceKey: key } })).toBe(1);
    expect(await t.deps.db.attendanceLog.count({ where: { action: 'follow_up', attendanceId: attendance } })).toBe(1);
    const mails = (await reminders()).filter((m) => m.subject.includes('Fortaleza'));
    expect(mails).toHaveLength(1);
    expect(await followUps()).toHaveLength(5);
  });

  it('a rule the agency turned off creates nothing; turned on again, it does', async () => {
    const off = await t.call('PUT', '/api/tasks/follow-up-settings', {
      token: tokens.owner,
      body: { rules: [{ rule: 'trip_starting', enabled: false }] },
    });
    expect(off.statusCode, off.body).toBe(200);
    const attendance = await tripAttendance('Viagem a Natal', 1);
    await run();
    expect(await t.deps.db.task.count({ where: { attendanceId: attendance } })).toBe(0);
    expect(await reminders()).toHaveLength(5);

    await t.call('PUT', '/api/tasks/follow-up-settings', {
      token: tokens.owner,
      body: { rules: [{ rule: 'trip_starting', enabled: true }] },
    });
    await run();
    expect(await t.deps.db.task.count({ where: { attendanceId: attendance, sourceKey: `follow-up:trip_starting:${attendance}` } })).toBe(1);
    expect(await reminders()).toHaveLength(6);
  });
});
