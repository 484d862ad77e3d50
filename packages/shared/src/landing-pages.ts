// The customer's side of a budget: the public landing page (/landing-page/{id}) and its PDF
// (/pdf/{id}), what the customer may see of it, accepting a proposal, and how the agency sends it
// and follows what the customer did. {id} is the budget's landing_page_id (a uuid), never its
// database id.
import { AgeGroup } from '@app/db/browser';
import { BUDGET_SERVICE_TYPES } from './budget-services';
import { BUDGET_STATUSES } from './budgets';
import { companyIdentityFields } from './companies';
import { BR_STATES } from './documents';
import { MAX_INSTALLMENTS } from './installments';
import { idParam, recordIdField } from './pagination';
import { PAYMENT_METHOD_KINDS } from './payment-methods';
import { RECOMMENDATION_CATEGORIES } from './recommendations';
import { costsVisibilityField } from './users';
import { versionField } from './versions';
import { z } from './zod';

export * from './landing-rules';

export const landingPageIdInput = z.object({ id: z.uuid() }).strict();

/** GET /pdf/{id}: `download=1` saves the file instead of showing it; `proposals=1,2` keeps those proposals only. */
export const landingPdfInput = landingPageIdInput
  .extend({
    download: z.enum(['0', '1']).optional(),
    proposals: z
      .string()
      .max(200)
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/)
      .transform((ids) => ids.split(',').map(Number))
      .optional(),
  })
  .strict();

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const personName = z.string().trim().min(3).max(120);
const emailField = z.email().max(254);

/** PUT /api/budgets/accept/{id}: the customer picks a proposal (and how to pay) and signs with name and e-mail. */
export const acceptBudgetInput = z
  .object({
    id: z.uuid(),
    proposal_id: recordIdField(),
    name: personName,
    email: emailField,
    payment_method_id: recordIdField().nullable().optional(),
    installments: z.number().int().min(1).max(MAX_INSTALLMENTS).nullable().optional(),
    /** The optional unticked checkbox: true records the budget client's consent to marketing e-mails (source landing_page). */
    marketing_consent: z.boolean().optional(),
  })
  .strict();
export type AcceptBudgetInput = z.infer<typeof acceptBudgetInput>;

const idName = z.object({ id: z.number().int(), name: z.string() });
const place = z.object({ code: z.string().nullable(), name: z.string(), city: z.string().nullable() });

/** The agency as its customers see it (landing page, PDF, e-mails). */
export const agencyContactSchema = z.object({
  name: z.string(),
  logo_url: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Digits only; formatted by agencyRegistration (documents.ts). */
  cnpj: z.string().nullable(),
  /** The Ministry of Tourism's registration, which an agency shows wherever it offers trips. */
  cadastur: z.string().nullable(),
});
export type AgencyContact = z.infer<typeof agencyContactSchema>;

const serviceBase = {
  id: z.number().int(),
  type_label: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  start_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_date: z.string().nullable(),
  end_time: z.string().nullable(),
  adult_number: z.number().int(),
  child_number: z.number().int(),
  infant_number: z.number().int(),
  /** The service's sale price in the budget's currency; null unless the budget shows values. */
  sale_cents: z.number().int().nullable(),
};

/**
 * One active service as the customer sees it: its reference-list ids resolved to names, never its
 * supplier, cost, commission, fee split, quote or locator. Canceled services go to `canceled_services`.
 */
export const landingServiceSchema = z.discriminatedUnion('type', [
  z.object({
    ...serviceBase,
    type: z.literal('air'),
    details: z.object({
      segments: z.array(
        z.object({
          origin: place,
          destination: place,
          airline: z.object({ code: z.string().nullable(), name: z.string() }).nullable(),
          flight_number: z.string().nullable(),
          departure_date: z.string(),
          departure_time: z.string().nullable(),
          arrival_date: z.string().nullable(),
          arrival_time: z.string().nullable(),
          class_name: z.string().nullable(),
          luggage: z.string().nullable(),
        }),
      ),
    }),
  }),
  z.object({
    ...serviceBase,
    type: z.literal('accommodation'),
    details: z.object({
      hotel_name: z.string(),
      city: z.string().nullable(),
      location: z.string().nullable(),
      stars: z.number().int().nullable(),
      address: z.string().nullable(),
      diet: z.string().nullable(),
      check_in_time: z.string().nullable(),
      check_out_time: z.string().nullable(),
      rooms: z.array(
        z.object({
          adult_number: z.number().int(),
          child_number: z.number().int(),
          infant_number: z.number().int(),
          number_room: z.number().int(),
          room_type: z.string().nullable(),
          room_category: z.string().nullable(),
        }),
      ),
      /** The favourite hotel's photos, cover first: `url` the original, `thumb_url` a resized one when there is. */
      photos: z.array(z.object({ url: z.string(), thumb_url: z.string().nullable(), caption: z.string().nullable() })),
    }),
  }),
  z.object({
    ...serviceBase,
    type: z.literal('cruise'),
    details: z.object({
      cruise_company: z.string().nullable(),
      ship: z.string().nullable(),
      embark_port: z.string().nullable(),
      disembark_port: z.string().nullable(),
      cabin_type: z.string().nullable(),
      cabin_category: z.string().nullable(),
      diet: z.string().nullable(),
      itinerary: z.string().nullable(),
    }),
  }),
  z.object({
    ...serviceBase,
    type: z.literal('car_rental'),
    details: z.object({
      rental_company: z.string().nullable(),
      vehicle_category: z.string().nullable(),
      pickup_place: z.string(),
      dropoff_place: z.string().nullable(),
    }),
  }),
  z.object({
    ...serviceBase,
    type: z.literal('transfer'),
    details: z.object({ from_place: z.string(), to_place: z.string(), vehicle: z.string().nullable(), private: z.boolean() }),
  }),
  z.object({
    ...serviceBase,
    type: z.literal('insurance'),
    details: z.object({ plan_name: z.string(), coverage: z.string().nullable() }),
  }),
  z.object({
    ...serviceBase,
    type: z.literal('tour'),
    details: z.object({ place: z.string().nullable(), meeting_point: z.string().nullable(), includes: z.string().nullable() }),
  }),
  z.object({ ...serviceBase, type: z.literal('other'), details: z.object({}) }),
]);
export type LandingService = z.infer<typeof landingServiceSchema>;
export const LANDING_SERVICE_TYPES = BUDGET_SERVICE_TYPES;

const installmentSchema = z.object({
  count: z.number().int(),
  installment_cents: z.number().int(),
  first_installment_cents: z.number().int(),
  total_cents: z.number().int(),
  interest_free: z.boolean(),
  label: z.string(),
});

/** A way to pay a proposal: the agency's active payment method and its options over the proposal's total. */
export const landingPaymentOptionSchema = z.object({
  payment_method_id: z.number().int(),
  kind: z.enum(PAYMENT_METHOD_KINDS),
  name: z.string(),
  instructions: z.string().nullable(),
  /** In the budget's currency. */
  installments: z.array(installmentSchema),
  /** Pix: the agency's key and the BR Code (copia e cola, EMV) for the total in reais. */
  pix: z
    .object({
      key: z.string(),
      amount_cents: z.number().int(),
      br_code: z.string(),
    })
    .nullable(),
});
export type LandingPaymentOption = z.infer<typeof landingPaymentOptionSchema>;

/**
 * A service the agency canceled with a refund: the customer still pays what was retained, which is
 * part of the proposal's total, so the page and the PDF show it apart from the timeline. Amounts in
 * the budget's currency, null unless the budget shows values; original = returned + retained.
 */
export const landingCanceledServiceSchema = z.object({
  id: z.number().int(),
  type_label: z.string(),
  title: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** What the service cost before it was canceled. */
  original_cents: z.number().int().nullable(),
  /** What goes back to the customer. */
  returned_cents: z.number().int().nullable(),
  /** What the customer still pays for it (its line in the total). */
  retained_cents: z.number().int().nullable(),
});
export type LandingCanceledService = z.infer<typeof landingCanceledServiceSchema>;

export const landingProposalSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  services: z.array(landingServiceSchema),
  /** Canceled services, in the proposal's order: with `services`, every line of the total. */
  canceled_services: z.array(landingCanceledServiceSchema),
  /** Null unless the budget shows values. */
  totals: z
    .object({
      sale_cents: z.number().int(),
      /** The price of each traveller of each age group present (proposalTotals per_passenger)... */
      per_passenger: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }).partial(),
      /** ...and of the group's first traveller where it differs: the leftover cents on top. */
      per_passenger_first: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }).partial(),
      passengers: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }),
    })
    .nullable(),
  /** Empty unless the budget shows values. */
  payment_options: z.array(landingPaymentOptionSchema),
});
export type LandingProposal = z.infer<typeof landingProposalSchema>;

/** GET /api/budgets/landing-page/{id}: everything the customer may see, and nothing else. */
export const landingPageSchema = z.object({
  landing_page_id: z.string(),
  title: z.string(),
  destination: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  currency: z.string(),
  show_values: z.boolean(),
  /** One of LANDING_VISIBLE_STATUSES; a draft or canceled one only in the agency's own preview (its bearer token). */
  status: z.enum(BUDGET_STATUSES),
  /** The attendance's cover image. */
  cover_image_url: z.string().nullable(),
  /** Notes for the customer (the budget's observations). */
  observations: z.string().nullable(),
  agency: agencyContactSchema,
  /**
   * The agent in charge, by first name only: their e-mail is their login, never public (the
   * customer writes to the agency's contact e-mail in `agency`).
   */
  agent: z.object({ name: z.string() }),
  /** First names only. */
  passengers: z.array(z.object({ first_name: z.string(), age_group: z.enum(Object.values(AgeGroup) as [AgeGroup, ...AgeGroup[]]) })),
  proposals: z.array(landingProposalSchema),
  recommendations: z.array(
    z.object({
      id: z.number().int(),
      category: z.enum(RECOMMENDATION_CATEGORIES),
      title: z.string(),
      description: z.string().nullable(),
      url: z.string().nullable(),
    }),
  ),
  /** Once a proposal was accepted: which, by whom (name only) and when. */
  accepted: z.object({ proposal_id: z.number().int(), name: z.string(), accepted_at: z.string() }).nullable(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

export const acceptBudgetOutput = z.object({
  status: z.literal('accepted'),
  proposal_id: z.number().int(),
  accepted_at: z.string(),
  message: z.string(),
});

/** GET /api/budgets/{id}/accepted-info: what the customer did with the link. */
export const budgetAcceptedInfoSchema = z.object({
  budget_id: z.number().int(),
  status: z.enum(BUDGET_STATUSES),
  landing_page: z.object({ id: z.string(), enabled: z.boolean(), path: z.string() }),
  accepted: z
    .object({
      proposal: idName.pick({ id: true }).extend({ title: z.string() }).nullable(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      accepted_at: z.string(),
      ip: z.string().nullable(),
      user_agent: z.string().nullable(),
      payment_method: idName.nullable(),
      installments: z.number().int().nullable(),
    })
    .nullable(),
  /** Visits, not reads: one per visitor per LANDING_VISIT_WINDOW_MINUTES. */
  views: z.object({
    /** The visits. */
    count: z.number().int(),
    /** Distinct visitors (IP and user agent) among them; views from before visits were counted have none. */
    unique_visitors: z.number().int(),
    /** The last visit. */
    last_viewed_at: z.string().nullable(),
    /** The latest visits, newest first (up to 20). */
    recent: z.array(z.object({ viewed_at: z.string(), user_agent: z.string().nullable() })),
  }),
  /** The latest e-mails of the budget, newest first (up to 20). */
  mailings: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(['budget', 'proposals']),
      recipients: z.array(z.string()),
      proposal_ids: z.array(z.number().int()),
      sent_at: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type BudgetAcceptedInfo = z.infer<typeof budgetAcceptedInfoSchema>;

/** POST /api/budgets/{id}/landing-page (new link, the old one stops answering) and DELETE (revoke). */
export const landingLinkOutput = z.object({ landing_page_id: z.string(), enabled: z.boolean() });

export const BUDGET_MAIL_LIMITS = { recipients: 10, message: 2000, proposals: 20 } as const;
/** Why a budget cannot be sent (409). */
export const BUDGET_MAIL_MESSAGES = {
  canceled: 'Orçamento cancelado não pode ser enviado. Reabra o orçamento antes de enviá-lo.',
  linkRevoked: 'O link deste orçamento foi revogado. Gere um novo link antes de enviá-lo.',
} as const;
const recipients = z.array(emailField).min(1).max(BUDGET_MAIL_LIMITS.recipients);

/** POST /api/budgets/send-email/{id}: the whole budget (link and PDF) to the recipients. */
export const sendBudgetEmailInput = idParam
  .extend({ to: recipients, message: optionalText(BUDGET_MAIL_LIMITS.message), ...versionField })
  .strict();
export type SendBudgetEmailInput = z.infer<typeof sendBudgetEmailInput>;

/** POST /api/budgets/{id}/send-proposals: the chosen proposals only (the PDF carries just them). */
export const sendProposalsInput = idParam
  .extend({
    proposal_ids: z.array(recordIdField()).min(1).max(BUDGET_MAIL_LIMITS.proposals),
    to: recipients,
    message: optionalText(BUDGET_MAIL_LIMITS.message),
    ...versionField,
  })
  .strict();
export type SendProposalsInput = z.infer<typeof sendProposalsInput>;

export const budgetMailingOutput = z.object({
  mailing_id: z.number().int(),
  status: z.literal('queued'),
  budget_status: z.enum(BUDGET_STATUSES),
});

/** The agency's contact fields as an owner edits them (PATCH /api/companies/{id}). */
export const companyContactFields = {
  name: z.string().trim().min(2).max(120),
  /** An image uploaded through POST /api/uploads/image (its `key`); null removes the logo. */
  logo_key: z.string().max(200).nullable(),
  contact_email: emailField.nullable(),
  phone: z.string().trim().max(30).nullable(),
  whatsapp: z.string().trim().max(30).nullable(),
  website: z
    .url({ protocol: /^https?$/ })
    .max(200)
    .nullable(),
  instagram: z.string().trim().max(60).nullable(),
  city: z.string().trim().max(80).nullable(),
  state: z.enum(BR_STATES).nullable(),
};
export const updateCompanyInput = idParam
  .extend(z.object({ ...companyContactFields, ...companyIdentityFields }).partial().shape)
  .extend({ costs_visibility: costsVisibilityField.optional(), ...versionField })
  .strict();
export type UpdateCompanyInput = z.infer<typeof updateCompanyInput>;
