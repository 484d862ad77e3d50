import { bigNumberDifferences, businessDate, businessMonthBounds } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, FIRST_OF_TWO_PAGES, useTestApp } from '../../../test/harness';

const t = useTestApp();

const DAY = 86_400_000;
const dateFromToday = (days: number) => businessDate(new Date(Date.now() + days * DAY));

let owner: string;
let adminId: number;
const ids: Record<string, number> = {};

/**
 * One agency's funnel, built through the API:
 *   open:     A1 R$10 (trip ahead), A2 R$20 (trip passed: expired), A3 R$5 (no date)
 *   won:      W1 R$100 (ahead), W2 R$50 (passed)      canceled: C1 R$70 (won, then canceled)
 *   lost:     L1 R$30 (passed), L2 R$40 (ahead, owned by the administrator)
 */
beforeAll(async () => {
  owner = await t.tokenFor(DEMO.users.owner);
  adminId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.admin } })).id;
  const clientId = (await t.call('POST', '/api/clients', { token: owner, body: { kind: 'person', name: 'Júlia Funil' } })).json().id;
  const specs: [string, number, number | null, string?, number?][] = [
    ['A1', 1000, 10],
    ['A2', 2000, -5],
    ['A3', 500, null],
    ['W1', 10_000, 20, 'won'],
    ['W2', 5000, -20, 'won'],
    ['C1', 7000, 15, 'cancel'],
    ['L1', 3000, -2, 'lost'],
    ['L2', 4000, 30, 'lost', adminId],
  ];
  for (const [title, value, days, move, ownerId] of specs) {
    const body = {
      client_id: clientId,
      title: `Viagem ${title}`,
      value_cents: value,
      start_date: days === null ? null : dateFromToday(days),
      owner_user_id: ownerId,
    };
    const id = (await t.call('POST', '/api/attendances', { token: owner, body })).json().id as number;
    ids[title] = id;
    if (move === 'won' || move === 'cancel') await t.call('PUT', `/api/attendances/won/${id}`, { token: owner });
    if (move === 'cancel') await t.call('PUT', `/api/attendances/cancel/${id}`, { token: owner });
    if (move === 'lost') await t.call('PUT', `/api/attendances/lost/${id}`, { token: owner });
  }
});

describe('GET /api/attendances/funnel', () => {
  it('groups cards into negotiations, sales (won and canceled) and losses, with price and the expired tag', async () => {
    const res = await t.call('GET', '/api/attendances/funnel', { token: owner });
    expect(res.statusCode).toBe(200);
    const funnel = res.json();
    const titles = (list: { cards: { title: string }[] }) => list.cards.map((c) => c.title.replace('Viagem ', ''));
    expect(titles(funnel.negotiations.open)).toEqual(['A3', 'A2', 'A1']);
    expect(titles(funnel.sales.won)).toEqual(['W2', 'W1']);
    expect(titles(funnel.sales.canceled)).toEqual(['C1']);
    expect(titles(funnel.losses.lost)).toEqual(['L2', 'L1']);
    expect(funnel.negotiations.open.total_value).toBe(3500);
    expect(funnel.sales.won.total_value).toBe(15_000);
    expect(funnel.losses.lost.pagination).toMatchObject({ total_count: 2, current_page: 1, per_page: 6 });
    const a2 = funnel.negotiations.open.cards.find((c: { id: number }) => c.id === ids.A2);
    expect(a2).toMatchObject({ price: 2000, status: 'open', status_tag: 'expired', client_name: 'Júlia Funil', owner_name: 'Dona Demo' });
    expect(funnel.negotiations.open.cards.find((c: { id: number }) => c.id === ids.A1).status_tag).toBeNull();
    expect(funnel.sales.won.cards.every((c: { status_tag: string | null }) => c.status_tag === null)).toBe(true);
  });

  it('pages each sublist and applies search and filters', async () => {
    const paged = (await t.call('GET', '/api/attendances/funnel?per_page=2', { token: owner })).json();
    expect(paged.negotiations.open.cards).toHaveLength(2);
    expect(paged.negotiations.open.pagination).toEqual(FIRST_OF_TWO_PAGES);
    const second = (await t.call('GET', '/api/attendances/funnel?per_page=2&page=2', { token: owner })).json();
    expect(second.negotiations.open.cards.map((c: { id: number }) => c.id)).toEqual([ids.A1]);

    const searched = (await t.call('GET', '/api/attendances/funnel?search=viagem%20w', { token: owner })).json();
    expect(searched.sales.won.pagination.total_count).toBe(2);
    expect(searched.negotiations.open.cards).toEqual([]);
    const mine = (await t.call('GET', `/api/attendances/funnel?owner_user_id=${adminId}`, { token: owner })).json();
    expect(mine.losses.lost.cards.map((c: { id: number }) => c.id)).toEqual([ids.L2]);
    expect(mine.sales.won.pagination.total_count).toBe(0);
    const bad = await t.call('GET', '/api/attendances/funnel?per_page=0&owner_user_id=abc', { token: owner });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['owner_user_id', 'per_page']);
  });

  it('pages one column on its own with `group`, through REST and tRPC alike', async () => {
    const cardIds = (list: { cards: { id: number }[] }) => list.cards.map((c) => c.id);
    const column = async (query: string) => {
      const res = await t.call('GET', `/api/attendances/funnel?${query}`, { token: owner });
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    // Sales alone: won and canceled page together, each with its own count.
    const sales = await column('group=sales&per_page=1');
    expect(Object.keys(sales)).toEqual(['sales']);
    expect(cardIds(sales.sales.won)).toEqual([ids.W2]);
    expect(sales.sales.won.pagination).toMatchObject({ current_page: 1, total_pages: 2, total_count: 2, has_next_page: true });
    expect(sales.sales.won.total_value).toBe(15_000);
    expect(cardIds(sales.sales.canceled)).toEqual([ids.C1]);
    expect(sales.sales.canceled.pagination.has_next_page).toBe(false);
    const salesNext = await column('group=sales&per_page=1&page=2');
    expect(cardIds(salesNext.sales.won)).toEqual([ids.W1]);
    expect(salesNext.sales.won.pagination).toMatchObject({ current_page: 2, has_next_page: false, has_prev_page: true });
    expect(salesNext.sales.canceled.cards).toEqual([]);

    // The open column's pages follow one another without a gap or a repeat, as the whole funnel's do.
    const pages = await Promise.all([1, 2].map((p) => column(`group=negotiations&per_page=2&page=${p}`)));
    expect(pages.map((p) => Object.keys(p))).toEqual([['negotiations'], ['negotiations']]);
    expect(pages.flatMap((p) => cardIds(p.negotiations.open))).toEqual([ids.A3, ids.A2, ids.A1]);
    expect(cardIds(pages[0].negotiations.open)).toEqual(cardIds((await column('per_page=2')).negotiations.open));

    // Filters and search apply to the column as to the board.
    expect(cardIds((await column(`group=losses&owner_user_id=${adminId}`)).losses.lost)).toEqual([ids.L2]);
    const searched = await column('group=losses&search=viagem%20l&per_page=1&page=2');
    expect(cardIds(searched.losses.lost)).toEqual([ids.L1]);
    expect(searched.losses.lost.pagination).toMatchObject({ total_count: 2, has_next_page: false });

    // The same procedure over tRPC.
    const input = encodeURIComponent(JSON.stringify({ group: 'losses', per_page: 1, page: 2 }));
    const trpc = await t.call('GET', `/trpc/attendances.funnel?input=${input}`, { token: owner });
    expect(trpc.statusCode).toBe(200);
    const data = trpc.json().result.data;
    expect(Object.keys(data)).toEqual(['losses']);
    expect(cardIds(data.losses.lost)).toEqual([ids.L1]);

    const bad = await t.call('GET', '/api/attendances/funnel?group=won', { token: owner });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['group']);
  });
});

describe('GET /api/attendances/funnel/balance', () => {
  it('gives the five figures per group: expired = trip date passed, active = neither expired nor canceled', async () => {
    const res = await t.call('GET', '/api/attendances/funnel/balance', { token: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      negotiations: { total_attendances: 3, active_attendances: 2, expired_attendances: 1, total_value: 3500, active_value: 1500 },
      sales: { total_attendances: 3, active_attendances: 1, expired_attendances: 1, total_value: 22_000, active_value: 10_000 },
      losses: { total_attendances: 2, active_attendances: 1, expired_attendances: 1, total_value: 7000, active_value: 4000 },
    });
    const mine = (await t.call('GET', `/api/attendances/funnel/balance?owner_user_id=${adminId}`, { token: owner })).json();
    expect(mine.losses).toEqual({
      total_attendances: 1,
      active_attendances: 1,
      expired_attendances: 0,
      total_value: 4000,
      active_value: 4000,
    });
    expect(mine.negotiations.total_attendances).toBe(0);
    // The owner's own: every attendance but L2. A3 (no date) is not expired, A2, W2 and L1 are.
    const ownerId = (await t.deps.db.user.findUniqueOrThrow({ where: { email: DEMO.users.owner } })).id;
    const owners = (await t.call('GET', `/api/attendances/funnel/balance?owner_user_id=${ownerId}`, { token: owner })).json();
    expect(owners).toEqual({
      negotiations: { total_attendances: 3, active_attendances: 2, expired_attendances: 1, total_value: 3500, active_value: 1500 },
      sales: { total_attendances: 3, active_attendances: 1, expired_attendances: 1, total_value: 22_000, active_value: 10_000 },
      losses: { total_attendances: 1, active_attendances: 0, expired_attendances: 1, total_value: 3000, active_value: 0 },
    });
    // A travel-date range: A1 (+10 days), A2 (-5) and L1 (-2) only.
    const range = `start_date_from=${dateFromToday(-6)}&start_date_to=${dateFromToday(12)}`;
    const ranged = (await t.call('GET', `/api/attendances/funnel/balance?${range}`, { token: owner })).json();
    expect(ranged).toEqual({
      negotiations: { total_attendances: 2, active_attendances: 1, expired_attendances: 1, total_value: 3000, active_value: 1000 },
      sales: { total_attendances: 0, active_attendances: 0, expired_attendances: 0, total_value: 0, active_value: 0 },
      losses: { total_attendances: 1, active_attendances: 0, expired_attendances: 1, total_value: 3000, active_value: 0 },
    });
  });

  it('gives the list the same counts', async () => {
    const list = async (query: string) => (await t.call('GET', `/api/attendances?${query}`, { token: owner })).json();
    expect((await list('')).pagination.total_count).toBe(8);
    expect((await list('status=won')).pagination.total_count).toBe(2);
    const expired = await list('status=expired');
    expect(expired.attendances.map((a: { id: number }) => a.id)).toEqual([ids.A2]);
    expect(expired.pagination.total_count).toBe(1);
    expect((await list(`start_date_from=${dateFromToday(-6)}&start_date_to=${dateFromToday(12)}`)).pagination.total_count).toBe(3);
  });
});

describe('GET /api/attendances/funnel/big-numbers', () => {
  it('counts this and last month per group; the interface derives win/open/lost and the differences', async () => {
    const { lastMonth, thisMonth } = businessMonthBounds();
    const inLastMonth = new Date(thisMonth.getTime() - DAY);
    const twoMonthsAgo = new Date(lastMonth.getTime() - DAY);
    // Time travel for a few rows: opened last month, won last month, lost last month, opened long ago.
    await t.deps.db.attendance.update({ where: { id: ids.A3 }, data: { createdAt: inLastMonth } });
    await t.deps.db.attendance.update({ where: { id: ids.W2 }, data: { closedAt: inLastMonth } });
    await t.deps.db.attendance.update({ where: { id: ids.L1 }, data: { closedAt: inLastMonth } });
    await t.deps.db.attendance.update({ where: { id: ids.A1 }, data: { createdAt: twoMonthsAgo } });

    const res = await t.call('GET', '/api/attendances/funnel/big-numbers', { token: owner });
    expect(res.statusCode).toBe(200);
    const big = res.json();
    expect(big).toEqual({
      negotiations: { this_month: 6, last_month: 1 },
      sales: { this_month: 1, last_month: 1 },
      losses: { this_month: 1, last_month: 1 },
    });
    expect(bigNumberDifferences(big).open).toMatchObject({ difference: 5, trend: 'up' });
    const mine = (await t.call('GET', `/api/attendances/funnel/big-numbers?owner_user_id=${adminId}`, { token: owner })).json();
    expect(mine).toEqual({
      negotiations: { this_month: 1, last_month: 0 },
      sales: { this_month: 0, last_month: 0 },
      losses: { this_month: 1, last_month: 0 },
    });
    expect(
      (await t.call('GET', '/api/attendances/funnel/big-numbers?start_date_from=ontem', { token: owner })).json().errors,
    ).toHaveProperty('start_date_from');
  });
});

describe('tenant isolation', () => {
  it("another agency sees none of this agency's funnel", async () => {
    const outra = await t.tokenFor(DEMO.users.outraOwner);
    const funnel = (await t.call('GET', '/api/attendances/funnel', { token: outra })).json();
    expect([funnel.negotiations.open, funnel.sales.won, funnel.sales.canceled, funnel.losses.lost].every((l) => l.cards.length === 0)).toBe(
      true,
    );
    const balance = (await t.call('GET', '/api/attendances/funnel/balance', { token: outra })).json();
    expect(balance.sales).toEqual({ total_attendances: 0, active_attendances: 0, expired_attendances: 0, total_value: 0, active_value: 0 });
    const big = (await t.call('GET', '/api/attendances/funnel/big-numbers', { token: outra })).json();
    expect(big.negotiations).toEqual({ this_month: 0, last_month: 0 });
    expect((await t.call('GET', '/api/attendances/funnel')).statusCode).toBe(401);
  });
});

describe('trigger-kept buckets', () => {
  it('match the attendances themselves after creates, moves, edits, time travel and deletes', async () => {
    const db = t.deps.db;
    const a = ids.A1 as number;
    await t.call('PATCH', `/api/attendances/${a}`, { token: owner, body: { start_date: null, value_cents: 1234 } });
    await t.call('PUT', `/api/attendances/update-owner/${ids.W1}`, { token: owner, body: { owner_user_id: adminId } });
    await db.attendance.delete({ where: { id: ids.C1 as number } });
    const fromTable = await db.$queryRaw<unknown[]>`
      SELECT company_id, status::text, COALESCE(start_date, 'infinity'::date)::text AS day, count(*)::int AS n, sum(value_cents)::bigint AS v
      FROM attendances GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    const fromBuckets = await db.$queryRaw<unknown[]>`
      SELECT company_id, status::text, start_date::text AS day, attendances AS n, value_cents AS v
      FROM attendance_stats WHERE attendances <> 0 ORDER BY 1, 2, 3`;
    expect(fromBuckets).toEqual(fromTable);
    const byStatus = await db.$queryRaw<unknown[]>`
      SELECT company_id, status::text, count(*)::int AS n, sum(value_cents)::bigint AS v FROM attendances GROUP BY 1, 2 ORDER BY 1, 2`;
    const statusBuckets = await db.$queryRaw<unknown[]>`
      SELECT company_id, status::text, attendances AS n, value_cents AS v FROM attendance_status_stats WHERE attendances <> 0 ORDER BY 1, 2`;
    expect(statusBuckets).toEqual(byStatus);
    const monthsFromTable = await db.$queryRaw<unknown[]>`
      SELECT company_id, event, month::text, count(*)::int AS n FROM (
        SELECT company_id, 'opened' AS event, date_trunc('month', (created_at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date AS month FROM attendances
        UNION ALL
        SELECT company_id, status::text, date_trunc('month', (closed_at AT TIME ZONE 'UTC') AT TIME ZONE 'America/Sao_Paulo')::date
        FROM attendances WHERE status IN ('won', 'lost') AND closed_at IS NOT NULL) e
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    const monthBuckets = await db.$queryRaw<unknown[]>`
      SELECT company_id, event, month::text, attendances AS n FROM attendance_month_stats WHERE attendances <> 0 ORDER BY 1, 2, 3`;
    expect(monthBuckets).toEqual(monthsFromTable);
    const byOwner = await db.$queryRaw<unknown[]>`
      SELECT company_id, owner_user_id, status::text, count(*)::int AS n, sum(value_cents)::bigint AS v FROM attendances GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
    const ownerBuckets = await db.$queryRaw<unknown[]>`
      SELECT company_id, owner_user_id, status::text, attendances AS n, value_cents AS v
      FROM attendance_owner_status_stats WHERE attendances <> 0 ORDER BY 1, 2, 3`;
    expect(ownerBuckets).toEqual(byOwner);
    // The owner-filtered funnel and list read those buckets: the administrator now has W1 and L2.
    const funnel = (await t.call('GET', `/api/attendances/funnel?owner_user_id=${adminId}`, { token: owner })).json();
    expect(funnel.sales.won).toMatchObject({ total_value: 10_000, pagination: { total_count: 1 } });
    expect(funnel.losses.lost).toMatchObject({ total_value: 4000, pagination: { total_count: 1 } });
    expect(funnel.negotiations.open.pagination.total_count).toBe(0);
    const list = (await t.call('GET', `/api/attendances?owner_user_id=${adminId}&status=won`, { token: owner })).json();
    expect(list.attendances.map((x: { id: number }) => x.id)).toEqual([ids.W1]);
    expect(list.pagination.total_count).toBe(1);
  });
});
