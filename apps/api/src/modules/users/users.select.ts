import type { Prisma } from '@app/db';

/** What a user's DTO reads; never the password hash nor the token version. */
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
