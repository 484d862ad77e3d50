// Security-critical: tenant filters only. Every read and write of an import and of its rejected rows
// goes through them, with the company id of the signed-in user.
import type { Prisma } from '@app/db';

/** Security-critical: an import of the caller's company (another agency's id reads as missing). */
export function importWhere(companyId: number, id?: number): Prisma.ImportWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: the rejected rows of an import, reachable only within its company. */
export function importRejectionWhere(companyId: number, importId: number): Prisma.ImportRejectionWhereInput {
  return { importId, companyId };
}
