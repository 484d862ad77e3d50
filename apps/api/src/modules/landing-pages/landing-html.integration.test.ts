// The HTML of /landing-page/{id} (landing-html.ts): for a page the public may see, the cover's
// preload (srcset of resized copies) and the hero (agency, cover, title, trip, passengers) rendered
// in, every text escaped, no view counted; a draft, canceled or revoked budget's HTML shows nothing of
// it (the bare template with its skeleton); the HTML spends the read limit of the page's data call.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageSrcSet, imageUrl, LANDING_PAGE_MESSAGES } from '@app/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { newBudget } from '../../../test/budget-fixtures';
import { DEMO, useTestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';

// A web build of the real landing.html (the server only reads its text).
const webDist = mkdtempSync(join(tmpdir(), 'landing-html-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
writeFileSync(join(webDist, 'landing.html'), readFileSync(new URL('../../../../web/landing.html', import.meta.url), 'utf8'));

const t = useTestApp({ WEB_DIST: webDist });
let token = '';
const TITLE = 'Férias <b>"Lisboa"</b> & Porto';

beforeAll(async () => {
  token = await t.tokenFor(DEMO.users.colaborador);
});

async function coverKey(): Promise<string> {
  const data = await sharp({ create: { width: 1280, height: 800, channels: 3, background: '#2f7fa8' } })
    .jpeg()
    .toBuffer();
  const form = multipart({}, [{ filename: 'capa.jpg', contentType: 'image/jpeg', data }]);
  const res = await t.call('POST', '/api/uploads/image', { token, body: form.body, headers: form.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().key;
}

/** A budget with a cover on its attendance, in `status`; its id, link id and cover key. */
async function budget(status: 'draft' | 'sent') {
  const b = await newBudget(t, token, {
    title: TITLE,
    destination: 'Lisboa <script>',
    start_date: '2027-03-10',
    end_date: '2027-03-20',
    paxes: [
      { name: 'Maria Aparecida Souza', age_group: 'adult' },
      { name: 'João Pedro', age_group: 'child' },
    ],
  });
  const tree = (await t.call('GET', `/api/budgets/${b.id}`, { token })).json() as { attendance_id: number; landing_page_id: string };
  const key = await coverKey();
  const cover = await t.call('PATCH', `/api/attendances/${tree.attendance_id}`, { token, body: { cover_image_key: key } });
  expect(cover.statusCode, cover.body).toBe(200);
  if (status === 'sent') {
    const sent = await t.call('PATCH', `/api/budgets/${b.id}`, { token, body: { status: 'sent' } });
    expect(sent.statusCode, sent.body).toBe(200);
  }
  return { id: b.id, landingId: tree.landing_page_id, key };
}

const page = async (landingId: string) => {
  const res = await t.call('GET', `/landing-page/${landingId}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res.body;
};

const dataPreload = (landingId: string) =>
  `<link rel="preload" href="/api/budgets/landing-page/${landingId}" as="fetch" crossorigin="anonymous">`;

/** What a page nobody may see still answers: the template, its data preload, the skeleton; nothing of the budget. */
function expectBare(html: string, landingId: string, key: string) {
  expect(html).toContain(dataPreload(landingId));
  expect(html).toContain('class="lp-skeleton"');
  expect(html).not.toContain('as="image"');
  expect(html).not.toContain(key.split('/').at(-1)?.split('.')[0]);
  expect(html).not.toContain('Férias');
  expect(html).not.toContain('Maria');
}

describe('GET /landing-page/{id}: the server-rendered hero', () => {
  it("renders a sent budget's hero and cover preload, texts escaped, without counting a view", async () => {
    const b = await budget('sent');
    const html = await page(b.landingId);
    const url = imageUrl(b.key);
    const srcset = imageSrcSet(url);
    expect(html).toContain(dataPreload(b.landingId));
    expect(html).toContain(
      `<link rel="preload" as="image" imagesrcset="${srcset}" imagesizes="(min-width: 720px) 720px, 100vw" fetchpriority="high">`,
    );
    expect(html).toContain(
      `<img class="lp-cover" src="${url}?w=720" srcset="${srcset}" sizes="(min-width: 720px) 720px, 100vw" alt="" width="1600" height="1000" fetchpriority="high">`,
    );
    expect(html).toContain('<h1>Férias &#60;b&#62;&#34;Lisboa&#34;&#60;/b&#62; &#38; Porto</h1>');
    expect(html).toContain('<p class="lp-hero-meta">Lisboa &#60;script&#62; · 10 de março de 2027 a 20 de março de 2027</p>');
    expect(html).toContain('<p class="lp-hero-meta">Para Maria e João</p>');
    expect(html).toContain('<span class="lp-agency-name">');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<script>');
    // The hero takes the skeleton's place; the page's script still loads.
    expect(html).not.toContain('lp-skeleton');
    expect(html).toContain('<script type="module"');
    // The view is counted by the page's data call, not by its HTML.
    const row = await t.deps.db.budget.findUniqueOrThrow({ where: { id: b.id }, select: { landingViewsCount: true } });
    expect(row.landingViewsCount).toBe(0);
    // Each resized copy the srcset names is served.
    for (const candidate of srcset.split(', ')) {
      const res = await t.call('GET', candidate.split(' ')[0] as string);
      expect(res.statusCode, candidate).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('shows nothing of a draft, a canceled budget or a revoked link; a malformed id gets the bare template', async () => {
    const draft = await budget('draft');
    expectBare(await page(draft.landingId), draft.landingId, draft.key);

    const canceled = await budget('sent');
    const cancel = await t.call('PATCH', `/api/budgets/${canceled.id}`, { token, body: { status: 'canceled' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expectBare(await page(canceled.landingId), canceled.landingId, canceled.key);

    const revoked = await budget('sent');
    expect(await page(revoked.landingId)).toContain('<h1>');
    const revoke = await t.call('DELETE', `/api/budgets/${revoked.id}/landing-page`, { token });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expectBare(await page(revoked.landingId), revoked.landingId, revoked.key);

    const malformed = await page('nao-e-um-uuid');
    expect(malformed).toContain('class="lp-skeleton"');
    expect(malformed).not.toContain('rel="preload"');
  });
});

describe('GET /landing-page/{id}: the read limit', () => {
  it('spends the read limit of the data call: past it, 429 with Retry-After and the bare template, and the data call says why', async () => {
    const b = await budget('sent');
    const from = (remoteAddress: string, url: string) => t.app.inject({ method: 'GET', url, remoteAddress });
    const crowded = '198.51.100.30';
    for (let i = 0; i < t.platform.landingReadLimiter.points; i++) {
      const res = await from(crowded, `/landing-page/${b.landingId}`);
      expect(res.statusCode, `read ${i + 1}`).toBe(200);
    }
    const refused = await from(crowded, `/landing-page/${b.landingId}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
    // Nothing of the budget, not even its data preload: the page's script makes the call, refused too.
    expect(refused.body).toContain('class="lp-skeleton"');
    expect(refused.body).not.toContain('rel="preload"');
    expect(refused.body).not.toContain('Férias');
    const data = await from(crowded, `/api/budgets/landing-page/${b.landingId}`);
    expect(data.statusCode).toBe(429);
    expect(data.json().message).toBe(LANDING_PAGE_MESSAGES.tooManyRequests);

    // Another address still reads it.
    expect((await from('198.51.100.31', `/landing-page/${b.landingId}`)).body).toContain('<h1>');
  });
});
