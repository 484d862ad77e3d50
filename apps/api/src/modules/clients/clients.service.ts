import { randomUUID } from 'node:crypto';
import { type Db, type Prisma, queryRows } from '@app/db';
import {
  buildPagination,
  buildSearchPagination,
  CLIENT_DOCUMENT_TYPE_LABELS,
  CLIENT_FIELD_MESSAGES,
  type ClientKind,
  type CreateClientInput,
  clientKindIssues,
  FILE_EXTENSIONS,
  type ListClientsInput,
  type UpdateClientInput,
  type VersionedIdInput,
} from '@app/shared';
import { toDbDate } from '../../calendar';
import type { Deps } from '../../deps';
import { type DocumentCipher, documentCipherOf, isMaskedDocumentNumber, maskDocumentNumber } from '../../document-numbers';
import { assertDocumentsFree, takenFromUniqueViolation } from '../../documents-taken';
import { AppError, notFound } from '../../errors';
import { claimVersion } from '../../versions';
import { consentChange, consentSelect } from '../marketing-consent/consent';
import { recordPersonalDataAccess } from '../personal-data/personal-data.service';
import type { UploadedFile } from '../uploads/uploaded-file';
import { clientCountQuery, clientPageQuery, clientSearchQuery } from './client-queries';
import { toClientDto, toClientListItem } from './clients.dto';
import { clientDetailSelect, clientListSelect } from './clients.select';
import { clientAttachmentWhere, clientWhere } from './clients.where';

type ClientLists = Pick<CreateClientInput, 'contacts' | 'addresses' | 'documents'>;
type ClientScalars = Omit<UpdateClientInput, 'id' | 'contacts' | 'addresses' | 'documents' | 'marketing_consent'>;

/**
 * In SQL: Prisma's `contains` cannot keep a short word off the trigram indexes (see foldedContainsAll).
 * A document number is found by its hash alone (the numbers are sealed), with the other filters.
 */
export async function listClients(db: Db, companyId: number, input: ListClientsInput, cipher?: DocumentCipher) {
  if (input.document_number && cipher) return listClientsByDocument(db, companyId, input, cipher.hash(input.document_number));
  if (input.search) {
    const rows = await queryRows(db, clientSearchQuery(companyId, input));
    // A page past the matches has no row to carry the count: counted again through the first page.
    const first = rows[0] ?? (input.page > 1 ? (await queryRows(db, clientSearchQuery(companyId, input, 1)))[0] : undefined);
    const matched = first?.matched ?? 0;
    return { clients: rows.map(toClientListItem), pagination: buildSearchPagination(input.page, input.per_page, matched) };
  }
  const [rows, [total]] = await Promise.all([
    queryRows(db, clientPageQuery(companyId, input)),
    queryRows(db, clientCountQuery(companyId, input)),
  ]);
  return { clients: rows.map(toClientListItem), pagination: buildPagination(input.page, input.per_page, total?.count ?? 0) };
}

async function listClientsByDocument(db: Db, companyId: number, input: ListClientsInput, hash: string) {
  const where = {
    ...clientWhere(companyId),
    documents: { some: { numberHash: hash } },
    ...(input.is_active ? { isActive: input.is_active === 'true' } : {}),
    ...(input.kind ? { kind: input.kind } : {}),
  };
  const [rows, total] = await Promise.all([
    db.client.findMany({
      where,
      select: clientListSelect,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      skip: (input.page - 1) * input.per_page,
      take: input.per_page,
    }),
    db.client.count({ where }),
  ]);
  return { clients: rows.map(toClientListItem), pagination: buildPagination(input.page, input.per_page, total) };
}

export async function getClient(db: Db, cipher: DocumentCipher, companyId: number, id: number) {
  const client = await db.client.findFirst({ where: clientWhere(companyId, id), select: clientDetailSelect });
  if (!client) throw notFound();
  return toClientDto(client, cipher);
}

/**
 * POST /api/clients/{id}/documents/{document_id}/reveal: a document's full number, recorded as read
 * (who, which client, when, from where) in the same transaction as the read.
 */
export async function revealClientDocument(
  db: Db,
  cipher: DocumentCipher,
  actor: { companyId: number; userId: number; ip: string },
  clientId: number,
  documentId: number,
) {
  const document = await db.clientDocument.findFirst({
    where: { id: documentId, client: clientWhere(actor.companyId, clientId) },
    select: { id: true, type: true, numberSealed: true, client: { select: { id: true, name: true } } },
  });
  if (!document) throw notFound();
  await recordPersonalDataAccess(db, {
    companyId: actor.companyId,
    userId: actor.userId,
    action: 'document_revealed',
    recordType: 'client',
    recordId: document.client.id,
    detail: `${CLIENT_DOCUMENT_TYPE_LABELS[document.type]} de ${document.client.name}`,
    ipAddress: actor.ip,
  });
  return { id: document.id, number: cipher.open(document.numberSealed) };
}

/** The client of the agency (other than `exceptId`) holding a CPF/CNPJ. */
function documentHolder(db: Db | Prisma.TransactionClient, companyId: number, exceptId?: number) {
  return (field: 'cpf' | 'cnpj', value: string) =>
    db.client.findFirst({
      where: { ...clientWhere(companyId), [field]: value, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
      select: { id: true },
    });
}

function scalarData(fields: ClientScalars) {
  return {
    name: fields.name,
    cpf: fields.cpf,
    cnpj: fields.cnpj,
    email: fields.email,
    phone: fields.phone,
    birthDate: toDbDate(fields.birth_date),
    notes: fields.notes,
  };
}

type StoredDocuments = Map<number, string>;

/**
 * The numbers a write stores: a document sent back with its id and its masked number keeps the
 * stored one (the screen never had the full number); any other masked number is refused.
 */
function documentNumbers(lists: ClientLists, stored: StoredDocuments, cipher: DocumentCipher) {
  const errors: Record<string, string[]> = {};
  const numbers = (lists.documents ?? []).map((d, i) => {
    if (!isMaskedDocumentNumber(d.number)) return { sealed: cipher.seal(d.number), hash: cipher.hash(d.number) };
    const plain = d.id ? stored.get(d.id) : undefined;
    if (plain !== undefined && maskDocumentNumber(plain) === d.number) return { sealed: cipher.seal(plain), hash: cipher.hash(plain) };
    errors[`documents.${i}.number`] = [CLIENT_FIELD_MESSAGES.maskedDocumentNumber];
    return { sealed: '', hash: '' };
  });
  if (Object.keys(errors).length) throw new AppError('VALIDATION', { errors });
  return numbers;
}

/** Lists sent with a write replace the client's whole list (the form edits them as a block). */
function listData(lists: ClientLists, replace: boolean, numbers: { sealed: string; hash: string }[]) {
  const wrap = <T>(items: T[] | undefined) => (items === undefined ? undefined : { ...(replace ? { deleteMany: {} } : {}), create: items });
  return {
    contacts: wrap(
      lists.contacts?.map((c) => ({ name: c.name, email: c.email ?? null, phone: c.phone ?? null, relationship: c.relationship ?? null })),
    ),
    addresses: wrap(
      lists.addresses?.map((a) => ({
        postalCode: a.postal_code,
        street: a.street,
        number: a.number,
        complement: a.complement ?? null,
        neighborhood: a.neighborhood,
        city: a.city,
        state: a.state,
      })),
    ),
    documents: wrap(
      lists.documents?.map((d, i) => ({
        type: d.type,
        numberSealed: numbers[i]?.sealed ?? '',
        numberHash: numbers[i]?.hash ?? null,
        country: d.country ?? null,
        issuedAt: toDbDate(d.issued_at) ?? null,
        expiresAt: toDbDate(d.expires_at) ?? null,
      })),
    ),
  };
}

/** Also inside a transaction (a supplier enabled as a client creates its client under the supplier's lock). */
export async function createClient(db: Db | Prisma.TransactionClient, cipher: DocumentCipher, companyId: number, input: CreateClientInput) {
  const { kind, contacts, addresses, documents, marketing_consent, ...fields } = input;
  const numbers = documentNumbers({ documents }, new Map(), cipher);
  await assertDocumentsFree(fields, documentHolder(db, companyId));
  const client = await db.client
    .create({
      data: {
        companyId,
        kind,
        ...scalarData(fields),
        name: fields.name,
        ...listData({ contacts, addresses, documents }, false, numbers),
        // Ticked by the agent on the client form.
        ...consentChange(null, marketing_consent, 'form'),
      },
      select: clientDetailSelect,
    })
    .catch(takenFromUniqueViolation);
  return toClientDto(client, cipher);
}

/** PATCH /api/clients/{id}; with `version`, a client edited meanwhile answers 409 and stays as it is. */
export async function updateClient(db: Db, cipher: DocumentCipher, companyId: number, actor: { id: number }, input: UpdateClientInput) {
  const { id, version, contacts, addresses, documents, marketing_consent, ...fields } = input;
  const client = await db
    .$transaction(async (tx) => {
      // First: a stale write is refused as such, whatever else is wrong with it; the row stays locked.
      await claimVersion(tx, { table: 'clients', companyId, id, userId: actor.id, expected: version });
      const current = await tx.client.findFirstOrThrow({
        where: clientWhere(companyId, id),
        select: { id: true, kind: true, ...consentSelect },
      });
      assertKindFields(current.kind, fields);
      await assertDocumentsFree(fields, documentHolder(tx, companyId, current.id));
      const stored = documents?.some((d) => d.id)
        ? await tx.clientDocument.findMany({ where: { clientId: current.id }, select: { id: true, numberSealed: true } })
        : [];
      const numbers = documentNumbers({ documents }, new Map(stored.map((d) => [d.id, cipher.open(d.numberSealed)])), cipher);
      return tx.client.update({
        where: { id: current.id },
        data: {
          ...scalarData(fields),
          ...listData({ contacts, addresses, documents }, true, numbers),
          ...consentChange(current, marketing_consent, 'form'),
        },
        select: clientDetailSelect,
      });
    })
    .catch(takenFromUniqueViolation);
  return toClientDto(client, cipher);
}

function assertKindFields(kind: ClientKind, fields: ClientScalars) {
  const issues = clientKindIssues({ kind, cpf: fields.cpf, cnpj: fields.cnpj, birth_date: fields.birth_date });
  if (issues.length) {
    throw new AppError('VALIDATION', { errors: Object.fromEntries(issues.map((i) => [i.path, [i.message]])) });
  }
}

/** DELETE deactivates and PUT reopen reactivates: clients are never deleted (attendances keep them). */
export async function setClientActive(
  db: Db,
  cipher: DocumentCipher,
  companyId: number,
  actor: { id: number },
  input: VersionedIdInput,
  active: boolean,
) {
  return db.$transaction(async (tx) => {
    // The version claim is tenant-filtered: another agency's client is a 404, a stale version a 409.
    await claimVersion(tx, { table: 'clients', companyId, id: input.id, userId: actor.id, expected: input.version });
    const client = await tx.client.update({ where: { id: input.id }, data: { isActive: active }, select: clientDetailSelect });
    return toClientDto(client, cipher);
  });
}

export async function addClientAttachment(s: Deps, companyId: number, clientId: number, file: UploadedFile) {
  const client = await s.db.client.findFirst({ where: clientWhere(companyId, clientId), select: { id: true } });
  if (!client) throw notFound();
  const key = `attachments/${companyId}/${randomUUID()}.${FILE_EXTENSIONS[file.contentType]}`;
  await s.platform.storage.put(key, file.data);
  try {
    await s.db.clientAttachment.create({
      data: { clientId: client.id, fileKey: key, filename: file.filename, contentType: file.contentType, size: file.data.length },
    });
  } catch (error) {
    await s.platform.storage.delete(key);
    throw error;
  }
  return getClient(s.db, documentCipherOf(s.config), companyId, client.id);
}

export async function removeClientAttachment(s: Deps, companyId: number, clientId: number, attachmentId: number) {
  const attachment = await s.db.clientAttachment.findFirst({
    where: clientAttachmentWhere(companyId, attachmentId, clientId),
    select: { id: true, fileKey: true },
  });
  if (!attachment) throw notFound();
  await s.db.clientAttachment.delete({ where: { id: attachment.id } });
  await s.platform.storage.delete(attachment.fileKey);
  return getClient(s.db, documentCipherOf(s.config), companyId, clientId);
}

export async function clientAttachmentFile(s: Deps, companyId: number, attachmentId: number) {
  const attachment = await s.db.clientAttachment.findFirst({
    where: clientAttachmentWhere(companyId, attachmentId),
    select: { fileKey: true, filename: true, contentType: true },
  });
  const stored = attachment ? await s.platform.storage.get(attachment.fileKey) : null;
  if (!attachment || !stored) throw notFound();
  return { ...stored, filename: attachment.filename, contentType: attachment.contentType };
}
