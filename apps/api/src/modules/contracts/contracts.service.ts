// A sold budget's contracts: generated from a template as a PDF, opened through short-lived signed
// links, their signed copy uploaded, e-mailed to the client (contractMailingJob), cancelled or
// deleted. States: generated -> sent (mailed or sent for e-signature) -> uploaded (the signed copy
// uploaded by the agent) or signed (returned by the signature provider); any of them -> cancelled.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Prisma } from '@app/db';
import {
  CONTRACT_MESSAGES,
  type Contract,
  type ContractFileKind,
  type GenerateContractInput,
  imageUrl,
  PDF_RENDER_LIMITS,
  PDF_RENDER_MESSAGES,
  renderContractBlocks,
  type SendContractInput,
  unknownPlaceholders,
} from '@app/shared';
import type { Deps } from '../../deps';
import { documentCipherOf } from '../../document-numbers';
import { AppError, fieldError, notFound } from '../../errors';
import { agencyLogo } from '../budget-documents/budget-logo';
import { budgetWhere, currentSaleWhere, lockBudget } from '../budgets/budgets.where';
import { saleSelect, toSaleDto } from '../sales/sales.dto';
import type { UploadedFile } from '../uploads/uploaded-file';
import { checkContractFileLink, contractFileUrl } from './contract-links';
import { templateForContract } from './contract-templates.service';
import { contractAgencyLines, contractValues } from './contract-values';
import { companyIdentitySelect, contractFileName, contractSelect, toContractDto } from './contracts.dto';
import { contractMailingJob } from './contracts.jobs';
import { contractFileWhere, contractWhere, type LockedContract, lockContract } from './contracts.where';
import { signatureProviderFrom } from './d4sign.provider';
import { type SignatureProvider, SignatureProviderError } from './signature-provider';

type Caller = { companyId: number; userId: number };

const conflict = (message: string) => new AppError('CONFLICT', { message });

const generationSelect = {
  id: true,
  title: true,
  destination: true,
  startDate: true,
  endDate: true,
  client: {
    select: {
      name: true,
      cpf: true,
      cnpj: true,
      email: true,
      phone: true,
      addresses: {
        select: { street: true, number: true, complement: true, neighborhood: true, city: true, state: true, postalCode: true },
        orderBy: { id: 'asc' },
        take: 1,
      },
    },
  },
  paxes: {
    select: { name: true, ageGroup: true, cpf: true, documentType: true, documentNumberSealed: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  },
  company: { select: { name: true, contactEmail: true, phone: true, city: true, state: true, logoKey: true, ...companyIdentitySelect } },
} satisfies Prisma.BudgetSelect;

const isoDay = (d: Date | null) => d?.toISOString().slice(0, 10) ?? null;

const filledLength = (blocks: ReturnType<typeof renderContractBlocks>) =>
  blocks.reduce(
    (sum, b) =>
      sum + (b.kind === 'heading' ? b.text.length : b.lines.reduce((n, runs) => n + runs.reduce((m, r) => m + r.text.length, 0), 0)),
    0,
  );

/**
 * POST /api/contracts/generate/{budgetId}: the contract of the budget's current sale, from the
 * template chosen or the agency's default, its fields filled from the sale as closed (frozen), the
 * client, the passengers and the agency. The PDF is stored before the row is written (and removed
 * if that fails); the sale is checked again, under the budget's lock, when the row is written.
 */
export async function generateContract(deps: Deps, caller: Caller, input: GenerateContractInput): Promise<Contract> {
  const { db } = deps;
  const { companyId } = caller;
  const budget = await db.budget.findFirst({ where: budgetWhere(companyId, input.budget_id), select: generationSelect });
  if (!budget) throw notFound();
  const saleRow = await db.sale.findFirst({ where: currentSaleWhere(companyId, budget.id), select: saleSelect });
  if (!saleRow) throw conflict(CONTRACT_MESSAGES.notSold);
  const template = await templateForContract(db, companyId, input.template_id);
  // Saving a template refuses unknown fields; one saved before a field was renamed still must not print braces.
  const unknown = unknownPlaceholders(template.body);
  if (unknown.length) throw conflict(CONTRACT_MESSAGES.templateUnknownFields(unknown));

  const [address] = budget.client.addresses;
  const values = contractValues({
    client: { ...budget.client, address: address ?? null },
    trip: { title: budget.title, destination: budget.destination, startDate: isoDay(budget.startDate), endDate: isoDay(budget.endDate) },
    // The contract identifies the travellers in full: it is the agreement both parties sign.
    passengers: budget.paxes.map(({ documentNumberSealed: sealed, ...p }) => ({
      ...p,
      documentNumber: sealed ? documentCipherOf(deps.config).open(sealed) : null,
    })),
    sale: toSaleDto(saleRow),
    agency: { ...budget.company, email: budget.company.contactEmail },
    now: new Date(),
  });
  const blocks = renderContractBlocks(template.body, values);
  if (filledLength(blocks) > PDF_RENDER_LIMITS.contractChars) {
    throw new AppError('BAD_REQUEST', { message: PDF_RENDER_MESSAGES.contractTooLong });
  }
  const { logoKey } = budget.company;
  const logo = await agencyLogo(deps.platform.storage, logoKey ? imageUrl(logoKey) : null);
  const pdf = await deps.platform.pdf.contract({ blocks, agencyName: budget.company.name, agencyLines: contractAgencyLines(values), logo });
  const key = `contracts/${companyId}/${randomUUID()}.pdf`;
  await deps.platform.storage.put(key, pdf);
  try {
    return await db.$transaction(async (tx) => {
      if (!(await lockBudget(tx, companyId, budget.id))) throw notFound();
      const sale = await tx.sale.findFirst({ where: currentSaleWhere(companyId, budget.id), select: { id: true } });
      if (sale?.id !== saleRow.id) throw conflict(CONTRACT_MESSAGES.notSold);
      const row = await tx.contract.create({
        data: {
          companyId,
          budgetId: budget.id,
          saleId: sale.id,
          templateId: template.id,
          status: 'generated',
          fileKey: key,
          fileSize: pdf.length,
          createdByUserId: caller.userId,
        },
        select: contractSelect,
      });
      return toContractDto(row);
    });
  } catch (error) {
    await deps.platform.storage.delete(key);
    throw error;
  }
}

export async function getContract(deps: Pick<Deps, 'db'>, companyId: number, id: number): Promise<Contract> {
  const row = await deps.db.contract.findFirst({ where: contractWhere(companyId, id), select: contractSelect });
  if (!row) throw notFound();
  return toContractDto(row);
}

/** A signed copy (uploaded or from the provider) makes a contract a record that is kept. */
const isSigned = (c: Pick<LockedContract, 'status' | 'signedFileKey'>) =>
  c.status === 'signed' || c.status === 'uploaded' || c.signedFileKey !== null;

/**
 * DELETE /api/contracts/{id}: the row (its mailings with it) and its files. Only a contract that
 * was never signed goes (generated, sent or cancelled without a signed copy); a signed one stays as
 * the record of what the client agreed to (409): cancel it instead.
 */
export async function deleteContract(deps: Deps, companyId: number, id: number): Promise<{ id: number; deleted: true }> {
  const removed = await deps.db.$transaction(async (tx) => {
    const contract = await lockContract(tx, companyId, id);
    if (!contract) throw notFound();
    if (isSigned(contract)) throw conflict(CONTRACT_MESSAGES.signedKept);
    await tx.contract.delete({ where: { id } });
    return contract;
  });
  for (const key of [removed.fileKey, removed.signedFileKey]) if (key) await deps.platform.storage.delete(key);
  return { id, deleted: true };
}

/**
 * PATCH /api/contracts/cancel/{id}: from any state; the files stay. A signature still pending at
 * the provider is withdrawn there first (when that fails, nothing changes: 502, try again).
 */
export async function cancelContract(
  deps: Deps,
  companyId: number,
  id: number,
  provider: SignatureProvider | null = signatureProviderFrom(deps.config),
): Promise<Contract> {
  const current = await deps.db.contract.findFirst({
    where: contractWhere(companyId, id),
    select: { status: true, signatureDocumentId: true },
  });
  if (!current) throw notFound();
  if (current.status === 'cancelled') throw conflict(CONTRACT_MESSAGES.alreadyCancelled);
  if (provider && current.signatureDocumentId && current.status !== 'signed') {
    await upstream(() => provider.cancel(current.signatureDocumentId as string));
  }
  return deps.db.$transaction(async (tx) => {
    const contract = await lockContract(tx, companyId, id);
    if (!contract) throw notFound();
    if (contract.status === 'cancelled') throw conflict(CONTRACT_MESSAGES.alreadyCancelled);
    const row = await tx.contract.update({
      where: { id },
      data: { status: 'cancelled', cancelledAt: new Date() },
      select: contractSelect,
    });
    return toContractDto(row);
  });
}

/** GET /api/contracts/show_pdf/{id}: links that open the PDF and the signed copy for 5 minutes. */
export async function contractPdfLinks(deps: Pick<Deps, 'db' | 'config'>, companyId: number, id: number) {
  const row = await deps.db.contract.findFirst({ where: contractWhere(companyId, id), select: { fileKey: true, signedFileKey: true } });
  if (!row) throw notFound();
  return {
    pdf_url: row.fileKey ? contractFileUrl(deps.config, id, 'generated') : null,
    signed_pdf_url: row.signedFileKey ? contractFileUrl(deps.config, id, 'signed') : null,
  };
}

/** GET /api/contracts/file/{id}: the file a signed link names (403 for a forged or expired link, 404 for a file gone). */
export async function contractFileByLink(
  deps: Pick<Deps, 'db' | 'config' | 'platform'>,
  link: { id: number; kind: ContractFileKind; expires: string; signature: string },
): Promise<{ stream: Readable; size: number; filename: string }> {
  const check = checkContractFileLink(deps.config, link);
  if (check !== 'ok')
    throw new AppError('FORBIDDEN', { message: check === 'expired' ? CONTRACT_MESSAGES.linkExpired : CONTRACT_MESSAGES.linkInvalid });
  const row = await deps.db.contract.findFirst({
    where: contractFileWhere(link.id),
    select: { fileKey: true, signedFileKey: true, signedFilename: true, budget: { select: { title: true } } },
  });
  const key = link.kind === 'signed' ? row?.signedFileKey : row?.fileKey;
  const stored = key ? await deps.platform.storage.get(key) : null;
  if (!row || !stored) throw notFound();
  const filename =
    link.kind === 'signed'
      ? (row.signedFilename ?? contractFileName(`${row.budget.title} (assinado)`))
      : contractFileName(row.budget.title);
  return { ...stored, filename };
}

/**
 * POST /api/contracts/upload: the signed copy the agent received (status uploaded). The contract's
 * state is checked before anything is stored; the new file is removed if the write fails, a copy it
 * replaces once it is committed.
 */
export async function uploadSignedCopy(deps: Deps, companyId: number, contractId: number, file: UploadedFile): Promise<Contract> {
  const key = `contracts/${companyId}/${randomUUID()}.pdf`;
  let stored = false;
  try {
    const { result, replaced } = await deps.db.$transaction(async (tx) => {
      const contract = await lockContract(tx, companyId, contractId);
      if (!contract) throw notFound();
      if (contract.status === 'cancelled') throw conflict(CONTRACT_MESSAGES.cancelled);
      if (contract.status === 'signed') throw conflict(CONTRACT_MESSAGES.signedElectronically);
      await deps.platform.storage.put(key, file.data);
      stored = true;
      const row = await tx.contract.update({
        where: { id: contractId },
        data: {
          status: 'uploaded',
          signedFileKey: key,
          signedFilename: file.filename,
          signedSize: file.data.length,
          signedAt: new Date(),
        },
        select: contractSelect,
      });
      return { result: toContractDto(row), replaced: contract.signedFileKey };
    });
    if (replaced) await deps.platform.storage.delete(replaced);
    return result;
  } catch (error) {
    if (stored) await deps.platform.storage.delete(key);
    throw error;
  }
}

/**
 * POST /api/contracts/send: records the mailing (to `to`, or the client's e-mail) and enqueues it;
 * a generated contract becomes sent. The mail itself (the PDF attached) is contractMailingJob's.
 */
export async function sendContract(deps: Deps, caller: Caller, input: SendContractInput) {
  const { companyId } = caller;
  const result = await deps.db.$transaction(async (tx) => {
    const contract = await lockContract(tx, companyId, input.contract_id);
    if (!contract) throw notFound();
    if (contract.status === 'cancelled') throw conflict(CONTRACT_MESSAGES.cancelled);
    if (!contract.fileKey) throw conflict(CONTRACT_MESSAGES.noPdf);
    const budget = await tx.budget.findFirstOrThrow({
      where: budgetWhere(companyId, contract.budgetId),
      select: { client: { select: { email: true } } },
    });
    const recipients = input.to ?? (budget.client.email ? [budget.client.email] : []);
    if (!recipients.length) throw fieldError('to', CONTRACT_MESSAGES.noClientEmail);
    const mailing = await tx.saleMailing.create({
      data: {
        companyId,
        budgetId: contract.budgetId,
        kind: 'contract',
        contractId: contract.id,
        recipients,
        message: input.message || null,
        userId: caller.userId,
      },
      select: { id: true },
    });
    const row = await tx.contract.update({
      where: { id: contract.id },
      data: { sentAt: new Date(), ...(contract.status === 'generated' ? { status: 'sent' as const } : {}) },
      select: contractSelect,
    });
    await deps.platform.jobs.enqueueIn(tx, contractMailingJob, { mailing_id: mailing.id });
    return { mailing_id: mailing.id, status: 'queued' as const, recipients, contract: toContractDto(row) };
  });
  await deps.platform.jobs.flush();
  return result;
}

/** A provider call whose failure answers 502 with the catalogue's message (the cause logged, never sent). */
export async function upstream<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof SignatureProviderError)) throw error;
    const wrapped = new AppError('UPSTREAM', { message: CONTRACT_MESSAGES.signatureFailed });
    wrapped.cause = error;
    throw wrapped;
  }
}
