import {
  ACCESS_LOG_PATHS,
  accessLogInput,
  CONTRACT_UPLOAD,
  consolidatedFieldsInput,
  contractFileInput,
  DOCUMENT_UPLOAD,
  downloadAttachmentInput,
  exportCommissionsInput,
  exportNfseInput,
  exportPayablesInput,
  exportReceivablesInput,
  IMAGE_UPLOAD,
  IMPORT_KINDS,
  IMPORT_UPLOAD,
  idParam,
  importTemplateParams,
  landingPdfInput,
  unsubscribeInput,
  uploadContractFields,
  uploadedImageQuery,
  uploadVoucherFieldsInput,
  VOUCHER_UPLOAD,
  versionField,
  voucherFileInput,
} from '@app/shared';
import { LIVE_EVENTS_PATH } from '@app/shared/events';
import type { ZodType } from 'zod';

/**
 * The part of the route inventory that cannot be read from the code. Procedures classify
 * themselves through their builder (`meta.access`); what is listed here is reviewed by hand:
 *   - every plain Fastify route (not a tRPC procedure), with who may call it;
 *   - every public procedure, so that a procedure made public by mistake fails the inventory test;
 *   - every table without company_id that is not tenant data (shared by all agencies).
 * A route or table missing from here fails apps/api/test/matrices/inventory.integration.test.ts.
 */

/**
 * public: anyone. authed/manager/owner/super_admin: as the procedure builders.
 * local: only served on the embedded default (no SMTP), outside production, to loopback clients.
 * signed: public, but the body must carry a valid provider signature (webhooks).
 */
export type PlainAccess = 'public' | 'authed' | 'manager' | 'owner' | 'super_admin' | 'local' | 'signed';

export type PlainRoute = {
  method: string;
  /** Fastify's URL pattern exactly as registered, or a pattern for a family of generated routes. */
  url: string | RegExp;
  access: PlainAccess;
  /** What the route is for; reviewers read this. */
  why: string;
  /** The shared schema the route validates its path, query or body with (drives the matrices). */
  input?: ZodType;
  /**
   * Multipart uploads: the file field, its size limit and accepted types. The hardening tests send
   * every such route malformed forms; every other plain write route must refuse a form.
   */
  upload?: { field: string; maxBytes: number; types: readonly string[] };
  /**
   * Path parameters named like ids that are matched as text, not parsed as record ids (an opaque
   * session id, a storage key checked by its pattern). Any other id-like parameter must be in `input`.
   */
  textParams?: string[];
  /**
   * A server-sent events stream: its answer stays open for as long as the client reads, so the
   * matrices read its status, headers and first message, then close it (guard/requests.ts send).
   */
  stream?: true;
};

export const PLAIN_ROUTES: PlainRoute[] = [
  { method: 'GET', url: '/healthz', access: 'public', why: 'liveness and database check for the load balancer' },
  {
    method: 'GET',
    url: '/readyz',
    access: 'public',
    why: 'readiness for the load balancer: database reachable and not shutting down (503 while draining)',
  },
  { method: 'GET', url: '/api/openapi.json', access: 'public', why: 'the REST contract' },
  { method: 'GET', url: '/api/docs', access: 'public', why: 'Swagger UI' },
  { method: 'HEAD', url: '/api/docs/', access: 'public', why: 'Swagger UI' },
  { method: 'GET', url: '/api/docs/json', access: 'public', why: 'Swagger UI: the same OpenAPI document' },
  { method: 'GET', url: '/api/docs/yaml', access: 'public', why: 'Swagger UI: the same OpenAPI document' },
  { method: 'GET', url: '/api/docs/static/*', access: 'public', why: 'Swagger UI assets' },
  { method: 'GET', url: '/api/docs/static/index.html', access: 'public', why: 'Swagger UI' },
  { method: 'GET', url: '/api/docs/static/swagger-initializer.js', access: 'public', why: 'Swagger UI' },
  // One route per file of apps/web/dist (when built) and its .gz and .br twins; screens fall back to index.html.
  {
    method: 'GET',
    url: /^\/(assets\/)?[\w.-]+\.(html|js|css|svg|png|ico|webp|woff2?|txt|json|map)(\.gz|\.br)?$/,
    access: 'public',
    why: 'the built web app',
  },
  {
    method: 'POST',
    url: '/api/uploads/image',
    access: 'authed',
    why: 'image upload (multipart): cover images, hotel photos (decoded before it is stored)',
    upload: { field: 'file', maxBytes: IMAGE_UPLOAD.maxBytes, types: IMAGE_UPLOAD.types },
  },
  {
    method: 'GET',
    url: '/api/uploads/images/:companyId/:file',
    access: 'public',
    why: 'uploaded images for <img>: the URL holds a random UUID (a capability); ?w= a resized WebP copy, made once and kept',
    input: uploadedImageQuery,
    textParams: ['companyId'],
  },
  {
    method: 'POST',
    url: '/api/clients/:id/attachments',
    access: 'authed',
    why: 'client attachment upload (multipart)',
    input: idParam,
    upload: { field: 'file', maxBytes: DOCUMENT_UPLOAD.maxBytes, types: DOCUMENT_UPLOAD.types },
  },
  {
    method: 'POST',
    url: '/api/clients/download_attachment',
    access: 'authed',
    why: 'client attachment download (binary)',
    input: downloadAttachmentInput,
  },
  {
    method: 'PATCH',
    url: '/api/attendances/consolidated/:id',
    access: 'authed',
    why: 'consolidated document and notes (multipart; the version in If-Match)',
    input: idParam.extend(consolidatedFieldsInput.shape).extend(versionField),
    upload: { field: 'file', maxBytes: DOCUMENT_UPLOAD.maxBytes, types: DOCUMENT_UPLOAD.types },
  },
  {
    method: 'GET',
    url: '/api/attendances/consolidated/:id/file',
    access: 'authed',
    why: 'consolidated document download (binary)',
    input: idParam,
  },
  {
    method: 'GET',
    url: '/pdf/:id',
    access: 'public',
    why: "the budget's PDF by its landing id (a random uuid, a capability): the landing page's rules and rate limit (binary)",
    input: landingPdfInput,
  },
  {
    method: 'POST',
    url: '/api/vouchers/upload',
    access: 'authed',
    why: 'voucher upload (multipart) of a sold budget, per sold service or for the whole trip',
    input: uploadVoucherFieldsInput,
    upload: { field: 'file', maxBytes: VOUCHER_UPLOAD.maxBytes, types: VOUCHER_UPLOAD.types },
  },
  {
    method: 'GET',
    url: '/api/vouchers/file/:id',
    access: 'public',
    why: "a voucher's file (binary, inline, noindex) behind a link signed for its id and expiry (HMAC): the client opens it from the e-mail or WhatsApp; tampered or expired answers 403",
    input: voucherFileInput,
  },
  {
    method: 'GET',
    url: '/api/unsubscribe/:id',
    access: 'public',
    why: "the pt-BR page of the unsubscribe link in every e-mail to a client (LGPD), signed for the client's id and expiry (HMAC): one button that withdraws the marketing consent; tampered or expired answers 403",
    input: unsubscribeInput,
  },
  {
    method: 'POST',
    url: '/api/unsubscribe/:id',
    access: 'public',
    why: "withdraws a client's marketing consent behind the same signed link: the page's button and the mail clients' one-click (RFC 8058 List-Unsubscribe-Post); tampered or expired answers 403 and changes nothing",
    input: unsubscribeInput,
  },
  {
    method: 'POST',
    url: '/api/data-subjects/:id/export/pdf',
    access: 'manager',
    why: "a data subject's export (LGPD) as a PDF the person reads, drawn in a PDF worker; the agency's own client only (404 otherwise); recorded like the JSON export",
    input: idParam,
  },
  {
    method: 'GET',
    url: '/api/nfse/:id/danfse',
    access: 'authed',
    why: "an authorized NFS-e's DANFSe (PDF, inline) with the bearer token and the plan's nfse feature; another agency's note, or one not authorized, answers 404",
    input: idParam,
  },
  {
    method: 'GET',
    url: '/api/companies/exports/:id/download',
    access: 'owner',
    why: "the zip of a finished export of the whole agency (every table as CSV and its files): the owner's, with the bearer token; not ready yet answers 409",
    input: idParam,
  },
  {
    method: 'POST',
    url: '/api/contracts/upload',
    access: 'authed',
    why: "a contract's signed copy (multipart, PDF only)",
    input: uploadContractFields,
    upload: { field: 'file', maxBytes: CONTRACT_UPLOAD.maxBytes, types: CONTRACT_UPLOAD.types },
  },
  {
    method: 'GET',
    url: '/api/contracts/file/:id',
    access: 'public',
    why: "a contract's PDF or signed copy (binary, inline, noindex) behind a 5-minute link signed for its id, file and expiry (HMAC) by GET /api/contracts/show_pdf; tampered or expired answers 403",
    input: contractFileInput,
  },
  {
    method: 'POST',
    url: '/api/contracts/signature-callback',
    access: 'signed',
    why: 'the e-signature provider (D4Sign) says a contract was signed: HMAC of the raw body (Content-Hmac) with D4SIGN_CALLBACK_SECRET; the state is read again from the provider',
  },
  ...IMPORT_KINDS.map(
    (kind): PlainRoute => ({
      method: 'PUT',
      url: `/api/uploads/${kind}`,
      access: 'authed',
      why: `spreadsheet import of ${kind} (multipart, streamed to storage): CSV or XLSX recognised by its bytes, its header read, an import created`,
      upload: { field: 'file', maxBytes: IMPORT_UPLOAD.maxBytes, types: IMPORT_UPLOAD.types },
    }),
  ),
  {
    method: 'GET',
    url: '/api/imports/:id/rejects.csv',
    access: 'authed',
    why: "an import's rejected rows with their reasons, as CSV (download)",
    input: idParam,
  },
  {
    method: 'GET',
    url: '/api/receivables/export/:format',
    access: 'manager',
    why: 'contas a receber with the list filters as a CSV or XLSX download (streamed)',
    input: exportReceivablesInput,
  },
  {
    method: 'GET',
    url: '/api/payables/export/:format',
    access: 'manager',
    why: 'contas a pagar with the list filters as a CSV or XLSX download (streamed); also refused to whoever may not see costs',
    input: exportPayablesInput,
  },
  {
    method: 'GET',
    url: '/api/nfse/export/:format',
    access: 'manager',
    why: "the month's NFS-e for the accountant: a CSV, or a zip of the notes' XML and of their cancellations (streamed); the plan's nfse feature",
    input: exportNfseInput,
  },
  {
    method: 'GET',
    url: '/api/commissions/export/:format',
    access: 'manager',
    why: "comissões: the month's sales with each seller's commission as a CSV or XLSX download (streamed); revenue only for whoever sees costs",
    input: exportCommissionsInput,
  },
  {
    method: 'GET',
    url: '/api/imports/template/:kind',
    access: 'authed',
    why: 'the CSV template of an import kind',
    input: importTemplateParams,
  },
  {
    method: 'GET',
    url: LIVE_EVENTS_PATH,
    access: 'authed',
    why: "live screens: the user's server-sent events stream of the changes of the user's own agency (and who has a budget open), resumed from Last-Event-ID",
    stream: true,
  },
  ...ACCESS_LOG_PATHS.map(
    (url): PlainRoute => ({
      method: 'POST',
      url,
      access: 'authed',
      why: 'access-log beacon (a form, sent with fetch keepalive when a screen is left): user and company from the token, the address from the connection',
      input: accessLogInput,
    }),
  ),
  { method: 'OPTIONS', url: '*', access: 'public', why: 'CORS preflight (answers allowed origins only)' },
  { method: 'GET', url: '/dev/outbox', access: 'local', why: 'embedded default: mails written instead of sent' },
  { method: 'GET', url: '/dev/outbox.json', access: 'local', why: 'embedded default: the same mails as JSON' },
  {
    method: 'POST',
    url: '/api/webhooks/stripe',
    access: 'signed',
    why: 'Stripe (or the checkout simulator) events, verified with the webhook secret on the raw body',
  },
  {
    method: 'POST',
    url: '/api/webhooks/pipedrive/:secret',
    access: 'signed',
    why: "Pipedrive's webhooks v2 deal events for one agency: the unguessable path made on connect and the HTTP basic auth given to Pipedrive (compared in constant time); deduplicated, applied in order, our own echo dropped",
  },
  {
    method: 'GET',
    url: '/checkout-simulator/:id',
    access: 'public',
    why: 'embedded default (no Stripe keys): the checkout page; the unguessable session id is the capability, as on Stripe',
    textParams: ['id'],
  },
  {
    method: 'POST',
    url: '/checkout-simulator/:id/pay',
    access: 'public',
    why: 'embedded default: pay the simulated checkout (emits the signed Stripe events)',
    textParams: ['id'],
  },
  {
    method: 'POST',
    url: '/checkout-simulator/:id/fail',
    access: 'public',
    why: 'embedded default: a declined card in the simulated checkout',
    textParams: ['id'],
  },
];

/** Procedures anyone may call without a token. */
export const PUBLIC_PROCEDURES: Record<string, string> = {
  'auth.login': 'sign in',
  'auth.forgotPassword': 'password recovery (rate limited, same answer for any e-mail)',
  'auth.resetPassword': 'needs the one-time token from the e-mail',
  'auth.registrationInfo': 'needs the one-time registration token',
  'auth.activateRegistration': 'needs the one-time registration token',
  'auth.denyRegistration': 'needs the one-time registration token',
  'auth.redeemHandoff': 'needs a one-time handoff code (signed, 60 s, single use) made for the page origin that redeems it',
  'landingPages.get': "the customer's landing page: needs the budget's unguessable landing id (rate limited, noindex)",
  'landingPages.accept': "the customer accepts a proposal: needs the budget's unguessable landing id (rate limited)",
};

/**
 * Tables without company_id (directly or through a parent) that are not an agency's data.
 * Anything else without a tenant path fails the tenant matrix, naming the model.
 */
export const SHARED_TABLES: Record<string, string> = {
  companies: 'the tenants themselves (dumped by id)',
  plans: 'the plan catalogue, the same for every agency',
  outbox_mails: 'embedded mail outbox (local only)',
  embedded_jobs: 'embedded job queue',
  job_outbox: 'jobs committed with their write, waiting to be handed to BullMQ (payloads of ids)',
  mail_deliveries: 'which job run sends each e-mail (keys of ids, no content)',
  processed_stripe_events: 'webhook idempotency: ids of provider events already applied',
  payment_simulator_objects: 'the embedded checkout simulator (stands in for Stripe)',
  reference_seed_state: "the reference seed's fingerprint and row counts (system data)",
  _prisma_migrations: 'migration history',
};
