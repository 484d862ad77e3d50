// The LGPD requests of a data subject, a client of the agency: everything held on them, and their
// anonymisation. Anonymising replaces the person's personal fields in every row of the agency that
// can hold them (the client, its passengers, acceptances, mailings) and then every occurrence of
// their name, CPF, e-mail and document numbers in any text of the agency's tables (a contract's
// text, a sale's frozen snapshot, a task's title), so the sale amounts and dates stay and the person
// is only a pseudonym. One transaction; the client's files leave the storage in a job after it.
import { type Db, Prisma } from '@app/db';
import {
  anonymisedName,
  DATA_SUBJECT_MESSAGES,
  formatCpf,
  MARKETING_CONSENT_SOURCE_LABELS,
  onlyDigits,
  PERSONAL_DATA_ACTION_LABELS,
  type PersonalDataAction,
  type PersonalDataExport,
  shortDate,
} from '@app/shared';
import { z } from 'zod';
import type { DocumentCipher } from '../../document-numbers';
import { AppError } from '../../errors';
import type { JobDefinition, JobQueue } from '../../platform/jobs';
import { clientWhere } from '../clients/clients.where';
import { recordPersonalDataAccess } from '../personal-data/personal-data.service';

type Tx = Prisma.TransactionClient;
/** Who asks, and from which address (the personal-data audit entry). */
export type DataSubjectCaller = { companyId: number; userId: number; ip: string };

/** The screens of a client's record in the access log (access-log-beacon.ts: a path's first segment). */
const CLIENT_SCREENS = ['clientes', 'clientes-pessoa-interna'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

async function findClient(db: Db | Tx, companyId: number, id: number) {
  const client = await db.client.findFirst({
    // Security-critical: the agency's own client only.
    where: clientWhere(companyId, id),
    include: { contacts: true, addresses: true, documents: true, attachments: true },
  });
  if (!client) throw new AppError('NOT_FOUND');
  return client;
}

/** The passengers that are the person: linked to the client, or typed by hand with their CPF or e-mail. */
function passengersOf(companyId: number, client: { id: number; cpf: string | null; email: string | null }): Prisma.BudgetPaxWhereInput {
  return {
    budget: { companyId },
    OR: [
      { clientId: client.id },
      ...(client.cpf ? [{ cpf: client.cpf }] : []),
      ...(client.email ? [{ email: { equals: client.email, mode: 'insensitive' as const } }] : []),
    ],
  };
}

/** The titular's own data, so document numbers in full (opened with `cipher`); recorded as a request and as a personal-data read. */
export async function exportPersonalData(
  db: Db,
  cipher: DocumentCipher,
  caller: DataSubjectCaller,
  id: number,
): Promise<PersonalDataExport> {
  const { companyId } = caller;
  const client = await findClient(db, companyId, id);
  const email = client.email?.toLowerCase() ?? null;
  const [company, companions, attendances, passengers, acceptances, budgetMails, saleMails, accesses, reads, requests] = await Promise.all([
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true, cnpj: true } }),
    db.clientCompanion.findMany({
      where: { companyId, clientId: id },
      select: { relationship: true, companion: { select: { name: true } } },
    }),
    db.attendance.findMany({
      where: { companyId, clientId: id },
      select: { id: true, title: true, destination: true, startDate: true, endDate: true, status: true, notes: true, createdAt: true },
      orderBy: { id: 'asc' },
    }),
    db.budgetPax.findMany({
      where: passengersOf(companyId, client),
      select: {
        budgetId: true,
        budget: { select: { title: true } },
        name: true,
        ageGroup: true,
        birthDate: true,
        documentType: true,
        documentNumberSealed: true,
        documentCountry: true,
        documentExpiresAt: true,
        cpf: true,
        email: true,
        phone: true,
      },
      orderBy: { budgetId: 'asc' },
    }),
    email
      ? db.budget.findMany({
          where: { companyId, acceptedByEmail: { equals: email, mode: 'insensitive' } },
          select: { id: true, acceptedByName: true, acceptedByEmail: true, acceptedAt: true },
        })
      : Promise.resolve([]),
    email ? db.budgetMailing.findMany({ where: { companyId, recipients: { has: email } }, orderBy: { id: 'asc' } }) : Promise.resolve([]),
    email ? db.saleMailing.findMany({ where: { companyId, recipients: { has: email } }, orderBy: { id: 'asc' } }) : Promise.resolve([]),
    db.$queryRaw<{ user: string; at: Date; ip_address: string | null }[]>`
      SELECT u.name AS "user", l.created_at AS at, l.ip_address
      FROM access_logs l JOIN users u ON u.id = l.user_id
      WHERE l.company_id = ${companyId} AND l.controller IN (${Prisma.join(CLIENT_SCREENS)}) AND l.resource_id = ${id}
      ORDER BY l.created_at DESC LIMIT 1000`,
    db.$queryRaw<{ user: string; action: string; detail: string | null; at: Date; ip_address: string | null }[]>`
      SELECT u.name AS "user", p.action, p.detail, p.created_at AS at, p.ip_address
      FROM personal_data_accesses p JOIN users u ON u.id = p.user_id
      WHERE p.company_id = ${companyId} AND p.record_type = 'client' AND p.record_id = ${id}
      ORDER BY p.created_at DESC LIMIT 1000`,
    db.$queryRaw<{ kind: string; user: string; at: Date }[]>`
      SELECT r.kind::text AS kind, u.name AS "user", r.created_at AS at
      FROM data_subject_requests r JOIN users u ON u.id = r.user_id
      WHERE r.company_id = ${companyId} AND r.client_id = ${id} ORDER BY r.created_at`,
  ]);
  await db.dataSubjectRequest.create({ data: { companyId, clientId: id, kind: 'export', userId: caller.userId } });
  await recordPersonalDataAccess(db, {
    companyId,
    userId: caller.userId,
    action: 'data_subject_export',
    recordType: 'client',
    recordId: id,
    detail: client.name,
    ipAddress: caller.ip,
  });
  const mail = (kind: string) => (m: (typeof budgetMails)[number] | (typeof saleMails)[number]) => ({
    kind,
    budget_id: m.budgetId,
    recipients: m.recipients,
    message: m.message,
    sent_at: iso(m.sentAt),
    created_at: m.createdAt.toISOString(),
  });
  return {
    generated_at: new Date().toISOString(),
    agency: company,
    client: {
      id: client.id,
      kind: client.kind,
      name: client.name,
      cpf: client.cpf,
      cnpj: client.cnpj,
      email: client.email,
      phone: client.phone,
      birth_date: day(client.birthDate),
      notes: client.notes,
      is_active: client.isActive,
      marketing_consent_at: iso(client.marketingConsentAt),
      marketing_consent_source: client.marketingConsentSource ? MARKETING_CONSENT_SOURCE_LABELS[client.marketingConsentSource] : null,
      marketing_consent_withdrawn_at: iso(client.marketingConsentWithdrawnAt),
      created_at: client.createdAt.toISOString(),
      updated_at: client.updatedAt.toISOString(),
    },
    contacts: client.contacts.map(({ clientId: _c, ...c }) => c),
    addresses: client.addresses.map(({ clientId: _c, postalCode, ...a }) => ({ ...a, postal_code: postalCode })),
    documents: client.documents.map((d) => ({
      type: d.type,
      number: cipher.open(d.numberSealed),
      country: d.country,
      issued_at: day(d.issuedAt),
      expires_at: day(d.expiresAt),
    })),
    attachments: client.attachments.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      size: a.size,
      created_at: a.createdAt.toISOString(),
    })),
    companions: companions.map((c) => ({ name: c.companion.name, relationship: c.relationship })),
    attendances: attendances.map((a) => ({
      id: a.id,
      title: a.title,
      destination: a.destination,
      start_date: day(a.startDate),
      end_date: day(a.endDate),
      status: a.status,
      notes: a.notes,
      created_at: a.createdAt.toISOString(),
    })),
    budget_passengers: passengers.map((p) => ({
      budget_id: p.budgetId,
      budget_title: p.budget.title,
      name: p.name,
      age_group: p.ageGroup,
      birth_date: day(p.birthDate),
      document_type: p.documentType,
      document_number: p.documentNumberSealed ? cipher.open(p.documentNumberSealed) : null,
      document_country: p.documentCountry,
      document_expires_at: day(p.documentExpiresAt),
      cpf: p.cpf,
      email: p.email,
      phone: p.phone,
    })),
    acceptances: acceptances.map((b) => ({
      budget_id: b.id,
      name: b.acceptedByName,
      email: b.acceptedByEmail,
      accepted_at: iso(b.acceptedAt),
    })),
    emails: [...budgetMails.map(mail('orçamento')), ...saleMails.map(mail('venda'))],
    accesses: accesses.map((a) => ({ user: a.user, at: a.at.toISOString(), ip_address: a.ip_address })),
    personal_data_reads: reads.map((r) => ({
      user: r.user,
      action: PERSONAL_DATA_ACTION_LABELS[r.action as PersonalDataAction] ?? r.action,
      detail: r.detail,
      at: r.at.toISOString(),
      ip_address: r.ip_address,
    })),
    requests: requests.map((r) => ({ kind: r.kind, user: r.user, at: r.at.toISOString() })),
  };
}

/** Deletes the files a client had (after the anonymisation committed): a retry finds nothing left. */
export const deleteClientFilesJob: JobDefinition<{ keys: string[] }> = {
  name: 'data-subjects.delete-files',
  payload: z.strictObject({ keys: z.array(z.string()).max(10_000) }),
  async handle({ keys }, { storage }) {
    for (const key of keys) await storage.delete(key);
  },
};

export const dataSubjectsJobs = [deleteClientFilesJob] as JobDefinition<unknown>[];

/**
 * The texts that tell who the person is, to be replaced wherever they appear. A name of one short
 * word ("Ana") would hit other words, so only a full name counts; documents shorter than 5
 * characters likewise.
 */
function needles(client: { name: string; cpf: string | null; cnpj: string | null; email: string | null }, documents: string[]): string[] {
  const name = client.name.trim();
  const found = new Set<string>();
  if (name.includes(' ') && name.length >= 6) found.add(name);
  if (client.cpf) {
    found.add(onlyDigits(client.cpf));
    found.add(formatCpf(client.cpf));
  }
  if (client.email) found.add(client.email.trim());
  for (const d of documents) if (d.trim().length >= 5) found.add(d.trim());
  // JSON texts are rewritten as text: a needle with a quote or a backslash could break them.
  return [...found].filter((n) => n && !/["\\]/.test(n));
}

/** Every text, text[] and jsonb column of the tables that belong to an agency (they carry company_id). */
async function tenantTextColumns(tx: Tx): Promise<{ table: string; column: string; type: string }[]> {
  return tx.$queryRaw`
    SELECT c.table_name AS "table", c.column_name AS "column", c.data_type AS "type"
    FROM information_schema.columns c
    JOIN information_schema.columns k ON k.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = 'company_id'
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema()
      AND (c.data_type IN ('text', 'character varying', 'jsonb') OR (c.data_type = 'ARRAY' AND c.udt_name = '_text'))
      AND c.table_name <> 'companies'
    ORDER BY 1, 2`;
}

/** Replaces each needle by `pseudonym` in one column of the agency's rows that contain any: one statement per column. */
async function replaceEverywhere(
  tx: Tx,
  companyId: number,
  col: { table: string; column: string; type: string },
  texts: string[],
  pseudonym: string,
) {
  const table = Prisma.raw(`"${col.table}"`);
  const column = Prisma.raw(`"${col.column}"`);
  const patterns = texts.map((n) => `%${n.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const replaced = (value: Prisma.Sql) => texts.reduce((sql, needle) => Prisma.sql`replace(${sql}, ${needle}, ${pseudonym})`, value);
  if (col.type === 'jsonb') {
    await tx.$executeRaw`UPDATE ${table} SET ${column} = ${replaced(Prisma.sql`${column}::text`)}::jsonb
      WHERE company_id = ${companyId} AND ${column}::text LIKE ANY (${patterns})`;
  } else if (col.type === 'ARRAY') {
    await tx.$executeRaw`UPDATE ${table} SET ${column} = (SELECT array_agg(${replaced(Prisma.sql`x`)} ORDER BY i) FROM unnest(${column}) WITH ORDINALITY AS u(x, i))
      WHERE company_id = ${companyId} AND array_to_string(${column}, ' ') LIKE ANY (${patterns})`;
  } else {
    await tx.$executeRaw`UPDATE ${table} SET ${column} = ${replaced(Prisma.sql`${column}`)}
      WHERE company_id = ${companyId} AND ${column} LIKE ANY (${patterns})`;
  }
}

/** The end of a sold trip of the person that has not ended yet, if any (anonymising it would stop its operation). */
async function tripInProgress(tx: Tx, companyId: number, client: { id: number; cpf: string | null; email: string | null }) {
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
  const budget = await tx.budget.findFirst({
    where: {
      companyId,
      status: 'sold',
      OR: [{ clientId: client.id }, { paxes: { some: passengersOf(companyId, client) } }],
      AND: [{ OR: [{ endDate: { gte: new Date(today) } }, { endDate: null, startDate: { gte: new Date(today) } }] }],
    },
    select: { endDate: true, startDate: true },
    orderBy: { endDate: 'desc' },
  });
  return budget ? (budget.endDate ?? budget.startDate) : null;
}

export async function anonymiseClient(db: Db, cipher: DocumentCipher, jobs: JobQueue, caller: DataSubjectCaller, id: number) {
  const { companyId } = caller;
  const pseudonym = anonymisedName(id);
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT 1 FROM clients WHERE id = ${id} AND company_id = ${companyId} FOR UPDATE`;
      const client = await findClient(tx, companyId, id);
      if (client.name === pseudonym) throw new AppError('CONFLICT', { message: DATA_SUBJECT_MESSAGES.alreadyAnonymised });
      const end = await tripInProgress(tx, companyId, client);
      if (end) throw new AppError('CONFLICT', { message: DATA_SUBJECT_MESSAGES.tripInProgress(shortDate(day(end) ?? '')) });

      const paxWhere = passengersOf(companyId, client);
      const paxDocuments = await tx.budgetPax.findMany({
        where: { ...paxWhere, documentNumberSealed: { not: null } },
        select: { documentNumberSealed: true },
      });
      const texts = needles(client, [
        ...client.documents.map((d) => cipher.open(d.numberSealed)),
        ...paxDocuments.flatMap((p) => (p.documentNumberSealed ? [cipher.open(p.documentNumberSealed)] : [])),
      ]);

      await tx.budgetPax.updateMany({
        where: paxWhere,
        data: {
          name: pseudonym,
          birthDate: null,
          documentType: null,
          documentNumberSealed: null,
          documentNumberHash: null,
          documentCountry: null,
          documentExpiresAt: null,
          cpf: null,
          email: null,
          phone: null,
        },
      });
      if (client.email) {
        const email = client.email;
        await tx.budget.updateMany({
          where: { companyId, acceptedByEmail: { equals: email, mode: 'insensitive' } },
          data: { acceptedByName: pseudonym, acceptedByEmail: null },
        });
        for (const table of ['budget_mailings', 'sale_mailings']) {
          await tx.$executeRaw`UPDATE ${Prisma.raw(table)} SET recipients = array_remove(recipients, ${email})
            WHERE company_id = ${companyId} AND ${email} = ANY (recipients)`;
        }
        // The embedded mail log (no SMTP): what was sent to the person.
        await tx.outboxMail.deleteMany({ where: { to: { contains: email, mode: 'insensitive' } } });
      }
      await tx.clientContact.deleteMany({ where: { clientId: id } });
      await tx.clientAddress.deleteMany({ where: { clientId: id } });
      await tx.clientDocument.deleteMany({ where: { clientId: id } });
      await tx.clientAttachment.deleteMany({ where: { clientId: id } });
      await tx.clientCompanion.deleteMany({ where: { companyId, OR: [{ clientId: id }, { companionClientId: id }] } });
      await tx.client.update({
        where: { id },
        data: { name: pseudonym, cpf: null, cnpj: null, email: null, phone: null, birthDate: null, notes: null, isActive: false },
      });
      // What other texts still say of the person: contracts, snapshots, titles, notes, logs.
      if (texts.length) {
        const columns = await tenantTextColumns(tx);
        for (const column of columns) await replaceEverywhere(tx, companyId, column, texts, pseudonym);
      }
      await tx.dataSubjectRequest.create({ data: { companyId, clientId: id, kind: 'anonymise', userId: caller.userId } });
      const keys = client.attachments.map((a) => a.fileKey);
      if (keys.length) await jobs.enqueueIn(tx, deleteClientFilesJob, { keys });
      return { id, name: pseudonym, message: DATA_SUBJECT_MESSAGES.anonymised };
    },
    { timeout: 60_000 },
  );
}
