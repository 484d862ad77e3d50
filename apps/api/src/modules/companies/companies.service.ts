import { columnsOf, type Db, type Prisma, qb, queryRows, sql } from '@app/db';
import {
  type AdminCompaniesInput,
  CLIENT_FIELD_MESSAGES,
  type CreateCompanyInput,
  IMAGE_KEY_PATTERN,
  type Role,
  TAKEN_MESSAGE,
  type UpdateCompanyInput,
  type UpdateCompanySubscriptionInput,
} from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { findPage } from '../../paging';
import { folded, foldedMatches } from '../../search';
import { claimVersion } from '../../versions';
import { correctSubscription, startTrial } from '../billing/subscriptions.service';
import { toUserDto } from '../users/users.dto';
import { userSelect } from '../users/users.select';
import { sendRegistrationMail } from '../users/users.service';
import { toAdminCompanyDto, toCompanyDto } from './companies.dto';
import { adminCompanySelect, companySelect } from './companies.select';
import { companyWhere } from './companies.where';
import { createCompanyDefaults } from './company-defaults';

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

/**
 * PATCH /api/companies/{id}: the agency's name, the contact its customers see and who it is on its
 * contracts (CNPJ, Cadastur, address). The logo must be an image this agency uploaded
 * (POST /api/uploads/image); any other key is a field error.
 */
export async function updateCompany(s: Deps, actor: Actor & { id: number }, input: UpdateCompanyInput) {
  const { id, version, logo_key, contact_email, costs_visibility, postal_code, street_number, ...fields } = input;
  const companyId = await companyInScope(s.db, actor, id);
  if (logo_key) {
    const ours = IMAGE_KEY_PATTERN.test(logo_key) && logo_key.split('/')[1] === String(companyId);
    if (!ours || !(await s.platform.storage.exists(logo_key))) {
      throw new AppError('VALIDATION', { errors: { logo_key: [CLIENT_FIELD_MESSAGES.notFound] } });
    }
  }
  const company = await s.db.$transaction(async (tx) => {
    await claimVersion(tx, { table: 'companies', companyId, id: companyId, userId: actor.id, expected: version });
    return tx.company.update({
      where: { id: companyId },
      data: {
        ...fields,
        logoKey: logo_key,
        contactEmail: contact_email,
        postalCode: postal_code,
        streetNumber: street_number,
        costsVisibility: costs_visibility,
      },
      select: companySelect,
    });
  });
  return toCompanyDto(company);
}

const c = columnsOf('companies');

/**
 * The companies whose name or subdomain holds every word of `term`, blind to accents and case like
 * the other lists' searches ('agencia' finds 'Agência'). Agencies are a few thousand rows at most: no text index.
 */
async function companiesMatching(db: Db, term: string): Promise<number[]> {
  const text = folded(sql`concat_ws(' ', ${c('name')}, ${c('subdomain')})`);
  const rows = await queryRows(db, qb.selectFrom('companies').select('id').where(foldedMatches(text, term)));
  return rows.map((r) => r.id);
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
    ...(input.search ? { id: { in: await companiesMatching(db, input.search) } } : {}),
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
    await createCompanyDefaults(tx, company.id);
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
    await sendRegistrationMail(s, tx, owner.id);
    return { companyId: company.id, owner };
  });
  await s.platform.jobs.flush();
  const company = await s.db.company.findUniqueOrThrow({ where: { id: companyId }, select: adminCompanySelect });
  return { company: toAdminCompanyDto(company), owner: toUserDto(owner) };
}

/** PATCH /api/admin/companies/{id}/subscription: an agency's status and dates, set by support staff. */
export async function updateCompanySubscription(s: Deps, companyId: number, input: UpdateCompanySubscriptionInput) {
  await correctSubscription(s, companyId, input);
  return toAdminCompanyDto(await s.db.company.findUniqueOrThrow({ where: { id: companyId }, select: adminCompanySelect }));
}
