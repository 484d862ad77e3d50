// The HTML of /landing-page/{id}: the built landing.html with its data call and cover preloaded, and
// the hero (agency bar, cover, title) rendered in, so the largest paint needs neither the script nor
// the data call. Only for a page the public may see (isPubliclyVisible): a revoked link, a draft or
// canceled budget gets the bare template, never its title or cover. No view is counted here (the
// page's data call counts it), but the read is: the HTML spends the read limit of the page's data.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '@app/db';
import { firstName, heroLines, imageSrcSet, imageUrl, LANDING_COVER_SIZES, LANDING_HERO_KICKER, resizedImageUrl } from '@app/shared';
import { fromDbDate } from '../../calendar';
import { escapeHtml } from '../../html';
import type { Platform } from '../../platform';
import { landingReadRefusal } from './landing-limits';
import { isLandingPageId, isPubliclyVisible, landingBudgetWhere } from './landing-pages.where';

const e = escapeHtml;

/** The built landing.html of each web build folder, read once. */
const templates = new Map<string, Promise<string>>();

function landingTemplate(webDist: string): Promise<string> {
  let template = templates.get(webDist);
  if (!template) {
    template = readFile(join(webDist, 'landing.html'), 'utf8');
    // A failed read (a build being replaced) is tried again by the next request.
    template.catch(() => templates.delete(webDist));
    templates.set(webDist, template);
  }
  return template;
}

/** What landing.html's static skeleton sits between: the server puts the hero in its place. */
const SKELETON = /<!--landing-skeleton-->[\s\S]*<!--\/landing-skeleton-->/;

type Hero = {
  title: string;
  destination: string | null;
  start_date: string | null;
  end_date: string | null;
  passengers: { first_name: string }[];
  agency: { name: string; logo_url: string | null };
  cover_image_url: string | null;
};

/** The hero's fields of a publicly visible page; null otherwise (one read by the unique landing id). */
async function readHero(db: Db, landingPageId: string): Promise<Hero | null> {
  const b = await db.budget.findUnique({
    where: landingBudgetWhere(landingPageId),
    select: {
      status: true,
      landingPageEnabled: true,
      title: true,
      destination: true,
      startDate: true,
      endDate: true,
      company: { select: { name: true, logoKey: true } },
      attendance: { select: { coverImageKey: true } },
      paxes: { select: { name: true }, orderBy: [{ position: 'asc' }, { id: 'asc' }] },
    },
  });
  if (!b || !isPubliclyVisible(b)) return null;
  return {
    title: b.title,
    destination: b.destination,
    start_date: fromDbDate(b.startDate),
    end_date: fromDbDate(b.endDate),
    passengers: b.paxes.map((x) => ({ first_name: firstName(x.name) })),
    agency: { name: b.company.name, logo_url: b.company.logoKey ? imageUrl(b.company.logoKey) : null },
    cover_image_url: b.attendance.coverImageKey ? imageUrl(b.attendance.coverImageKey) : null,
  };
}

/** The markup of LandingApp.tsx's AgencyBar and Hero, element for element. */
function heroHtml(hero: Hero): string {
  const { trip, forWhom } = heroLines(hero);
  const logo = hero.agency.logo_url
    ? `<img class="lp-logo" src="${e(hero.agency.logo_url)}" alt="${e(`Logo de ${hero.agency.name}`)}" width="40" height="40">`
    : `<span class="lp-logo lp-logo--initial" aria-hidden="true">${e(hero.agency.name.charAt(0))}</span>`;
  const cover = hero.cover_image_url
    ? `<img class="lp-cover" src="${e(resizedImageUrl(hero.cover_image_url, 720))}" srcset="${e(imageSrcSet(hero.cover_image_url))}" sizes="${e(LANDING_COVER_SIZES)}" alt="" width="1600" height="1000" fetchpriority="high">`
    : '';
  return [
    `<header class="lp-top">${logo}<span class="lp-agency-name">${e(hero.agency.name)}</span></header>`,
    `<main class="lp-main"><section class="lp-hero${hero.cover_image_url ? '' : ' lp-hero--plain'}">${cover}`,
    `<div class="lp-hero-text"><p class="lp-kicker">${e(LANDING_HERO_KICKER)}</p><h1>${e(hero.title)}</h1>`,
    `<p class="lp-hero-meta">${e(trip)}</p>${forWhom ? `<p class="lp-hero-meta">${e(forWhom)}</p>` : ''}</div></section></main>`,
  ].join('');
}

/**
 * The page for a /landing-page/... path: the template as built, plus for a landing id the preload
 * of its data call, and for a publicly visible page the cover's preload and the hero.
 */
export async function renderLandingHtml(db: Db, webDist: string, landingPageId: string | null): Promise<string> {
  const template = await landingTemplate(webDist);
  if (!landingPageId || !isLandingPageId(landingPageId)) return template;
  const hero = await readHero(db, landingPageId);
  const preloads = [`<link rel="preload" href="/api/budgets/landing-page/${e(landingPageId)}" as="fetch" crossorigin="anonymous">`];
  if (hero?.cover_image_url)
    preloads.push(
      `<link rel="preload" as="image" imagesrcset="${e(imageSrcSet(hero.cover_image_url))}" imagesizes="${e(LANDING_COVER_SIZES)}" fetchpriority="high">`,
    );
  const html = template.replace('</title>', () => `</title>${preloads.join('')}`);
  return hero ? html.replace(SKELETON, () => heroHtml(hero)) : html;
}

export type LandingHtmlPage = { status: 200 | 429; html: string; retryAfterSeconds: number | null };

/**
 * The answer for a /landing-page/... path read by `ip`. Past the read limit (the one of the page's
 * data call and PDF): 429 with the bare template, no database read; the page's script then makes
 * its data call, refused too, and shows the limit's message.
 */
export async function landingHtmlPage(
  deps: { db: Db; platform: Pick<Platform, 'landingReadLimiter'> },
  ip: string,
  webDist: string,
  landingPageId: string | null,
): Promise<LandingHtmlPage> {
  const retryAfterSeconds = await landingReadRefusal(deps.platform, ip);
  if (retryAfterSeconds !== null) return { status: 429, html: await renderLandingHtml(deps.db, webDist, null), retryAfterSeconds };
  return { status: 200, html: await renderLandingHtml(deps.db, webDist, landingPageId), retryAfterSeconds: null };
}
