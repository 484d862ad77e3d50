// The access-log beacon and the owner's access report through HTTP: form bodies as the web app
// sends them, the token deciding user and company, the report's sums per user, screen and day,
// the daily sums the writer keeps beside them, and the retention job.
import { type AccessReport, businessDayStart } from '@app/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, useTestApp } from '../../../test/harness';
import { pruneAccessLogsJob } from './access-logs.jobs';
import { type AccessLogRow, accessLogWriter, beaconClockKey, deleteExpiredAccessLogs, insertAccessLogs } from './access-logs.service';

const t = useTestApp();
const tokens = { owner: '', admin: '', colaborador: '', outra: '' };
const ids = { owner: 0, colaborador: 0, demo: 0, outra: 0, outraOwner: 0 };

beforeAll(async () => {
  tokens.owner = await t.tokenFor(DEMO.users.owner);
  tokens.admin = await t.tokenFor(DEMO.users.admin);
  tokens.colaborador = await t.tokenFor(DEMO.users.colaborador);
  tokens.outra = await t.tokenFor(DEMO.users.outraOwner);
  const users = await t.deps.db.user.findMany({ where: { email: { in: Object.values(DEMO.users) } } });
  const idOf = (email: string) => users.find((u) => u.email === email)?.id as number;
  ids.owner = idOf(DEMO.users.owner);
  ids.colaborador = idOf(DEMO.users.colaborador);
  ids.outraOwner = idOf(DEMO.users.outraOwner);
  ids.demo = users.find((u) => u.email === DEMO.users.owner)?.companyId as number;
  ids.outra = users.find((u) => u.email === DEMO.users.outraOwner)?.companyId as number;
});

const form = (fields: Record<string, string>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [`access_log[${k}]`, v])).toString();

function beacon(token: string | undefined, fields: Record<string, string>, path = '/api/access-logs') {
  return t.call('POST', path, {
    token,
    body: form(fields),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const rows = () => t.deps.db.accessLog.findMany({ orderBy: { id: 'asc' } });
const days = () => t.deps.db.accessLogDay.findMany({ orderBy: [{ day: 'asc' }, { userId: 'asc' }, { controller: 'asc' }] });
const clear = () => t.deps.db.$transaction([t.deps.db.accessLog.deleteMany({}), t.deps.db.accessLogDay.deleteMany({})]);
/** As if `userId`'s last beacon were long ago: the next one credits all it claims (creditedActiveTime). */
const longIdle = (userId: number) => t.platform.beaconClock.swap(beaconClockKey(userId), 0);

async function report(token: string, start: string, end: string) {
  return t.call('GET', `/api/access-logs/report?start_date=${start}&end_date=${end}`, { token });
}

describe('POST /api/access-logs (the beacon)', () => {
  it("stores the form's screen, id and seconds under the token's user, company and address, whatever user_id says", async () => {
    await clear();
    await longIdle(ids.colaborador);
    const res = await beacon(tokens.colaborador, {
      user_id: String(ids.outraOwner),
      controller: 'atendimento',
      ip_address: '203.0.113.9',
      active_time: '42',
      resource_id: '17',
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      companyId: ids.demo,
      userId: ids.colaborador,
      controller: 'atendimento',
      resourceId: 17,
      ipAddress: '127.0.0.1',
      activeTime: 42,
    });
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  it('answers on the underscore path too; controller defaults to home and a non-numeric resource id is null', async () => {
    await clear();
    for (const resource_id of ['null', '', 'abc', '0x11', '012']) {
      await longIdle(ids.owner);
      const res = await beacon(tokens.owner, { user_id: String(ids.owner), active_time: '5', resource_id }, '/api/access_logs');
      expect(res.statusCode, res.body).toBe(204);
    }
    const stored = await rows();
    expect(stored.map((r) => [r.controller, r.resourceId, r.userId])).toEqual(Array(5).fill(['home', null, ids.owner]));
  });

  it('accepts the same fields as a JSON object', async () => {
    await clear();
    await longIdle(ids.owner);
    const res = await t.call('POST', '/api/access-logs', {
      token: tokens.owner,
      body: { access_log: { user_id: ids.owner, controller: 'clientes', active_time: 9, resource_id: null } },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await rows()).map((r) => [r.controller, r.activeTime])).toEqual([['clientes', 9]]);
  });

  it('without a valid token: 401 in the error shape, nothing stored', async () => {
    await clear();
    for (const token of [undefined, 'not-a-token']) {
      const res = await beacon(token, { user_id: String(ids.owner), controller: 'clientes', active_time: '10' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401 });
    }
    expect(await rows()).toEqual([]);
  });

  it('refuses bad fields with 400 naming them, storing nothing', async () => {
    await clear();
    const valid = { user_id: String(ids.owner), controller: 'clientes', active_time: '10' };
    const cases: [Record<string, string>, string][] = [
      [{ ...valid, active_time: '-1' }, 'access_log.active_time'],
      [{ ...valid, active_time: '1.5' }, 'access_log.active_time'],
      [{ ...valid, active_time: 'abc' }, 'access_log.active_time'],
      [{ ...valid, active_time: '999999' }, 'access_log.active_time'],
      [{ controller: 'clientes', active_time: '10' }, 'access_log.user_id'],
      [{ ...valid, user_id: '0x1' }, 'access_log.user_id'],
      [{ ...valid, controller: 'x'.repeat(101) }, 'access_log.controller'],
      [{ ...valid, company_id: String(ids.outra) }, 'access_log.company_id'],
    ];
    for (const [fields, field] of cases) {
      const res = await beacon(tokens.owner, fields);
      expect(res.statusCode, `${JSON.stringify(fields)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(fields)).toContain(field);
    }
    // Outside the access_log group, repeated, or prototype names.
    for (const body of [
      `user_id=${ids.owner}&active_time=10`,
      `${form(valid)}&access_log[active_time]=11`,
      `${form(valid)}&__proto__[admin]=1`,
      `${form(valid)}&access_log[__proto__]=1`,
    ]) {
      const res = await t.call('POST', '/api/access-logs', {
        token: tokens.owner,
        body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode, `${body}: ${res.body}`).toBe(400);
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(await rows()).toEqual([]);
  });

  it("writes different users' beacons that arrive together, each answered once stored", async () => {
    await clear();
    const senders = [
      [tokens.owner, ids.owner],
      [tokens.colaborador, ids.colaborador],
      [tokens.outra, ids.outraOwner],
    ] as const;
    for (const [, id] of senders) await longIdle(id);
    const sent = senders.map(([token, id], i) =>
      beacon(token, { user_id: String(id), controller: `tela${i}`, active_time: String(10 + i) }),
    );
    expect((await Promise.all(sent)).map((r) => r.statusCode)).toEqual([204, 204, 204]);
    const stored = await rows();
    expect(stored.map((r) => [r.userId, r.controller, r.activeTime]).sort()).toEqual(
      senders.map(([, id], i) => [id, `tela${i}`, 10 + i]).sort(),
    );
    expect((await days()).reduce((sum, d) => sum + d.visits, 0)).toBe(3);
  });

  it("one user's burst of beacons credits one stretch: 204 each, the rest neither time nor visits", async () => {
    await clear();
    await longIdle(ids.owner);
    const sent = Array.from({ length: 60 }, (_, i) =>
      beacon(tokens.owner, { user_id: String(ids.owner), controller: `tela${i % 3}`, active_time: '3600' }),
    );
    expect((await Promise.all(sent)).map((r) => r.statusCode)).toEqual(Array(60).fill(204));
    const stored = await rows();
    expect(stored.map((r) => r.activeTime)).toEqual([3600]);
    const sums = await days();
    expect(sums.map((d) => [Number(d.activeTime), d.visits])).toEqual([[3600, 1]]);
  });

  it("a beacon credits at most the time since the same user's previous one, whatever the screen", async () => {
    await clear();
    const beaconAgo = (seconds: number) => t.platform.beaconClock.swap(beaconClockKey(ids.owner), Date.now() - seconds * 1000);
    await beaconAgo(40);
    expect((await beacon(tokens.owner, { user_id: String(ids.owner), controller: 'clientes', active_time: '600' })).statusCode).toBe(204);
    await beaconAgo(40);
    expect((await beacon(tokens.owner, { user_id: String(ids.owner), controller: 'tarefas', active_time: '25' })).statusCode).toBe(204);
    // Under the web app's 3 s minimum once credited: not stored.
    await beaconAgo(2);
    expect((await beacon(tokens.owner, { user_id: String(ids.owner), controller: 'clientes', active_time: '600' })).statusCode).toBe(204);
    expect((await rows()).map((r) => [r.controller, r.activeTime])).toEqual([
      ['clientes', 40],
      ['tarefas', 25],
    ]);
  });

  it('a graceful stop waits for the rows being written', async () => {
    await clear();
    const writer = accessLogWriter(t.deps.db);
    const row = (n: number) => ({
      company_id: ids.demo,
      user_id: ids.owner,
      controller: 'drain',
      resource_id: null,
      ip_address: '127.0.0.1',
      active_time: n,
      created_at: new Date().toISOString(),
    });
    const writes = Array.from({ length: 1200 }, (_, i) => writer.write(row(i)));
    await writer.drain();
    expect(await t.deps.db.accessLog.count({ where: { controller: 'drain' } })).toBe(1200);
    await Promise.all(writes);
  });
});

describe('GET /api/access-logs/report', () => {
  const day = '2026-03-10';
  /** An instant of a business day (São Paulo): `hours` after its midnight. */
  const at = (date: string, hours: number) => new Date(businessDayStart(date).getTime() + hours * 3_600_000);

  beforeAll(async () => {
    await clear();
    const log = (company_id: number, user_id: number, controller: string, active_time: number, createdAt: Date): AccessLogRow => ({
      company_id,
      user_id,
      controller,
      active_time,
      created_at: createdAt.toISOString(),
      resource_id: null,
      ip_address: '127.0.0.1',
    });
    await insertAccessLogs(t.deps.db, [
      log(ids.demo, ids.owner, 'clientes', 60, at(day, 1)),
      log(ids.demo, ids.owner, 'clientes', 30, at(day, 23.5)),
      log(ids.demo, ids.owner, 'orcamentos', 100, at('2026-03-11', 10)),
      log(ids.demo, ids.colaborador, 'clientes', 20, at('2026-03-11', 0.25)),
      // Before the period (the previous day, 23:59 in São Paulo) and after it.
      log(ids.demo, ids.owner, 'clientes', 1000, at('2026-03-09', 23.99)),
      log(ids.demo, ids.owner, 'clientes', 1000, at('2026-03-13', 0)),
      // Another agency, in the period.
      log(ids.outra, ids.outraOwner, 'clientes', 5000, at(day, 2)),
    ]);
  });

  it('sums active time and visits per user and screen, and per business day, for the agency alone', async () => {
    const res = await report(tokens.owner, day, '2026-03-12');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AccessReport;
    expect(body.total_active_time).toBe(210);
    expect(body.total_visits).toBe(4);
    expect(body.rows).toEqual([
      {
        user_id: ids.owner,
        user_name: expect.any(String),
        controller: 'orcamentos',
        active_time: 100,
        visits: 1,
        last_access: at('2026-03-11', 10).toISOString(),
      },
      {
        user_id: ids.owner,
        user_name: expect.any(String),
        controller: 'clientes',
        active_time: 90,
        visits: 2,
        last_access: at(day, 23.5).toISOString(),
      },
      {
        user_id: ids.colaborador,
        user_name: expect.any(String),
        controller: 'clientes',
        active_time: 20,
        visits: 1,
        last_access: at('2026-03-11', 0.25).toISOString(),
      },
    ]);
    expect(body.days).toEqual([
      { date: day, active_time: 90, visits: 2 },
      { date: '2026-03-11', active_time: 120, visits: 2 },
      { date: '2026-03-12', active_time: 0, visits: 0 },
    ]);
  });

  it("another agency's owner sees only its own rows", async () => {
    const body = (await report(tokens.outra, day, '2026-03-12')).json() as AccessReport;
    expect(body.rows).toEqual([expect.objectContaining({ user_id: ids.outraOwner, active_time: 5000, visits: 1 })]);
    expect(body.total_active_time).toBe(5000);
  });

  it('an empty period has every day at zero and no rows', async () => {
    const body = (await report(tokens.owner, '2025-01-01', '2025-01-31')).json() as AccessReport;
    expect(body.rows).toEqual([]);
    expect(body.days).toHaveLength(31);
    expect(body.total_visits).toBe(0);
  });

  it('is for owners: administrators and colaboradores get 403, no token 401', async () => {
    expect((await report(tokens.admin, day, day)).statusCode).toBe(403);
    expect((await report(tokens.colaborador, day, day)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/access-logs/report?start_date=${day}&end_date=${day}`)).statusCode).toBe(401);
  });

  it('refuses a reversed, too long or malformed period with a pt-BR message', async () => {
    const reversed = await report(tokens.owner, '2026-03-12', day);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors.end_date).toEqual(['deve ser igual ou posterior à data inicial']);
    const long = await report(tokens.owner, '2025-01-01', '2026-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.end_date).toEqual(['o período pode ter no máximo 366 dias']);
    expect((await report(tokens.owner, '2025-01-01', '2026-01-01')).statusCode).toBe(200);
    expect((await report(tokens.owner, '10/03/2026', day)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/access-logs/report', { token: tokens.owner })).statusCode).toBe(400);
  });
});

describe('the daily sums the report reads (access_log_days)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A beacon posted at `iso` (the server's clock), with a token signed at that instant. */
  async function postAt(iso: string, email: string, userId: number, controller: string, activeTime: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
    const login = await t.call('POST', '/api/login', { body: { email, password: DEMO.password } });
    expect(login.statusCode, login.body).toBe(200);
    const res = await beacon(login.json().token, { user_id: String(userId), controller, active_time: String(activeTime) });
    expect(res.statusCode, res.body).toBe(204);
    vi.useRealTimers();
  }

  it('the report is the sum of the posted beacons, by São Paulo business day (02:30 UTC is the day before)', async () => {
    await clear();
    const posted = [
      { at: '2026-04-20T15:00:00.000Z', email: DEMO.users.owner, user: ids.owner, controller: 'clientes', seconds: 40, day: '2026-04-20' },
      { at: '2026-04-21T02:30:00.000Z', email: DEMO.users.owner, user: ids.owner, controller: 'clientes', seconds: 25, day: '2026-04-20' },
      { at: '2026-04-21T03:30:00.000Z', email: DEMO.users.owner, user: ids.owner, controller: 'clientes', seconds: 7, day: '2026-04-21' },
      {
        at: '2026-04-21T12:00:00.000Z',
        email: DEMO.users.colaborador,
        user: ids.colaborador,
        controller: 'tarefas',
        seconds: 11,
        day: '2026-04-21',
      },
      { at: '2026-04-21T12:00:05.000Z', email: DEMO.users.owner, user: ids.owner, controller: 'orcamentos', seconds: 3, day: '2026-04-21' },
    ];
    // The clock is set back to April: earlier beacons of this file would be in its future.
    await longIdle(ids.owner);
    await longIdle(ids.colaborador);
    for (const p of posted) await postAt(p.at, p.email, p.user, p.controller, p.seconds);

    expect(
      (await days()).map((d) => [
        d.day.toISOString().slice(0, 10),
        d.userId,
        d.controller,
        Number(d.activeTime),
        d.visits,
        d.lastAccess.toISOString(),
      ]),
    ).toEqual([
      ['2026-04-20', ids.owner, 'clientes', 65, 2, '2026-04-21T02:30:00.000Z'],
      ['2026-04-21', ids.owner, 'clientes', 7, 1, '2026-04-21T03:30:00.000Z'],
      ['2026-04-21', ids.owner, 'orcamentos', 3, 1, '2026-04-21T12:00:05.000Z'],
      ['2026-04-21', ids.colaborador, 'tarefas', 11, 1, '2026-04-21T12:00:00.000Z'],
    ]);

    const body = (await report(tokens.owner, '2026-04-20', '2026-04-21')).json() as AccessReport;
    const sum = (list: typeof posted) => list.reduce((total, p) => total + p.seconds, 0);
    expect(body.total_active_time).toBe(sum(posted));
    expect(body.total_visits).toBe(posted.length);
    expect(body.days).toEqual(
      ['2026-04-20', '2026-04-21'].map((date) => {
        const ofDay = posted.filter((p) => p.day === date);
        return { date, active_time: sum(ofDay), visits: ofDay.length };
      }),
    );
    const keys = [...new Set(posted.map((p) => `${p.user}:${p.controller}`))];
    expect(body.rows).toEqual(
      expect.arrayContaining(
        keys.map((key) => {
          const ofKey = posted.filter((p) => `${p.user}:${p.controller}` === key);
          return {
            user_id: ofKey[0]?.user,
            user_name: expect.any(String),
            controller: ofKey[0]?.controller,
            active_time: sum(ofKey),
            visits: ofKey.length,
            last_access: ofKey
              .map((p) => p.at)
              .sort()
              .at(-1),
          };
        }),
      ),
    );
    expect(body.rows).toHaveLength(keys.length);
    // One day alone: the 02:30 UTC beacon is not in the 21st.
    const second = (await report(tokens.owner, '2026-04-21', '2026-04-21')).json() as AccessReport;
    expect(second.total_active_time).toBe(7 + 11 + 3);
  });

  it('concurrent batches for the same keys add up (and do not deadlock)', async () => {
    await clear();
    const row = (user_id: number, controller: string, active_time: number): AccessLogRow => ({
      company_id: ids.demo,
      user_id,
      controller,
      active_time,
      resource_id: null,
      ip_address: '127.0.0.1',
      created_at: `2026-05-05T1${active_time % 10}:00:00.000Z`,
    });
    const keys: [number, string][] = [
      [ids.owner, 'clientes'],
      [ids.owner, 'tarefas'],
      [ids.colaborador, 'clientes'],
    ];
    // Eight batches of every key, in different orders, written at once on separate connections.
    const batches = Array.from({ length: 8 }, (_, b) =>
      Array.from({ length: 30 }, (_, i) => {
        const [user, controller] = keys[(i + b) % keys.length] as [number, string];
        return row(user, controller, b + i);
      }).reverse(),
    );
    await Promise.all(batches.map((batch) => insertAccessLogs(t.deps.db, batch)));
    const all = batches.flat();
    expect(await t.deps.db.accessLog.count()).toBe(all.length);
    expect((await days()).map((d) => [d.userId, d.controller, Number(d.activeTime), d.visits])).toEqual(
      keys
        .map(([user, controller]) => {
          const ofKey = all.filter((r) => r.user_id === user && r.controller === controller);
          return [user, controller, ofKey.reduce((total, r) => total + r.active_time, 0), ofKey.length];
        })
        .sort((a, b) => Number(a[0]) - Number(b[0]) || String(a[1]).localeCompare(String(b[1]))),
    );
  });
});

describe('retention', () => {
  it('deletes the rows older than ACCESS_LOG_RETENTION_DAYS in batches, and the daily sums of the days before, keeping the rest', async () => {
    await clear();
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    const log = (createdAt: Date): AccessLogRow => ({
      company_id: ids.demo,
      user_id: ids.owner,
      controller: 'clientes',
      active_time: 1,
      resource_id: null,
      ip_address: '127.0.0.1',
      created_at: createdAt.toISOString(),
    });
    await insertAccessLogs(t.deps.db, [
      ...Array.from({ length: 25 }, () => log(daysAgo(200))),
      log(daysAgo(181)),
      log(daysAgo(179)),
      log(daysAgo(1)),
    ]);
    expect(await t.deps.db.accessLogDay.count()).toBe(4);
    expect(await deleteExpiredAccessLogs(t.deps.db, 180, new Date(), 10)).toBe(26);
    expect(await t.deps.db.accessLog.count()).toBe(2);
    expect((await days()).map((d) => d.visits)).toEqual([1, 1]);
    expect(await deleteExpiredAccessLogs(t.deps.db, 180)).toBe(0);
    expect(await t.deps.db.accessLogDay.count()).toBe(2);
  });

  it('the daily job prunes with the configured retention', async () => {
    await clear();
    await t.deps.db.accessLog.createMany({
      data: [400, 100].map((n) => ({
        companyId: ids.demo,
        userId: ids.owner,
        controller: 'clientes',
        activeTime: 1,
        createdAt: new Date(Date.now() - n * 86_400_000),
      })),
    });
    await t.platform.jobs.enqueue(pruneAccessLogsJob, {});
    await t.platform.jobs.drain();
    expect(t.deps.config.ACCESS_LOG_RETENTION_DAYS).toBe(180);
    expect(await t.deps.db.accessLog.count()).toBe(1);
  });
});
