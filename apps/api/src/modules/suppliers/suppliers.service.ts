import { type Db, type Prisma, queryRows } from '@app/db';
import {
  BR_STATES,
  type BrState,
  buildPagination,
  type ClientKind,
  type CreateClientInput,
  type CreateSupplierInput,
  clientKindIssues,
  isCompleteAddress,
  type ListSuppliersInput,
  type UpdateSupplierInput,
} from '@app/shared';

/** The 409 of enable-client when the client with the supplier's document is another supplier's. */
export const SUPPLIER_CLIENT_TAKEN_MESSAGE = 'O cliente com este CPF/CNPJ já está vinculado a outro fornecedor.';

import type { DocumentCipher } from '../../document-numbers';
import { assertDocumentsFree, takenFromUniqueViolation } from '../../documents-taken';
import { AppError, notFound } from '../../errors';
import { claimVersion } from '../../versions';
import { createClient } from '../clients/clients.service';
import { clientWhere } from '../clients/clients.where';
import { supplierCountQuery, supplierPageQuery } from './supplier-queries';
import { toSupplierDto, toSupplierListItem } from './suppliers.dto';
import { type SupplierDetailRow, supplierDetailSelect } from './suppliers.select';
import { lockSupplier, supplierWhere } from './suppliers.where';

type Tx = Prisma.TransactionClient;
type SupplierScalars = Omit<UpdateSupplierInput, 'id' | 'contacts'>;

/** A page of the agency's suppliers by name; contacts are read by the detail only. */
export async function listSuppliers(db: Db, companyId: number, input: ListSuppliersInput) {
  const [rows, [total]] = await Promise.all([
    queryRows(db, supplierPageQuery(companyId, input)),
    queryRows(db, supplierCountQuery(companyId, input)),
  ]);
  return { suppliers: rows.map(toSupplierListItem), pagination: buildPagination(input.page, input.per_page, total?.count ?? 0) };
}

export async function getSupplier(db: Db, companyId: number, id: number) {
  const supplier = await db.supplier.findFirst({ where: supplierWhere(companyId, id), select: supplierDetailSelect });
  if (!supplier) throw notFound();
  return toSupplierDto(supplier);
}

/** The supplier of the agency (other than `exceptId`) holding a CPF/CNPJ. */
function documentHolder(db: Db | Prisma.TransactionClient, companyId: number, exceptId?: number) {
  return (field: 'cpf' | 'cnpj', value: string) =>
    db.supplier.findFirst({
      where: { ...supplierWhere(companyId), [field]: value, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
      select: { id: true },
    });
}

/** The address is one block: sent, it replaces every part (a part left out is cleared); null clears it. */
function addressData(address: SupplierScalars['address']) {
  if (address === undefined) return {};
  return {
    postalCode: address?.postal_code ?? null,
    street: address?.street ?? null,
    number: address?.number ?? null,
    complement: address?.complement ?? null,
    neighborhood: address?.neighborhood ?? null,
    city: address?.city ?? null,
    state: address?.state ?? null,
  };
}

function scalarData(f: SupplierScalars) {
  return {
    name: f.name,
    tradeName: f.trade_name,
    cpf: f.cpf,
    cnpj: f.cnpj,
    email: f.email,
    phone: f.phone,
    website: f.website,
    serviceTypes: f.service_types,
    commissionBasisPoints: f.commission_basis_points,
    notes: f.notes,
    ...addressData(f.address),
    bankCode: f.bank_code,
    bankName: f.bank_name,
    bankBranch: f.bank_branch,
    bankAccount: f.bank_account,
    bankAccountType: f.bank_account_type,
    bankHolderName: f.bank_holder_name,
    bankHolderDocument: f.bank_holder_document,
    pixKeyType: f.pix_key_type,
    pixKey: f.pix_key,
    isActive: f.is_active,
    isFavorite: f.is_favorite,
  };
}

/** Contacts sent with a write replace the supplier's whole list (the form edits them as a block). */
function contactsData(contacts: CreateSupplierInput['contacts'], replace: boolean) {
  if (contacts === undefined) return undefined;
  return {
    ...(replace ? { deleteMany: {} } : {}),
    create: contacts.map((c) => ({ name: c.name, email: c.email ?? null, phone: c.phone ?? null, role: c.role ?? null })),
  };
}

/** A writer the agency keeps from costs never sees the default commission, so never sets it (it stays as it was). */
const unlessCostsHidden = <T extends { commission_basis_points?: number | null }>(input: T, seesCosts: boolean): T =>
  seesCosts ? input : { ...input, commission_basis_points: undefined };

export async function createSupplier(db: Db, companyId: number, sent: CreateSupplierInput, writer = { seesCosts: true }) {
  const { kind, contacts, ...fields } = unlessCostsHidden(sent, writer.seesCosts);
  await assertDocumentsFree(fields, documentHolder(db, companyId));
  const supplier = await db.supplier
    .create({
      data: {
        companyId,
        kind,
        ...scalarData(fields),
        name: fields.name,
        serviceTypes: fields.service_types,
        contacts: contactsData(contacts, false),
      },
      select: supplierDetailSelect,
    })
    .catch(takenFromUniqueViolation);
  return toSupplierDto(supplier);
}

function assertKindFields(kind: ClientKind, fields: SupplierScalars) {
  const issues = clientKindIssues({ kind, cpf: fields.cpf, cnpj: fields.cnpj });
  if (issues.length) {
    throw new AppError('VALIDATION', { errors: Object.fromEntries(issues.map((i) => [i.path, [i.message]])) });
  }
}

/** PATCH: the fields sent; `is_active` false deactivates and true reactivates (suppliers are never deleted). */
export async function updateSupplier(
  db: Db,
  companyId: number,
  sent: UpdateSupplierInput,
  writer: { seesCosts: boolean; user?: { id: number } } = { seesCosts: true },
) {
  const { id, version, contacts, ...fields } = unlessCostsHidden(sent, writer.seesCosts);
  const supplier = await db
    .$transaction(async (tx) => {
      // First: a stale write is refused as such, whatever else is wrong with it; the row stays locked.
      await claimVersion(tx, { table: 'suppliers', companyId, id, userId: writer.user?.id ?? null, expected: version });
      const current = await tx.supplier.findFirstOrThrow({ where: supplierWhere(companyId, id), select: { id: true, kind: true } });
      assertKindFields(current.kind, fields);
      await assertDocumentsFree(fields, documentHolder(tx, companyId, current.id));
      return tx.supplier.update({
        where: { id: current.id },
        data: { ...scalarData(fields), contacts: contactsData(contacts, true) },
        select: supplierDetailSelect,
      });
    })
    .catch(takenFromUniqueViolation);
  return toSupplierDto(supplier);
}

/** What the new client takes from its supplier: kind, name, document, e-mail, phone, and the address when complete. */
function clientInputOf(s: SupplierDetailRow): CreateClientInput {
  const address = toAddress(s);
  return {
    kind: s.kind,
    name: s.name,
    cpf: s.kind === 'person' ? s.cpf : null,
    cnpj: s.kind === 'organization' ? s.cnpj : null,
    email: s.email,
    phone: s.phone,
    addresses: address ? [address] : [],
  };
}

function toAddress(s: SupplierDetailRow): NonNullable<CreateClientInput['addresses']>[number] | null {
  const a = {
    postal_code: s.postalCode,
    street: s.street,
    number: s.number,
    complement: s.complement,
    neighborhood: s.neighborhood,
    city: s.city,
    state: s.state,
  };
  if (!isCompleteAddress(a) || !(BR_STATES as readonly string[]).includes(a.state)) return null;
  return { ...a, state: a.state as BrState };
}

/**
 * The agency's client with the supplier's CPF (a person) or CNPJ (a company), if any. One already
 * enabled for another supplier (whose document changed since) cannot be shared: a client is one
 * supplier's at most.
 */
async function clientWithDocument(tx: Tx, companyId: number, s: SupplierDetailRow): Promise<number | null> {
  const document = s.kind === 'person' ? { cpf: s.cpf } : { cnpj: s.cnpj };
  if (!Object.values(document)[0]) return null;
  const client = await tx.client.findFirst({
    where: { ...clientWhere(companyId), ...document },
    select: { id: true, supplier: { select: { id: true } } },
  });
  if (!client) return null;
  if (client.supplier) {
    throw new AppError('CONFLICT', { message: SUPPLIER_CLIENT_TAKEN_MESSAGE });
  }
  return client.id;
}

/**
 * PUT /api/suppliers/enable-client/{id}: the supplier becomes a client of the agency too, so it can
 * buy trips. The agency's client with the same CPF/CNPJ is linked; otherwise a client is created
 * from the supplier's data. Under the supplier's row lock, so it runs once: a supplier already
 * enabled answers with the same client.
 */
export async function enableSupplierAsClient(db: Db, cipher: DocumentCipher, companyId: number, id: number) {
  return db.$transaction(async (tx) => {
    if (!(await lockSupplier(tx, companyId, id))) throw notFound();
    const supplier = await tx.supplier.findFirstOrThrow({ where: supplierWhere(companyId, id), select: supplierDetailSelect });
    if (supplier.clientId !== null) return toSupplierDto(supplier);
    const clientId =
      (await clientWithDocument(tx, companyId, supplier)) ?? (await createClient(tx, cipher, companyId, clientInputOf(supplier))).id;
    const updated = await tx.supplier.update({ where: { id: supplier.id }, data: { clientId }, select: supplierDetailSelect });
    return toSupplierDto(updated);
  });
}
