// Security-critical: tenant filters of the NFS-e rows.
import type { Prisma } from '@app/db';

/** Security-critical: one of the caller's sales (not undone: an undone sale issues nothing). */
export function nfseSaleWhere(companyId: number, saleId: number): Prisma.SaleWhereInput {
  return { id: saleId, companyId };
}

/** Security-critical: the note of one of the caller's sales. */
export function nfseNoteOfSaleWhere(companyId: number, saleId: number): Prisma.NfseNoteWhereInput {
  return { saleId, companyId };
}

/** Security-critical: one of the caller's notes. */
export function nfseNoteWhere(companyId: number, id: number): Prisma.NfseNoteWhereInput {
  return { id, companyId };
}

/** Security-critical: the caller's notes. */
export function nfseNotesWhere(companyId: number): Prisma.NfseNoteWhereInput {
  return { companyId };
}

/** The customer as the note's tomador: name, documents, e-mail and first address (preview and job read the same). */
export const nfseTakerSelect = {
  name: true,
  cpf: true,
  cnpj: true,
  email: true,
  addresses: {
    orderBy: { id: 'asc' },
    take: 1,
    select: { postalCode: true, street: true, number: true, complement: true, neighborhood: true, city: true, state: true },
  },
} satisfies Prisma.ClientSelect;
