import type { Db, Prisma } from '@app/db';
import {
  type AdminCompaniesInput,
  type CreateCompanyInput,
  type Role,
  TAKEN_MESSAGE,
  type UpdateCompanySubscriptionInput,
} from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { findPage } from '../../paging';
import { containsAny } from '../../search';
import { correctSubscription, startTrial } from '../billing/subscriptions.service';
import { toUserDto } from '../users/users.dto';
import { userSelect } from '../users/users.select';
import { sendRegistrationMail } from '../users/users.service';
import { toAdminCompanyDto, toCompanyDto } from './companies.dto';
import { adminCompanySelect, companySelect } from './companies.select';
import { companyWhere } from './companies.where';

type Actor = { role: Role; companyId: number };

/** The id of a company the caller may address; anything else answers 404, like a missing company. */
export async function companyInScope(db: Db, actor: Actor, id: number): Promise<number> {
  const company = await db.company.findFirst({ where: companyWhere(actor, id), select: { id: true } });
  if (!company) throw notFound();
  return company.id;
}

export async function getCompany(db: Db, actor: Actor, id: number) {
  const company = await db.company.findFirst({ where: companyWhere(actor, id), select: companySelect });
  if (!company) throw notFound();
  return toCompanyDto(company);
}

/** GET /api/admin/companies: every agency (not the system company), by name. */
export async function listCompanies(db: Db, input: AdminCompaniesInput) {
  const subscription = {
    ...(input.status ? { status: input.status } : {}),
    ...(input.plan_id ? { planId: input.plan_id } : {}),
  };
  const where: Prisma.CompanyWhereInput = {
    isSystem: false,
    ...(Object.keys(subscription).length ? { subscription: { is: subscription } } : {}),
    ...containsAny(input.search, ['name', 'subdomain']),
  };
  const { rows, pagination } = await findPage(
    input,
    (page) => db.company.findMany({ where, select: adminCompanySelect, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...page }),
    () => db.company.count({ where }),
  );
  const now = new Date();
  return { companies: rows.map((c) => toAdminCompanyDto(c, now)), pagination };
}

/**
 * POST /api/companies: a new agency, trialing on the paid plan, with its owner pending until
 * they confirm the registration e-mail (and set a password).
 */
export async function createCompany(s: Deps, input: CreateCompanyInput) {
  const subdomain = input.company.subdomain ?? null;
  const [emailTaken, subdomainTaken] = await Promise.all([
    s.db.user.findUnique({ where: { email: input.owner.email }, select: { id: true } }),
    subdomain ? s.db.company.findUnique({ where: { subdomain }, select: { id: true } }) : null,
  ]);
  if (emailTaken || subdomainTaken) {
    throw new AppError('VALIDATION', {
      errors: {
        ...(subdomainTaken ? { 'company.subdomain': [TAKEN_MESSAGE] } : {}),
        ...(emailTaken ? { 'owner.email': [TAKEN_MESSAGE] } : {}),
      },
    });
  }
  const { companyId, owner } = await s.db.$transaction(async (tx) => {
    const company = await tx.company.create({ data: { name: input.company.name, subdomain }, select: { id: true } });
    await startTrial(tx, company.id);
    const owner = await tx.user.create({
      data: {
        companyId: company.id,
        name: input.owner.name,
        email: input.owner.email,
        phone: input.owner.phone ?? null,
        role: 'owner',
        status: 'pending',
      },
      select: userSelect,
    });
    return { companyId: company.id, owner };
  });
  // After the commit: the mail's job reads the owner.
  await sendRegistrationMail(s, owner.id);
  const company = await s.db.company.findUniqueOrThrow({ where: { id: companyId }, select: adminCompanySelect });
  return { company: toAdminCompanyDto(company), owner: toUserDto(owner) };
}

/** PATCH /api/admin/companies/{id}/subscription: an agency's status and dates, set by support staff. */
export async function updateCompanySubscription(s: Deps, companyId: number, input: UpdateCompanySubscriptionInput) {
  await correctSubscription(s, companyId, input);
  return toAdminCompanyDto(await s.db.company.findUniqueOrThrow({ where: { id: companyId }, select: adminCompanySelect }));
}
