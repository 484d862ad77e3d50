// Security-critical: tenant filters only. Every contract and contract-template read and write of a
// tenant goes through them, with the company id of the signed-in user.
import type { Prisma } from '@app/db';
import type { ContractStatus } from '@app/shared';

/** Security-critical: every contract lookup of a tenant goes through this filter. */
export function contractWhere(companyId: number, id: number): Prisma.ContractWhereInput {
  return { id, companyId };
}

/** Security-critical: the agency's templates, or one of them. */
export function contractTemplateWhere(companyId: number, id?: number): Prisma.ContractTemplateWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/**
 * Security-critical: a contract by its signature provider's document id, for the provider's signed
 * callback. No tenant here on purpose: the callback's HMAC (verified before) is the caller's proof,
 * and the provider's id is unique across agencies.
 */
export function contractBySignatureWhere(documentId: string): Prisma.ContractWhereInput {
  return { signatureDocumentId: documentId };
}

/**
 * Security-critical: a contract by id for its signed file link (/api/contracts/file/{id}). No tenant
 * here on purpose: the link's HMAC over id, kind and expiry (verified before) is the capability.
 */
export function contractFileWhere(id: number): Prisma.ContractWhereInput {
  return { id };
}

export type LockedContract = {
  id: number;
  budgetId: number;
  status: ContractStatus;
  fileKey: string | null;
  signedFileKey: string | null;
  signatureDocumentId: string | null;
};

/**
 * Security-critical: locks the caller's contract for the rest of the transaction (its writes run
 * one after the other), or returns null when the company has no such contract.
 */
export async function lockContract(tx: Prisma.TransactionClient, companyId: number, id: number): Promise<LockedContract | null> {
  const rows = await tx.$queryRaw<LockedContract[]>`
    SELECT id, budget_id AS "budgetId", status::text AS status, file_key AS "fileKey",
      signed_file_key AS "signedFileKey", signature_document_id AS "signatureDocumentId"
    FROM contracts WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
  return rows[0] ?? null;
}
