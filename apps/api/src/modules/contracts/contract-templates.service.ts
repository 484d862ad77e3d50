// The agency's contract templates: the default pt-BR contract comes with the agency (and, for an
// agency without any, with its first template write), one default at a time (a partial unique
// index keeps it so), the default always active.
import type { Db, Prisma } from '@app/db';
import {
  CONTRACT_TEMPLATE_MESSAGES,
  type ContractTemplate,
  type CreateContractTemplateInput,
  DEFAULT_CONTRACT_TEMPLATE,
  type UpdateContractTemplateInput,
} from '@app/shared';
import { fieldError, notFound } from '../../errors';
import { claimVersion } from '../../versions';
import { contractTemplateSelect, toContractTemplateDto } from './contracts.dto';
import { contractTemplateWhere } from './contracts.where';

type Tx = Prisma.TransactionClient;

// Namespace of the per-agency advisory lock taken by template writes.
const TEMPLATES_LOCK = 7_345_014;

/** Template writes of one agency run one after the other (two "make default" at once would collide on the index). */
const lockTemplates = (tx: Tx, companyId: number) => tx.$executeRaw`SELECT pg_advisory_xact_lock(${TEMPLATES_LOCK}, ${companyId})`;

/**
 * The agency's default template, created when it has no template at all. Safe to run at once from
 * several requests: the partial unique index (one default per agency) turns the loser's insert into
 * nothing.
 */
export async function ensureDefaultTemplate(db: Db | Tx, companyId: number): Promise<void> {
  await db.$executeRaw`
    INSERT INTO contract_templates (company_id, name, body, is_default, active, created_at, updated_at)
    SELECT ${companyId}, ${DEFAULT_CONTRACT_TEMPLATE.name}, ${DEFAULT_CONTRACT_TEMPLATE.body}, true, true, now(), now()
    WHERE NOT EXISTS (SELECT 1 FROM contract_templates WHERE company_id = ${companyId})
    ON CONFLICT (company_id) WHERE is_default DO NOTHING`;
}

/**
 * At every start: the default template of each company that has no template at all (one from
 * before the default came with it), so that listing never writes. One statement; starts racing
 * meet the partial unique index.
 */
export function backfillDefaultTemplates(db: Db): Promise<number> {
  return db.$executeRaw`
    INSERT INTO contract_templates (company_id, name, body, is_default, active, created_at, updated_at)
    SELECT c.id, ${DEFAULT_CONTRACT_TEMPLATE.name}, ${DEFAULT_CONTRACT_TEMPLATE.body}, true, true, now(), now()
    FROM companies c
    WHERE NOT EXISTS (SELECT 1 FROM contract_templates t WHERE t.company_id = c.id)
    ON CONFLICT (company_id) WHERE is_default DO NOTHING`;
}

/** GET /api/contract_templates: the default first, then by name (a read: the default comes with the agency). */
export async function listContractTemplates(db: Db, companyId: number): Promise<{ items: ContractTemplate[] }> {
  const rows = await db.contractTemplate.findMany({
    where: contractTemplateWhere(companyId),
    select: contractTemplateSelect,
    orderBy: [{ isDefault: 'desc' }, { name: 'asc' }, { id: 'asc' }],
  });
  return { items: rows.map(toContractTemplateDto) };
}

const unsetDefault = (tx: Tx, companyId: number) =>
  tx.contractTemplate.updateMany({ where: { ...contractTemplateWhere(companyId), isDefault: true }, data: { isDefault: false } });

/** POST /api/contract_templates. The default is seeded first, so a new template never takes its place by accident. */
export async function createContractTemplate(db: Db, companyId: number, input: CreateContractTemplateInput): Promise<ContractTemplate> {
  if (input.is_default && !input.active) throw fieldError('active', CONTRACT_TEMPLATE_MESSAGES.defaultMustBeActive);
  return db.$transaction(async (tx) => {
    await lockTemplates(tx, companyId);
    await ensureDefaultTemplate(tx, companyId);
    if (input.is_default) await unsetDefault(tx, companyId);
    const row = await tx.contractTemplate.create({
      data: { companyId, name: input.name, body: input.body, isDefault: input.is_default, active: input.active },
      select: contractTemplateSelect,
    });
    return toContractTemplateDto(row);
  });
}

/**
 * PUT /api/contract_templates/{id}: the fields sent. Making it the default unsets the previous one
 * in the same transaction; the default cannot be unset (another one is made default instead) nor
 * deactivated, so generating without a template always finds one.
 */
export async function updateContractTemplate(
  db: Db,
  companyId: number,
  actor: { id: number },
  input: UpdateContractTemplateInput,
): Promise<ContractTemplate> {
  const { id } = input;
  return db.$transaction(async (tx) => {
    await lockTemplates(tx, companyId);
    await claimVersion(tx, { table: 'contract_templates', companyId, id, userId: actor.id, expected: input.version });
    const current = await tx.contractTemplate.findFirst({
      where: contractTemplateWhere(companyId, id),
      select: { isDefault: true, active: true },
    });
    if (!current) throw notFound();
    if (current.isDefault && input.is_default === false) throw fieldError('is_default', CONTRACT_TEMPLATE_MESSAGES.defaultMustStay);
    const isDefault = input.is_default ?? current.isDefault;
    if (isDefault && !(input.active ?? current.active)) throw fieldError('active', CONTRACT_TEMPLATE_MESSAGES.defaultMustBeActive);
    if (isDefault && !current.isDefault) await unsetDefault(tx, companyId);
    const row = await tx.contractTemplate.update({
      where: { id },
      data: { name: input.name, body: input.body, isDefault: input.is_default, active: input.active },
      select: contractTemplateSelect,
    });
    return toContractTemplateDto(row);
  });
}

/** The template a contract is generated from: the one chosen (the agency's and active) or the default. */
export async function templateForContract(tx: Tx, companyId: number, templateId: number | undefined) {
  const select = { id: true, name: true, body: true, active: true } as const;
  if (templateId !== undefined) {
    const chosen = await tx.contractTemplate.findFirst({ where: contractTemplateWhere(companyId, templateId), select });
    if (!chosen) throw fieldError('template_id', CONTRACT_TEMPLATE_MESSAGES.notFound);
    if (!chosen.active) throw fieldError('template_id', CONTRACT_TEMPLATE_MESSAGES.inactive);
    return chosen;
  }
  await ensureDefaultTemplate(tx, companyId);
  const fallback = await tx.contractTemplate.findFirst({
    where: { ...contractTemplateWhere(companyId), isDefault: true },
    select,
  });
  if (!fallback) throw fieldError('template_id', CONTRACT_TEMPLATE_MESSAGES.notFound);
  return fallback;
}
