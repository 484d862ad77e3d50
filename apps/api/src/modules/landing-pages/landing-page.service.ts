// The customer's view of a budget (landing page and PDF): built from the agency's budget tree
// (budgets' getBudget: proposals in order, services, totals) plus the names behind its ids, read
// in a fixed number of statements whatever the size of the budget: the budget's head (agency,
// agent, cover), the tree, the reference-list rows of all its services at once, its favourite
// hotels with their photos at once, and the agency's payment methods when values are shown.
import type { Db, Prisma } from '@app/db';
import {
  type BudgetTree,
  firstName,
  imageUrl,
  installmentOptions,
  LANDING_PAGE_MESSAGES,
  type LandingPage,
  type LandingPaymentOption,
  pixBrCode,
  type Service,
  serviceReferenceIds,
} from '@app/shared';
import { AppError, notFound } from '../../errors';
import { loadSession } from '../access/session';
import type { AccessClaims } from '../access/tokens';
import { getBudget } from '../budgets/budgets.service';
import {
  agencyContactSelect,
  type HotelRow,
  type Lookups,
  type RefRow,
  toAgencyContact,
  toLandingCanceledService,
  toLandingService,
} from './landing-pages.dto';
import {
  agencyBudgetWhere,
  isLandingPageId,
  isPubliclyVisible,
  landingBudgetWhere,
  landingHotelWhere,
  landingPaymentMethodWhere,
  landingReferenceWhere,
} from './landing-pages.where';

/** A revoked link, a draft or canceled budget and an unknown id answer alike. */
export const invalidLink = () => new AppError('NOT_FOUND', { message: LANDING_PAGE_MESSAGES.invalidLink });

/** The X-Robots-Tag of every public answer about a landing id (page, acceptance, PDF): never indexed nor followed. */
export const LANDING_ROBOTS_TAG = 'noindex, nofollow';

/** Pix without a city on the agency's contact: the BR Code needs one, and the country is true of every agency. */
export const PIX_FALLBACK_CITY = 'BRASIL';

const headSelect = {
  id: true,
  companyId: true,
  status: true,
  landingPageEnabled: true,
  acceptedProposalId: true,
  acceptedByName: true,
  acceptedAt: true,
  company: { select: agencyContactSelect },
  owner: { select: { name: true } },
  attendance: { select: { coverImageKey: true } },
} satisfies Prisma.BudgetSelect;
type BudgetHead = Prisma.BudgetGetPayload<{ select: typeof headSelect }>;

export type LandingOptions = {
  /** Only these proposals (the PDF of send-proposals); all when absent. */
  proposalIds?: readonly number[];
  /**
   * The company of a signed-in caller (a verified session): the agency previews its own budget
   * in any status and with a revoked link.
   */
  agencyCompanyId?: number | null;
};

/**
 * The company of a signed-in caller of a public landing route (the page, the PDF): its preview,
 * never counted as a view. Null without a token, or when its user is no longer active.
 */
export async function agencyCompanyOf(db: Db, claims: AccessClaims | null): Promise<number | null> {
  if (!claims) return null;
  return (await loadSession(db, claims))?.companyId ?? null;
}

export type OpenedLandingPage = { page: LandingPage; budgetId: number; companyId: number; agencyView: boolean };

/** The page behind a landing id, and whether the caller is the budget's own agency (its preview). */
export async function openLandingPage(db: Db, landingPageId: string, opts: LandingOptions = {}): Promise<OpenedLandingPage> {
  if (!isLandingPageId(landingPageId)) throw invalidLink();
  const head = await db.budget.findUnique({ where: landingBudgetWhere(landingPageId), select: headSelect });
  if (!head) throw invalidLink();
  const agencyView = opts.agencyCompanyId != null && opts.agencyCompanyId === head.companyId;
  if (!isPubliclyVisible(head) && !agencyView) throw invalidLink();
  const page = await buildLandingPage(db, head, opts.proposalIds).catch((error: unknown) => {
    // Deleted between the two reads: the link no longer leads anywhere.
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? invalidLink() : error;
  });
  return { page, budgetId: head.id, companyId: head.companyId, agencyView };
}

/**
 * GET /api/budgets/landing-page/{id} and /pdf/{id}: what the customer may see of the budget
 * behind a landing id; 404 with the invalid-link message for a revoked link, a draft or canceled
 * budget, or an id no budget has (unless `agencyCompanyId` is the budget's own agency).
 */
export async function loadLandingPage(db: Db, landingPageId: string, opts: LandingOptions = {}): Promise<LandingPage> {
  return (await openLandingPage(db, landingPageId, opts)).page;
}

/** The agency's preview of its own budget by database id, in any status (404 for another agency's). */
export async function loadLandingPageForAgency(
  db: Db,
  companyId: number,
  budgetId: number,
  opts: Pick<LandingOptions, 'proposalIds'> = {},
): Promise<LandingPage> {
  const head = await db.budget.findFirst({ where: agencyBudgetWhere(companyId, budgetId), select: headSelect });
  if (!head) throw notFound();
  return buildLandingPage(db, head, opts.proposalIds);
}

async function buildLandingPage(db: Db, head: BudgetHead, proposalIds?: readonly number[]): Promise<LandingPage> {
  // The page names passengers by first name only: no document numbers are read.
  const tree = await getBudget(db, null, head.companyId, head.id);
  const proposals = proposalIds ? tree.proposals.filter((p) => proposalIds.includes(p.id)) : tree.proposals;
  const active = (services: Service[]) => services.filter((s) => s.status === 'active');
  const [lookups, methods] = await Promise.all([
    readLookups(
      db,
      head.companyId,
      proposals.flatMap((p) => active(p.services)),
    ),
    tree.show_values ? activeMethods(db, head.companyId) : Promise.resolve([]),
  ]);
  const merchant = { name: head.company.name, city: head.company.city ?? PIX_FALLBACK_CITY };
  const accepted =
    head.acceptedProposalId !== null && head.acceptedAt !== null
      ? { proposal_id: head.acceptedProposalId, name: head.acceptedByName ?? '', accepted_at: head.acceptedAt.toISOString() }
      : null;
  return {
    landing_page_id: tree.landing_page_id,
    title: tree.title,
    destination: tree.destination,
    start_date: tree.start_date,
    end_date: tree.end_date,
    currency: tree.currency,
    show_values: tree.show_values,
    status: tree.status,
    cover_image_url: head.attendance.coverImageKey ? imageUrl(head.attendance.coverImageKey) : null,
    observations: tree.observations,
    agency: toAgencyContact(head.company),
    agent: { name: firstName(head.owner.name) },
    passengers: tree.paxes.map((x) => ({ first_name: firstName(x.name), age_group: x.age_group })),
    proposals: proposals.map((p) => ({
      id: p.id,
      title: p.title,
      position: p.position,
      services: active(p.services).map((s) => toLandingService(s, lookups, tree.show_values)),
      // What the customer still pays for them is in the total: the page lists them so the lines add up.
      canceled_services: p.services.filter((s) => s.status === 'canceled').map((s) => toLandingCanceledService(s, tree, tree.show_values)),
      totals: tree.show_values
        ? {
            sale_cents: p.totals.sale_cents,
            per_passenger: p.totals.per_passenger,
            per_passenger_first: p.totals.per_passenger_first,
            passengers: p.totals.passengers,
          }
        : null,
      payment_options: tree.show_values ? paymentOptions(methods, p.totals.sale_cents, tree, merchant) : [],
    })),
    recommendations: tree.recommendations.map((r) => ({
      id: r.id,
      category: r.category,
      title: r.title,
      description: r.description,
      url: r.url,
    })),
    accepted,
  };
}

/** The names behind every list id of the services, and their favourite hotels: two statements for the whole budget. */
async function readLookups(db: Db, companyId: number, services: Service[]): Promise<Lookups> {
  const refIds = new Set<number>();
  const hotelIds = new Set<number>();
  for (const s of services) {
    for (const ref of serviceReferenceIds(s.type, s.details)) refIds.add(ref.id);
    const hotelId = s.type === 'accommodation' ? (s.details as { favorite_hotel_id?: unknown }).favorite_hotel_id : null;
    if (typeof hotelId === 'number') hotelIds.add(hotelId);
  }
  const [refRows, hotelRows] = await Promise.all([
    refIds.size
      ? db.referenceItem.findMany({
          where: landingReferenceWhere(companyId, [...refIds]),
          select: { id: true, list: true, name: true, code: true, fields: true, parent: { select: { name: true } } },
        })
      : Promise.resolve([]),
    hotelIds.size
      ? db.favoriteHotel.findMany({
          where: landingHotelWhere(companyId, [...hotelIds]),
          select: {
            id: true,
            stars: true,
            address: true,
            media: {
              select: { key: true, variants: true, caption: true },
              orderBy: [{ isCover: 'desc' }, { position: 'asc' }, { id: 'asc' }],
            },
          },
        })
      : Promise.resolve([]),
  ]);
  const refs = new Map<number, RefRow>(
    refRows.map((r) => {
      const cityName = (r.fields as { city_name?: unknown } | null)?.city_name;
      const city = r.parent?.name ?? (typeof cityName === 'string' && cityName ? cityName : null);
      return [r.id, { list: r.list, name: r.name, code: r.code, city }];
    }),
  );
  const hotels = new Map<number, HotelRow>(
    hotelRows.map((h) => [
      h.id,
      {
        stars: h.stars,
        address: h.address,
        photos: h.media.map((m) => {
          const thumb = (m.variants as { thumb?: unknown } | null)?.thumb;
          return { url: imageUrl(m.key), thumb_url: typeof thumb === 'string' ? imageUrl(thumb) : null, caption: m.caption };
        }),
      },
    ]),
  );
  return { refs, hotels };
}

function activeMethods(db: Db, companyId: number) {
  return db.paymentMethod.findMany({
    where: landingPaymentMethodWhere(companyId),
    select: {
      id: true,
      kind: true,
      name: true,
      instructions: true,
      pixKey: true,
      maxInstallments: true,
      installmentInterest: true,
      minInstallmentCents: true,
    },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}
type MethodRow = Awaited<ReturnType<typeof activeMethods>>[number];

/** The agency's options over a proposal's total: installments.ts' split, and for Pix the BR Code of the total in reais. */
function paymentOptions(
  methods: MethodRow[],
  saleCents: number,
  tree: Pick<BudgetTree, 'currency' | 'currency_rate'>,
  merchant: { name: string; city: string },
): LandingPaymentOption[] {
  return methods.map((m) => {
    const installments = installmentOptions(
      {
        kind: m.kind,
        max_installments: m.maxInstallments,
        installment_interest: m.installmentInterest,
        min_installment_cents: m.minInstallmentCents,
      },
      saleCents,
      tree.currency,
    ).map((o) => ({
      count: o.count,
      installment_cents: o.installment_cents,
      first_installment_cents: o.first_installment_cents,
      total_cents: o.total_cents,
      interest_free: o.interest_free,
      label: o.label,
    }));
    // Pix is paid in reais: a budget in another currency converts at its stored rate.
    const reais = Math.round(saleCents * tree.currency_rate);
    const pix =
      m.kind === 'pix' && m.pixKey
        ? {
            key: m.pixKey,
            amount_cents: reais,
            br_code: pixBrCode({ key: m.pixKey, merchantName: merchant.name, merchantCity: merchant.city, amountCents: reais }),
          }
        : null;
    return { payment_method_id: m.id, kind: m.kind, name: m.name, instructions: m.instructions, installments, pix };
  });
}
