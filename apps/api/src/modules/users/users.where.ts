import type { Prisma } from '@app/db';

/** Security-critical: every user lookup of a tenant goes through this filter. */
export function userWhere(companyId: number, id?: number): Prisma.UserWhereInput {
  return id === undefined ? { companyId } : { id, companyId };
}

export const userSelect = {
  id: true,
  name: true,
  email: true,
  phone: true,
  role: true,
  status: true,
  companyId: true,
  createdAt: true,
  company: { select: { name: true } },
} satisfies Prisma.UserSelect;

export type UserRow = Prisma.UserGetPayload<{ select: typeof userSelect }>;

export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    status: u.status,
    company_id: u.companyId,
    company_name: u.company.name,
    created_at: u.createdAt.toISOString(),
  };
}
