// Views of the customer's landing page count visits, not reads (LANDING_VISIT_WINDOW_MINUTES): one
// per visitor (a keyed hash of the IP and user agent, no cookie) per window, also when the reads come
// in parallel; bots and the agency's own previews never count. And what the agent sees of them: the
// visits, the unique visitors and the last visit on the budget, the visits on the funnel card.
import { LANDING_VISIT_WINDOW_MINUTES } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { visitorKey } from './landing-actions.service';

const t = useTestApp();
let token: string;

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const MINUTE = 60_000;

type Sent = { id: number; landingId: string; attendanceId: number };

beforeAll(async () => {
  token = await t.tokenFor(DEMO.users.owner);
});

/** A sent budget of Agência Demo (its landing page answers the public). */
async function sentBudget(): Promise<Sent> {
  const budget = await newBudget(t, token);
  const sent = await t.call('PATCH', `/api/budgets/${budget.id}`, { token, body: { status: 'sent' } });
  expect(sent.statusCode, sent.body).toBe(200);
  const tree = (await t.call('GET', `/api/budgets/${budget.id}`, { token })).json() as { landing_page_id: string; attendance_id: number };
  return { id: budget.id, landingId: tree.landing_page_id, attendanceId: tree.attendance_id };
}

/** One read of the landing page (the page's GET), as a customer's browser at `ip` or as the agency with its token. */
async function read(budget: Sent, opts: { ip: string; ua?: string; token?: string }) {
  const res = await t.call('GET', `/api/budgets/landing-page/${budget.landingId}`, {
    token: opts.token,
    headers: { 'user-agent': opts.ua ?? PHONE, 'x-forwarded-for': opts.ip },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const counted = (budget: Sent) =>
  t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id }, select: { landingViewsCount: true, landingLastViewedAt: true } });
const rows = (budget: Sent) => t.deps.db.budgetLandingView.findMany({ where: { budgetId: budget.id }, orderBy: { id: 'asc' } });

/** Moves every stored view of the budget back in time, as if they had happened `minutes` earlier. */
async function age(budget: Sent, minutes: number) {
  await t.deps.db.$executeRaw`
    UPDATE budget_landing_views SET viewed_at = viewed_at - make_interval(mins => ${minutes}::int) WHERE budget_id = ${budget.id}`;
}

async function agentViews(budget: Sent) {
  const res = await t.call('GET', `/api/budgets/${budget.id}/accepted-info`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().views as { count: number; unique_visitors: number; last_viewed_at: string | null; recent: unknown[] };
}

describe('landing page visits', () => {
  it('one open and three more reads from the same tab are one visit, keyed by a hash of the visitor', async () => {
    const budget = await sentBudget();
    const ip = '198.51.100.10';
    for (let i = 0; i < 4; i++) await read(budget, { ip });

    const stored = await counted(budget);
    expect(stored.landingViewsCount).toBe(1);
    const [view, ...more] = await rows(budget);
    expect(more).toHaveLength(0);
    expect(stored.landingLastViewedAt).toEqual(view?.viewedAt);
    // The key is the HMAC of the pair under the app's secret: neither the IP nor the user agent in it.
    expect(view?.visitorKey).toMatch(/^[0-9a-f]{64}$/);
    expect(view?.visitorKey).toBe(visitorKey(t.deps.config.jwtSecret, { ip, userAgent: PHONE }));
    expect(view?.visitorKey).not.toBe(visitorKey('another-secret-another-secret-another-secret', { ip, userAgent: PHONE }));
    expect(view?.visitorKey).not.toContain(ip);
  });

  it('five parallel reads of one visitor are one visit', async () => {
    const budget = await sentBudget();
    await Promise.all(Array.from({ length: 5 }, () => read(budget, { ip: '198.51.100.20' })));
    expect((await counted(budget)).landingViewsCount).toBe(1);
    expect(await rows(budget)).toHaveLength(1);
  });

  it('another browser or another address is another visitor', async () => {
    const budget = await sentBudget();
    await read(budget, { ip: '198.51.100.30', ua: PHONE });
    await read(budget, { ip: '198.51.100.30', ua: DESKTOP });
    expect((await counted(budget)).landingViewsCount).toBe(2);
    expect(await agentViews(budget)).toMatchObject({ count: 2, unique_visitors: 2 });

    await read(budget, { ip: '198.51.100.31', ua: PHONE });
    // The three again, within the window: nothing more.
    await read(budget, { ip: '198.51.100.30', ua: PHONE });
    await read(budget, { ip: '198.51.100.30', ua: DESKTOP });
    await read(budget, { ip: '198.51.100.31', ua: PHONE });
    expect((await counted(budget)).landingViewsCount).toBe(3);
    expect(new Set((await rows(budget)).map((v) => v.visitorKey)).size).toBe(3);
    expect(await agentViews(budget)).toMatchObject({ count: 3, unique_visitors: 3 });
  });

  it(`a read ${LANDING_VISIT_WINDOW_MINUTES} minutes after the visitor's last visit is a new visit, and moves the last visit`, async () => {
    const budget = await sentBudget();
    const ip = '198.51.100.40';
    await read(budget, { ip });
    const first = await counted(budget);

    await age(budget, LANDING_VISIT_WINDOW_MINUTES - 1);
    await read(budget, { ip });
    expect((await counted(budget)).landingViewsCount).toBe(1);

    await age(budget, 2);
    await read(budget, { ip });
    const second = await counted(budget);
    expect(second.landingViewsCount).toBe(2);
    expect(second.landingLastViewedAt?.getTime()).toBeGreaterThanOrEqual(first.landingLastViewedAt?.getTime() ?? Number.POSITIVE_INFINITY);
    const views = await rows(budget);
    expect(views).toHaveLength(2);
    expect(views[0]?.visitorKey).toBe(views[1]?.visitorKey);
    expect(Date.now() - (views[0]?.viewedAt.getTime() ?? 0)).toBeGreaterThan((LANDING_VISIT_WINDOW_MINUTES + 1) * MINUTE - 5_000);
    expect(second.landingLastViewedAt).toEqual(views[1]?.viewedAt);
    expect(await agentViews(budget)).toMatchObject({ count: 2, unique_visitors: 1 });
  });

  it("bots and the agency's own preview neither count nor open a window", async () => {
    const budget = await sentBudget();
    const ip = '198.51.100.50';
    await read(budget, { ip, ua: BOT });
    await read(budget, { ip, ua: 'WhatsApp/2.23.20.0 A' });
    await read(budget, { ip, token });
    await read(budget, { ip, ua: DESKTOP, token });
    expect(await counted(budget)).toEqual({ landingViewsCount: 0, landingLastViewedAt: null });
    expect(await rows(budget)).toHaveLength(0);

    // The customer on the same address and browser as the agency's preview: a visit.
    await read(budget, { ip });
    expect((await counted(budget)).landingViewsCount).toBe(1);
  });

  it('the agent sees the visits, the unique visitors and the last visit; the funnel card the visits', async () => {
    const budget = await sentBudget();
    expect(await agentViews(budget)).toEqual({ count: 0, unique_visitors: 0, last_viewed_at: null, recent: [] });

    for (let i = 0; i < 3; i++) await read(budget, { ip: '198.51.100.60' });
    await read(budget, { ip: '198.51.100.61', ua: DESKTOP });
    await read(budget, { ip: '198.51.100.61', ua: DESKTOP });
    await age(budget, LANDING_VISIT_WINDOW_MINUTES + 1);
    await read(budget, { ip: '198.51.100.60' });
    await read(budget, { ip: '198.51.100.60' });

    const stored = await counted(budget);
    const views = await agentViews(budget);
    expect(views).toMatchObject({ count: 3, unique_visitors: 2, last_viewed_at: stored.landingLastViewedAt?.toISOString() });
    expect(views.recent).toHaveLength(3);

    const funnel = await t.call('GET', '/api/attendances/funnel?per_page=50', { token });
    expect(funnel.statusCode, funnel.body).toBe(200);
    const card = (funnel.json().negotiations.open.cards as { id: number; budget_views_count: number }[]).find(
      (c) => c.id === budget.attendanceId,
    );
    expect(card?.budget_views_count).toBe(3);
  });

  it('views from before visits were counted stay as they were: in the visits, not among the visitors', async () => {
    const budget = await sentBudget();
    const { companyId } = await t.deps.db.budget.findUniqueOrThrow({ where: { id: budget.id }, select: { companyId: true } });
    // Two reads of one browser recorded the old way: a row each, no key.
    for (const viewedAt of [new Date(Date.now() - 3 * MINUTE), new Date(Date.now() - 2 * MINUTE)])
      await t.deps.db.budgetLandingView.create({
        data: { companyId, budgetId: budget.id, ip: '198.51.100.70', userAgent: PHONE, viewedAt },
      });
    await t.deps.db.budget.update({
      where: { id: budget.id },
      data: { landingViewsCount: 2, landingLastViewedAt: new Date(Date.now() - 2 * MINUTE) },
    });

    await read(budget, { ip: '198.51.100.70' });
    await read(budget, { ip: '198.51.100.70' });
    expect(await agentViews(budget)).toMatchObject({ count: 3, unique_visitors: 1 });
  });
});
