import type { Prisma } from '@app/db';
import { entitlementSelect } from '../access/entitlements';
import { companyIdentitySelect } from '../contracts/contracts.dto';
import { agencyContactSelect } from '../landing-pages/landing-pages.dto';

const companyBaseSelect = { id: true, name: true, subdomain: true, createdAt: true } satisfies Prisma.CompanySelect;
export type CompanyBaseRow = Prisma.CompanyGetPayload<{ select: typeof companyBaseSelect }>;

/** An agency with the contact its customers see and who it is on its contracts. */
export const companySelect = {
  ...companyBaseSelect,
  ...agencyContactSelect,
  ...companyIdentitySelect,
  costsVisibility: true,
  version: true,
} satisfies Prisma.CompanySelect;
export type CompanyRow = Prisma.CompanyGetPayload<{ select: typeof companySelect }>;

/** An agency as support staff see it: its plan, status and owner. */
export const adminCompanySelect = {
  ...companyBaseSelect,
  subscription: { select: { ...entitlementSelect, planId: true, plan: { select: { name: true, features: true } } } },
  users: { where: { role: 'owner' }, orderBy: { id: 'asc' }, take: 1, select: { email: true } },
} satisfies Prisma.CompanySelect;
export type AdminCompanyRow = Prisma.CompanyGetPayload<{ select: typeof adminCompanySelect }>;
