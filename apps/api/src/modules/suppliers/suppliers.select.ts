import { columnsOf, type DB, enumText, type Prisma, type Selection, sql } from '@app/db';
import type { ServiceType } from '@app/shared';

const s = columnsOf('suppliers', 's');

/** The columns of a list row. Enum arrays are read as text[] (the driver knows no custom array type). */
export const supplierListColumns = [
  s('id').as('id'),
  enumText(s('kind')).as('kind'),
  s('name').as('name'),
  s('trade_name').as('tradeName'),
  s('cpf').as('cpf'),
  s('cnpj').as('cnpj'),
  s('email').as('email'),
  s('phone').as('phone'),
  sql<ServiceType[]>`coalesce(${s('service_types')}::text[], '{}')`.as('serviceTypes'),
  s('client_id').as('clientId'),
  s('is_active').as('isActive'),
  s('is_favorite').as('isFavorite'),
  s('created_at').as('createdAt'),
] as const;

export type SupplierListRow = Selection<DB, never, (typeof supplierListColumns)[number]>;

/** Everything the detail shows: the row and its contacts (the list never reads contacts). */
export const supplierDetailSelect = {
  id: true,
  kind: true,
  name: true,
  tradeName: true,
  cpf: true,
  cnpj: true,
  email: true,
  phone: true,
  website: true,
  serviceTypes: true,
  commissionBasisPoints: true,
  notes: true,
  postalCode: true,
  street: true,
  number: true,
  complement: true,
  neighborhood: true,
  city: true,
  state: true,
  bankCode: true,
  bankName: true,
  bankBranch: true,
  bankAccount: true,
  bankAccountType: true,
  bankHolderName: true,
  bankHolderDocument: true,
  pixKeyType: true,
  pixKey: true,
  clientId: true,
  isActive: true,
  isFavorite: true,
  createdAt: true,
  updatedAt: true,
  version: true,
  contacts: { select: { id: true, name: true, email: true, phone: true, role: true }, orderBy: { id: 'asc' } },
} satisfies Prisma.SupplierSelect;

export type SupplierDetailRow = Prisma.SupplierGetPayload<{ select: typeof supplierDetailSelect }>;
