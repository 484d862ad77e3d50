import { columnsOf, type DB, enumText, type Prisma, type Selection } from '@app/db';
import { consentSelect } from '../marketing-consent/consent';

const c = columnsOf('clients', 'c');

/** The columns of a list row, as `clientListSelect` reads them. */
export const clientListColumns = [
  c('id').as('id'),
  enumText(c('kind')).as('kind'),
  c('name').as('name'),
  c('cpf').as('cpf'),
  c('cnpj').as('cnpj'),
  c('email').as('email'),
  c('phone').as('phone'),
  c('is_active').as('isActive'),
  c('created_at').as('createdAt'),
] as const;

export type ClientListRow = Selection<DB, never, (typeof clientListColumns)[number]>;

export const clientListSelect = {
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
  version: true,
  contacts: { select: { id: true, name: true, email: true, phone: true, relationship: true }, orderBy: { id: 'asc' } },
  addresses: {
    select: { id: true, postalCode: true, street: true, number: true, complement: true, neighborhood: true, city: true, state: true },
    orderBy: { id: 'asc' },
  },
  documents: {
    select: { id: true, type: true, numberSealed: true, country: true, issuedAt: true, expiresAt: true },
    orderBy: { id: 'asc' },
  },
  attachments: { select: { id: true, filename: true, contentType: true, size: true, createdAt: true }, orderBy: { id: 'asc' } },
  ...consentSelect,
} satisfies Prisma.ClientSelect;

export type ClientDetailRow = Prisma.ClientGetPayload<{ select: typeof clientDetailSelect }>;
