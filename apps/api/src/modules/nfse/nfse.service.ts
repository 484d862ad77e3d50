// The agency's fiscal settings (the owner's) and the NFS-e of a sale: requested in one transaction
// that fixes the DPS number and records the job, issued by the job (nfse.jobs.ts).
import type { Db, Prisma } from '@app/db';
import {
  buildPagination,
  type CancelNfseInput,
  type ListNfseInput,
  NFSE_DEFAULT_SERVICE_CODE,
  NFSE_MESSAGES,
  type NfseBasis,
  type NfseCancelReason,
  type NfseEnvironment,
  type NfseIssuer,
  type NfseListItem,
  type NfseNote,
  type NfsePreview,
  type NfseSettings,
  type NfseStatus,
  type NfseSubstitutionReason,
  type NfseTaxRegime,
  nfseAmount,
  nfseStalled,
  nfseTakerAddress,
  nfseTakerDocument,
  type SaveNfseSettingsInput,
  type SubstituteNfseInput,
  saveNfseSettingsInput,
} from '@app/shared';
import type { Deps } from '../../deps';
import { documentCipherOf } from '../../document-numbers';
import { AppError, fieldError, notFound } from '../../errors';
import { cancelNfseJob, issueNfseJob } from './nfse.jobs';
import { nfseNoteOfSaleWhere, nfseNotesWhere, nfseNoteWhere, nfseSaleWhere, nfseTakerSelect } from './nfse.where';
import { issuerProblem, readPfx } from './nfse-certificate';
import { dpsId } from './nfse-dps';

/** What a client may read of a note: never its XML nor the storage key. */
export const noteSelect = {
  id: true,
  saleId: true,
  status: true,
  environment: true,
  dpsSeries: true,
  dpsNumber: true,
  amountCents: true,
  issCents: true,
  description: true,
  number: true,
  accessKey: true,
  errors: true,
  authorizedAt: true,
  cancelReason: true,
  cancelJustification: true,
  canceledAt: true,
  substitutes: { select: { id: true, number: true } },
  substitutionReason: true,
  substitutionJustification: true,
  gatewayRef: true,
  createdAt: true,
} satisfies Prisma.NfseNoteSelect;

type NoteRow = Prisma.NfseNoteGetPayload<{ select: typeof noteSelect }>;

export function noteDto(row: NoteRow): NfseNote {
  return {
    id: row.id,
    sale_id: row.saleId,
    status: row.status as NfseStatus,
    environment: row.environment as NfseEnvironment,
    dps_series: row.dpsSeries,
    dps_number: row.dpsNumber,
    amount_cents: row.amountCents,
    iss_cents: row.issCents,
    description: row.description,
    number: row.number,
    access_key: row.accessKey,
    errors: (row.errors ?? []) as NfseNote['errors'],
    authorized_at: row.authorizedAt?.toISOString() ?? null,
    cancel_reason: row.cancelReason as NfseCancelReason | null,
    cancel_justification: row.cancelJustification,
    canceled_at: row.canceledAt?.toISOString() ?? null,
    substitutes:
      row.substitutes && row.substitutionReason
        ? {
            id: row.substitutes.id,
            number: row.substitutes.number,
            reason: row.substitutionReason as NfseSubstitutionReason,
            justification: row.substitutionJustification ?? '',
          }
        : null,
    through_gateway: row.gatewayRef !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The settings' public columns: the sealed certificate and password are never selected here. */
const settingsSelect = {
  cnpj: true,
  municipalRegistration: true,
  cityCode: true,
  taxRegime: true,
  serviceCode: true,
  serviceDescription: true,
  issRateBasisPoints: true,
  basis: true,
  issuer: true,
  environment: true,
  autoIssue: true,
  certificateSubject: true,
  certificateValidUntil: true,
  gatewayTokenSealed: true,
} satisfies Prisma.NfseSettingsSelect;

export async function getNfseSettings(db: Db, companyId: number): Promise<NfseSettings> {
  const row = await db.nfseSettings.findUnique({ where: { companyId }, select: settingsSelect });
  if (!row) {
    return {
      configured: false,
      cnpj: null,
      municipal_registration: null,
      city_code: null,
      tax_regime: null,
      service_code: NFSE_DEFAULT_SERVICE_CODE,
      service_description: null,
      iss_rate_basis_points: null,
      basis: 'intermediacao',
      issuer: 'national',
      environment: 'homologacao',
      auto_issue: false,
      certificate: null,
      gateway_token_set: false,
    };
  }
  return {
    configured: true,
    cnpj: row.cnpj,
    municipal_registration: row.municipalRegistration,
    city_code: row.cityCode,
    tax_regime: row.taxRegime as NfseTaxRegime,
    service_code: row.serviceCode,
    service_description: row.serviceDescription,
    iss_rate_basis_points: row.issRateBasisPoints,
    basis: row.basis as NfseBasis,
    issuer: row.issuer as NfseIssuer,
    environment: row.environment as NfseEnvironment,
    auto_issue: row.autoIssue,
    certificate:
      row.certificateSubject && row.certificateValidUntil
        ? { subject: row.certificateSubject, valid_until: row.certificateValidUntil.toISOString() }
        : null,
    gateway_token_set: row.gatewayTokenSealed !== null,
  };
}

/**
 * The certificate is opened (password checked, validity read) before anything is stored; the
 * gateway issuer needs a token, given now or stored before.
 */
export async function saveNfseSettings(
  deps: Pick<Deps, 'db' | 'config'>,
  companyId: number,
  raw: SaveNfseSettingsInput,
): Promise<NfseSettings> {
  const input = saveNfseSettingsInput.parse(raw);
  const cipher = documentCipherOf(deps.config);
  let certificate: Pick<
    Prisma.NfseSettingsUncheckedCreateInput,
    'certificateSealed' | 'passwordSealed' | 'certificateSubject' | 'certificateValidUntil'
  > = {};
  if (input.certificate_pfx_base64 !== undefined && input.certificate_password !== undefined) {
    let opened: ReturnType<typeof readPfx>;
    try {
      opened = readPfx(Buffer.from(input.certificate_pfx_base64, 'base64'), input.certificate_password);
    } catch {
      throw fieldError('certificate_pfx_base64', NFSE_MESSAGES.certificateInvalid);
    }
    if (opened.validUntil.getTime() <= Date.now()) throw fieldError('certificate_pfx_base64', NFSE_MESSAGES.certificateExpired);
    certificate = {
      certificateSealed: cipher.seal(input.certificate_pfx_base64),
      passwordSealed: cipher.seal(input.certificate_password),
      certificateSubject: opened.subject,
      certificateValidUntil: opened.validUntil,
    };
  }
  if (input.issuer === 'gateway' && input.gateway_token === undefined) {
    const stored = await deps.db.nfseSettings.findUnique({ where: { companyId }, select: { gatewayTokenSealed: true } });
    if (!stored?.gatewayTokenSealed) throw fieldError('gateway_token', NFSE_MESSAGES.gatewayTokenMissing);
  }
  const fields = {
    cnpj: input.cnpj,
    municipalRegistration: input.municipal_registration,
    cityCode: input.city_code,
    taxRegime: input.tax_regime,
    serviceCode: input.service_code,
    serviceDescription: input.service_description,
    issRateBasisPoints: input.iss_rate_basis_points,
    basis: input.basis,
    issuer: input.issuer,
    environment: input.environment,
    autoIssue: input.auto_issue,
    ...certificate,
    ...(input.gateway_token !== undefined ? { gatewayTokenSealed: cipher.seal(input.gateway_token) } : {}),
  };
  await deps.db.nfseSettings.upsert({ where: { companyId }, create: { companyId, ...fields }, update: fields });
  return getNfseSettings(deps.db, companyId);
}

/** A sale's notes newest first: its current note is the first, a substitute once one is asked for. */
const NEWEST = { id: 'desc' } as const;

export async function saleNfse(db: Db, companyId: number, saleId: number): Promise<{ note: NfseNote | null }> {
  const sale = await db.sale.findFirst({ where: nfseSaleWhere(companyId, saleId), select: { id: true } });
  if (!sale) throw notFound();
  const note = await db.nfseNote.findFirst({ where: nfseNoteOfSaleWhere(companyId, saleId), orderBy: NEWEST, select: noteSelect });
  return { note: note ? noteDto(note) : null };
}

/** What a note is drawn from: the sale with its customer and the agency's settings. */
async function noteDraft(db: Db | Prisma.TransactionClient, companyId: number, saleId: number) {
  const sale = await db.sale.findFirst({
    where: nfseSaleWhere(companyId, saleId),
    select: {
      id: true,
      saleCents: true,
      costCents: true,
      currencyRate: true,
      undoneAt: true,
      budget: {
        select: {
          title: true,
          client: { select: nfseTakerSelect },
        },
      },
    },
  });
  if (!sale) throw notFound();
  if (sale.undoneAt) throw new AppError('CONFLICT', { message: NFSE_MESSAGES.saleUndone });
  const settings = await db.nfseSettings.findUnique({
    where: { companyId },
    select: {
      cnpj: true,
      cityCode: true,
      basis: true,
      issRateBasisPoints: true,
      serviceCode: true,
      serviceDescription: true,
      environment: true,
      dpsSeries: true,
      issuer: true,
      certificateSealed: true,
      certificateValidUntil: true,
      gatewayTokenSealed: true,
    },
  });
  if (!settings) throw new AppError('CONFLICT', { message: NFSE_MESSAGES.notConfigured });
  const unusable = issuerProblem(settings);
  if (unusable) throw new AppError('CONFLICT', { message: unusable.message });
  const figures = nfseAmount(
    { sale_cents: sale.saleCents, cost_cents: sale.costCents, currency_rate: Number(sale.currencyRate), title: sale.budget.title },
    {
      basis: settings.basis as NfseBasis,
      iss_rate_basis_points: settings.issRateBasisPoints,
      service_description: settings.serviceDescription,
    },
  );
  if (figures.amount_cents <= 0) throw new AppError('CONFLICT', { message: NFSE_MESSAGES.noAmount });
  return { sale, settings, figures };
}
type NoteDraft = Awaited<ReturnType<typeof noteDraft>>;

/** GET /api/sales/{id}/nfse/preview: the figures and the tomador "Emitir NFS-e" would send, refused as the issue would be. */
export async function previewNfse(db: Db, companyId: number, saleId: number): Promise<NfsePreview> {
  const { sale, settings, figures } = await noteDraft(db, companyId, saleId);
  const { client } = sale.budget;
  const document = nfseTakerDocument(client);
  return {
    ...figures,
    iss_rate_basis_points: settings.issRateBasisPoints,
    basis: settings.basis as NfseBasis,
    environment: settings.environment as NfseEnvironment,
    service_code: settings.serviceCode,
    taker: { name: client.name, document, email: client.email, address: document ? nfseTakerAddress(client.addresses[0]) : null },
    warnings: document ? [] : [NFSE_MESSAGES.takerWithoutDocument],
  };
}

type NoteOfSale = { id: number; status: string; dpsSeries: string; dpsNumber: number; errors: Prisma.JsonValue };

/** The sale's current note, with the sale's row locked: two requests for one sale at once queue here, the second sees the first's note. */
async function lockedNoteOfSale(tx: Prisma.TransactionClient, companyId: number, saleId: number): Promise<NoteOfSale | null> {
  await tx.$queryRaw`SELECT id FROM sales WHERE id = ${saleId} AND company_id = ${companyId} FOR UPDATE`;
  return tx.nfseNote.findFirst({
    where: nfseNoteOfSaleWhere(companyId, saleId),
    orderBy: NEWEST,
    select: { id: true, status: true, dpsSeries: true, dpsNumber: true, errors: true },
  });
}

/**
 * Writes the sale's note as pending and records the job that issues it: a new note takes the next
 * DPS number of the agency's sequence; a rejected one keeps its number (the authority never issued
 * that DPS), so one sale never has two numbers.
 */
async function pendNote(
  tx: Prisma.TransactionClient,
  jobs: Deps['platform']['jobs'],
  at: { companyId: number; userId: number; saleId: number },
  draft: NoteDraft,
  rejected: NoteOfSale | null,
  substitution: { noteId: number; reason: NfseSubstitutionReason; justification: string } | null = null,
): Promise<number> {
  const { settings, figures } = draft;
  const data = {
    status: 'pending',
    environment: settings.environment,
    amountCents: figures.amount_cents,
    issCents: figures.iss_cents,
    description: figures.description,
    errors: [],
    requestedById: at.userId,
    issuedAt: new Date(),
  };
  let id: number;
  if (rejected) {
    // The same number; the id follows a CNPJ or municipality the owner corrected after the rejection.
    // A gateway keeps its refusal under the old reference: the note goes again under a new one.
    const again = { ...data, gatewayRef: null, dpsId: dpsId(settings.cityCode, settings.cnpj, rejected.dpsSeries, rejected.dpsNumber) };
    id = (await tx.nfseNote.update({ where: { id: rejected.id }, data: again, select: { id: true } })).id;
  } else {
    const { nextDpsNumber } = await tx.nfseSettings.update({
      where: { companyId: at.companyId },
      data: { nextDpsNumber: { increment: 1 } },
      select: { nextDpsNumber: true },
    });
    const number = nextDpsNumber - 1;
    const created = await tx.nfseNote.create({
      data: {
        ...data,
        companyId: at.companyId,
        saleId: at.saleId,
        dpsSeries: settings.dpsSeries,
        dpsNumber: number,
        dpsId: dpsId(settings.cityCode, settings.cnpj, settings.dpsSeries, number),
        ...(substitution
          ? {
              substitutesNoteId: substitution.noteId,
              substitutionReason: substitution.reason,
              substitutionJustification: substitution.justification,
            }
          : {}),
      },
      select: { id: true },
    });
    id = created.id;
  }
  await jobs.enqueueIn(tx, issueNfseJob, { note_id: id });
  return id;
}

/**
 * "Emitir NFS-e": the note of the sale (see pendNote). A note the queue gave up on is sent again
 * unchanged. A note pending, authorized or canceled answers 409.
 */
export async function requestNfse(
  deps: Deps,
  companyId: number,
  userId: number,
  saleId: number,
): Promise<{ note: NfseNote; message: string }> {
  const { db, platform } = deps;
  const note = await db.$transaction(async (tx) => {
    const draft = await noteDraft(tx, companyId, saleId);
    const existing = await lockedNoteOfSale(tx, companyId, draft.sale.id);
    let id: number;
    if (
      existing?.status === 'pending' &&
      nfseStalled({ status: existing.status as NfseStatus, errors: (existing.errors ?? []) as NfseNote['errors'] })
    ) {
      // The DPS may have reached the authority: sent again as it was, the job asks for it first.
      id = existing.id;
      await tx.nfseNote.update({ where: { id }, data: { errors: [], requestedById: userId }, select: { id: true } });
      await platform.jobs.enqueueIn(tx, issueNfseJob, { note_id: id });
    } else {
      if (existing && existing.status !== 'rejected') throw new AppError('CONFLICT', { message: NFSE_MESSAGES.alreadyIssued });
      id = await pendNote(tx, platform.jobs, { companyId, userId, saleId }, draft, existing);
    }
    return tx.nfseNote.findUniqueOrThrow({ where: { id }, select: noteSelect });
  });
  await platform.jobs.flush();
  return { note: noteDto(note), message: NFSE_MESSAGES.requested };
}

/**
 * In the transaction of the receipt that left nothing of the sale open: requests its note when the
 * agency issues on its own. A sale that cannot have one now (no settings or certificate, a zero
 * amount) or already has one is left to "Emitir NFS-e", and never stops the receipt. The caller
 * flushes the queue after the commit.
 */
export async function requestNfseOnFullReceipt(
  tx: Prisma.TransactionClient,
  jobs: Deps['platform']['jobs'],
  at: { companyId: number; userId: number; saleId: number },
): Promise<boolean> {
  const settings = await tx.nfseSettings.findUnique({ where: { companyId: at.companyId }, select: { autoIssue: true } });
  if (!settings?.autoIssue) return false;
  let draft: NoteDraft;
  try {
    draft = await noteDraft(tx, at.companyId, at.saleId);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  if (await lockedNoteOfSale(tx, at.companyId, at.saleId)) return false;
  await pendNote(tx, jobs, at, draft, null);
  return true;
}

/**
 * "Cancelar NFS-e": an authorized note goes canceling with its reason and justification, and a job
 * sends the cancellation event (nfse.jobs.ts). A cancellation the queue gave up on is sent again.
 * Refused while a substitute of it is on its way.
 */
export async function cancelNfse(deps: Deps, companyId: number, input: CancelNfseInput): Promise<{ note: NfseNote; message: string }> {
  const { db, platform } = deps;
  const note = await db.$transaction(async (tx) => {
    const found = await tx.nfseNote.findFirst({ where: nfseNoteWhere(companyId, input.id), select: { id: true } });
    if (!found) throw notFound();
    // Row lock: a second cancel at once sees the first one's status.
    const [row] = await tx.$queryRaw<{ status: NfseStatus; errors: NfseNote['errors'] }[]>`
      SELECT status, errors FROM nfse_notes WHERE id = ${found.id} FOR UPDATE`;
    const stalled = row?.status === 'canceling' && nfseStalled({ status: row.status, errors: row.errors });
    if (row?.status !== 'authorized' && !stalled) throw new AppError('CONFLICT', { message: NFSE_MESSAGES.notAuthorized });
    if (await tx.nfseNote.count({ where: { ...nfseNotesWhere(companyId), substitutesNoteId: found.id, status: 'pending' } }))
      throw new AppError('CONFLICT', { message: NFSE_MESSAGES.substitutionInProgress });
    const settings = await tx.nfseSettings.findUnique({
      where: { companyId },
      select: { issuer: true, certificateSealed: true, certificateValidUntil: true, gatewayTokenSealed: true },
    });
    const unusable = issuerProblem(
      settings ?? { issuer: 'national', certificateSealed: null, certificateValidUntil: null, gatewayTokenSealed: null },
    );
    if (unusable) throw new AppError('CONFLICT', { message: unusable.message });
    // A substitute the authority refused was never issued: with the note it named canceled it has
    // nothing left to replace, so it goes, and the sale's note is this one again.
    await tx.nfseNote.deleteMany({ where: { ...nfseNotesWhere(companyId), substitutesNoteId: found.id, status: 'rejected' } });
    await tx.nfseNote.update({
      where: { id: found.id },
      data: { status: 'canceling', cancelReason: input.reason, cancelJustification: input.justification, errors: [] },
      select: { id: true },
    });
    await platform.jobs.enqueueIn(tx, cancelNfseJob, { note_id: found.id });
    return tx.nfseNote.findUniqueOrThrow({ where: { id: found.id }, select: noteSelect });
  });
  await platform.jobs.flush();
  return { note: noteDto(note), message: NFSE_MESSAGES.cancelRequested };
}

/**
 * "Substituir NFS-e": a new note of the sale, with the sale's current figures and a new DPS number,
 * whose DPS names the authorized note it replaces; the job issues it, and the replaced note goes
 * substituted when the authority authorizes it. Only the sale's current note, authorized.
 */
export async function substituteNfse(
  deps: Deps,
  caller: { companyId: number; userId: number },
  input: SubstituteNfseInput,
): Promise<{ note: NfseNote; message: string }> {
  const { db, platform } = deps;
  const { companyId } = caller;
  const note = await db.$transaction(async (tx) => {
    const replaced = await tx.nfseNote.findFirst({ where: nfseNoteWhere(companyId, input.id), select: { id: true, saleId: true } });
    if (!replaced) throw notFound();
    const draft = await noteDraft(tx, companyId, replaced.saleId);
    if (draft.settings.issuer === 'gateway') throw new AppError('CONFLICT', { message: NFSE_MESSAGES.gatewayNoSubstitution });
    const current = await lockedNoteOfSale(tx, companyId, replaced.saleId);
    if (current?.id !== replaced.id || current.status !== 'authorized')
      throw new AppError('CONFLICT', { message: NFSE_MESSAGES.notSubstitutable });
    const id = await pendNote(tx, platform.jobs, { companyId, userId: caller.userId, saleId: replaced.saleId }, draft, null, {
      noteId: replaced.id,
      reason: input.reason,
      justification: input.justification,
    });
    return tx.nfseNote.findUniqueOrThrow({ where: { id }, select: noteSelect });
  });
  await platform.jobs.flush();
  return { note: noteDto(note), message: NFSE_MESSAGES.substituteRequested };
}

/**
 * Undoing a sale: refused while any of its notes is authorized (cancel it first) or on its way
 * either side (a substitute replaces its note only once authorized).
 */
export async function refuseUndoWhileNoteLives(tx: Prisma.TransactionClient, companyId: number, saleId: number) {
  const live = await tx.nfseNote.findMany({
    where: { ...nfseNoteOfSaleWhere(companyId, saleId), status: { in: ['authorized', 'pending', 'canceling'] } },
    select: { status: true },
  });
  if (live.some((note) => note.status === 'authorized')) throw new AppError('CONFLICT', { message: NFSE_MESSAGES.saleHasNote });
  if (live.length) throw new AppError('CONFLICT', { message: NFSE_MESSAGES.saleNoteInProgress });
}

/** The instants a month (AAAA-MM, Brasília time, UTC−03:00 all year) starts and ends. */
export function monthRange(month: string): { gte: Date; lt: Date } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const start = (y: number, m: number) => new Date(`${y}-${String(m).padStart(2, '0')}-01T00:00:00-03:00`);
  return { gte: start(year, number), lt: number === 12 ? start(year + 1, 1) : start(year, number + 1) };
}

/** The list's rows: a note with its sale's budget and customer. */
export const noteListSelect = {
  ...noteSelect,
  issuedAt: true,
  sale: { select: { budget: { select: { id: true, title: true, client: { select: { id: true, name: true } } } } } },
} satisfies Prisma.NfseNoteSelect;

export function noteListDto(row: Prisma.NfseNoteGetPayload<{ select: typeof noteListSelect }>): NfseListItem {
  const { budget } = row.sale;
  return {
    ...noteDto(row),
    issued_at: row.issuedAt.toISOString(),
    budget_id: budget.id,
    budget_title: budget.title,
    client: { id: budget.client.id, name: budget.client.name },
  };
}

/** The notes of a month and status, as the list and the export read them. */
export function nfseListWhere(companyId: number, filter: { month?: string; status?: NfseStatus }): Prisma.NfseNoteWhereInput {
  return {
    ...nfseNotesWhere(companyId),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.month ? { issuedAt: monthRange(filter.month) } : {}),
  };
}

/** GET /api/nfse: "Notas fiscais", newest first. */
export async function listNfse(db: Db, companyId: number, input: ListNfseInput) {
  const where = nfseListWhere(companyId, input);
  const [rows, count] = await Promise.all([
    db.nfseNote.findMany({
      where,
      orderBy: [{ issuedAt: 'desc' }, { id: 'desc' }],
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
      select: noteListSelect,
    }),
    db.nfseNote.count({ where }),
  ]);
  return { notes: rows.map(noteListDto), pagination: buildPagination(input.page, input.per_page, count) };
}

/** The DANFSe of an authorized note of the caller's agency, as a stored file. */
export async function danfseFile(deps: Deps, companyId: number, id: number) {
  const note = await deps.db.nfseNote.findFirst({
    where: { ...nfseNoteWhere(companyId, id), status: 'authorized' },
    select: { pdfKey: true, number: true },
  });
  if (!note?.pdfKey) throw notFound();
  const file = await deps.platform.storage.get(note.pdfKey);
  if (!file) throw notFound();
  return { ...file, contentType: 'application/pdf', filename: `nfse-${note.number ?? id}.pdf` };
}
