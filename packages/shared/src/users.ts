import { emailField, userSchema } from './auth';
import { companyIdentityOutput } from './companies';
import { AGENCY_ROLES, USER_STATUSES } from './constants';
import { COSTS_VISIBILITIES } from './costs';
import { idParam, paginationInput, paginationSchema, searchInput } from './pagination';
import { versionOutput } from './versions';
import { z } from './zod';

export const listUsersInput = z.object({
  search: searchInput,
  status: z.enum(USER_STATUSES).optional(),
  role: z.enum(AGENCY_ROLES).optional(),
  ...paginationInput,
});
export type ListUsersInput = z.infer<typeof listUsersInput>;

export const userListOutput = z.object({ users: z.array(userSchema), pagination: paginationSchema });

const userFields = {
  name: z.string().trim().min(2).max(120),
  email: emailField,
  phone: z.string().trim().max(30).nullable().optional(),
  role: z.enum(AGENCY_ROLES),
};

/** Body `{ user: {...} }`; unknown keys (company_id, status, password...) are refused. */
export const createUserInput = z.object({ user: z.object(userFields).strict() });
export const createCompanyUserInput = idParam.extend({ user: z.object(userFields).strict() });
export const updateUserInput = idParam.extend({ user: z.object(userFields).partial().strict() });

export const costsVisibilityField = z.enum(COSTS_VISIBILITIES);

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  subdomain: z.string().nullable(),
  created_at: z.string(),
  /** The agency's contact as its customers see it (landing page, PDF, e-mails); the owner edits it. */
  logo_url: z.string().nullable(),
  contact_email: z.string().nullable(),
  phone: z.string().nullable(),
  whatsapp: z.string().nullable(),
  website: z.string().nullable(),
  instagram: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Who the agency is on its contracts: CNPJ, Cadastur and address (the owner edits them). */
  ...companyIdentityOutput,
  /** Who in the agency sees costs, revenue and margins (the owner sets it). */
  costs_visibility: costsVisibilityField,
  /** The agency's settings version: send it with PATCH /api/companies/{id}. */
  version: versionOutput,
});
export type Company = z.infer<typeof companySchema>;
export const companyUsersInput = idParam.extend(listUsersInput.shape);
