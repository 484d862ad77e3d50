import { Prisma } from '@app/db';
import { type Client, type ClientKind, type ClientListItem, type ListClientsInput, onlyDigits } from '@app/shared';
import { fromDbDate } from '../../calendar';
import { containsSql } from '../../search';

/** Security-critical: every client lookup of a tenant goes through this filter. */
export function clientWhere(companyId: number, id?: number): Prisma.ClientWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

/** Security-critical: an attachment is reachable only through a client of the caller's company. */
export function clientAttachmentWhere(companyId: number, attachmentId: number, clientId?: number): Prisma.ClientAttachmentWhereInput {
  return { id: attachmentId, client: clientWhere(companyId, clientId) };
}

/**
 * Security-critical: the list filters as SQL over `clients c`, always inside the caller's company.
 * Search is name or e-mail ("contains", any case) or CPF/CNPJ digits, read from the trigram indexes
 * (a term of under three letters scans the agency's clients, see containsSql).
 */
export function clientFilterSql(companyId: number, f: Pick<ListClientsInput, 'search' | 'is_active' | 'kind'>): Prisma.Sql {
  const parts = [Prisma.sql`c.company_id = ${companyId}`];
  if (f.is_active) parts.push(Prisma.sql`c.is_active = ${f.is_active === 'true'}`);
  if (f.kind) parts.push(Prisma.sql`c.kind = ${f.kind}::"ClientKind"`);
  if (f.search) {
    // '%' and '_' are taken literally, as in the attendances search.
    const matches = [containsSql(Prisma.sql`c.name`, f.search), containsSql(Prisma.sql`c.email`, f.search)];
    // '529.982' finds CPF 52998224725: documents are stored as digits.
    const digits = onlyDigits(f.search);
    if (digits.length >= 3) matches.push(Prisma.sql`c.cpf LIKE ${`%${digits}%`}`, Prisma.sql`c.cnpj LIKE ${`%${digits}%`}`);
    parts.push(Prisma.sql`(${Prisma.join(matches, ' OR ')})`);
  }
  return Prisma.join(parts, ' AND ');
}

/** The columns of a list row, as `clientListSelect` reads them. */
export const clientListColumnsSql = Prisma.sql`c.id, c.kind::text AS kind, c.name, c.cpf, c.cnpj, c.email, c.phone,
  c.is_active AS "isActive", c.created_at AS "createdAt"`;

export type ClientListRow = {
  id: number;
  kind: ClientKind;
  name: string;
  cpf: string | null;
  cnpj: string | null;
  email: string | null;
  phone: string | null;
  isActive: boolean;
  createdAt: Date;
};

const clientListSelect = {
  id: true,
  kind: true,
  name: true,
  cpf: true,
  cnpj: true,
  email: true,
  phone: true,
  isActive: true,
  createdAt: true,
} satisfies Prisma.ClientSelect;

export const clientDetailSelect = {
  ...clientListSelect,
  birthDate: true,
  notes: true,
  updatedAt: true,
  contacts: { select: { id: true, name: true, email: true, phone: true, relationship: true }, orderBy: { id: 'asc' } },
  addresses: {
    select: { id: true, postalCode: true, street: true, number: true, complement: true, neighborhood: true, city: true, state: true },
    orderBy: { id: 'asc' },
  },
  documents: { select: { id: true, type: true, number: true, issuedAt: true, expiresAt: true }, orderBy: { id: 'asc' } },
  attachments: { select: { id: true, filename: true, contentType: true, size: true, createdAt: true }, orderBy: { id: 'asc' } },
} satisfies Prisma.ClientSelect;

type ClientDetailRow = Prisma.ClientGetPayload<{ select: typeof clientDetailSelect }>;

export function toClientListItem(c: ClientListRow): ClientListItem {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    cpf: c.cpf,
    cnpj: c.cnpj,
    email: c.email,
    phone: c.phone,
    is_active: c.isActive,
    created_at: c.createdAt.toISOString(),
  };
}

export function toClientDto(c: ClientDetailRow): Client {
  return {
    ...toClientListItem(c),
    birth_date: fromDbDate(c.birthDate),
    notes: c.notes,
    updated_at: c.updatedAt.toISOString(),
    contacts: c.contacts,
    addresses: c.addresses.map((a) => ({
      id: a.id,
      postal_code: a.postalCode,
      street: a.street,
      number: a.number,
      complement: a.complement,
      neighborhood: a.neighborhood,
      city: a.city,
      state: a.state,
    })),
    documents: c.documents.map((d) => ({
      id: d.id,
      type: d.type,
      number: d.number,
      issued_at: fromDbDate(d.issuedAt),
      expires_at: fromDbDate(d.expiresAt),
    })),
    attachments: c.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
      created_at: a.createdAt.toISOString(),
    })),
  };
}
