// Personal data under the LGPD: the document numbers kept sealed (the startup step and the reseal
// job), the audit entries of who read or moved personal data, and the period the agency keeps them.
import { type Db, Prisma } from '@app/db';
import { BUSINESS_TIME_ZONE, type PersonalDataAction, type PersonalDataReport, type PersonalDataReportInput } from '@app/shared';
import type { DocumentCipher } from '../../document-numbers';

export type PersonalDataAccessEntry = {
  companyId: number;
  userId: number;
  action: PersonalDataAction;
  recordType: string;
  recordId?: number | null;
  detail?: string | null;
  ipAddress?: string | null;
};

/** One audit entry: written with the read it records, so a read that fails records nothing. */
export async function recordPersonalDataAccess(db: Db | Prisma.TransactionClient, entry: PersonalDataAccessEntry) {
  await db.personalDataAccess.create({
    data: {
      companyId: entry.companyId,
      userId: entry.userId,
      action: entry.action,
      recordType: entry.recordType,
      recordId: entry.recordId ?? null,
      detail: entry.detail ?? null,
      ipAddress: entry.ipAddress ?? null,
    },
  });
}

const SEAL_BATCH = 500;

type SealCounts = { sealed: number; resealed: number; unreadable: number };

/**
 * Every document number sealed under the current key: a row still in plaintext (no hash yet: rows
 * written before the migration 20261128123010_document_number_encryption) is sealed and hashed, a
 * row sealed under a previous key is opened and sealed again with its hash recomputed. Idempotent:
 * a rerun finds nothing to do. A row under a key the configuration does not hold is left as it is
 * and counted (unreadable) instead of stopping the start.
 */
export async function sealDocumentNumbers(db: Db, cipher: DocumentCipher): Promise<SealCounts> {
  const counts: SealCounts = { sealed: 0, resealed: 0, unreadable: 0 };
  const current = `v1:${cipher.keyId}:%`;
  const reseal = (value: string, hash: string | null) => {
    if (hash === null) return { plain: value, kind: 'sealed' as const };
    return { plain: cipher.open(value), kind: 'resealed' as const };
  };
  for (const table of ['client_documents', 'budget_paxes'] as const) {
    const [valueCol, hashCol] =
      table === 'client_documents' ? ['number_sealed', 'number_hash'] : ['document_number_sealed', 'document_number_hash'];
    let lastId = 0;
    for (;;) {
      const rows = await db.$queryRaw<{ id: number; value: string; hash: string | null }[]>`
        SELECT id, ${Prisma.raw(valueCol)} AS value, ${Prisma.raw(hashCol)} AS hash FROM ${Prisma.raw(table)}
        WHERE id > ${lastId} AND ${Prisma.raw(valueCol)} IS NOT NULL
          AND (${Prisma.raw(hashCol)} IS NULL OR ${Prisma.raw(valueCol)} NOT LIKE ${current})
        ORDER BY id LIMIT ${SEAL_BATCH}`;
      if (!rows.length) break;
      lastId = rows[rows.length - 1]?.id ?? lastId;
      for (const row of rows) {
        let next: { plain: string; kind: 'sealed' | 'resealed' };
        try {
          next = reseal(row.value, row.hash);
        } catch {
          counts.unreadable += 1;
          continue;
        }
        // Only the row as read is rewritten: a write in between (already sealed anew) is kept.
        const n = await db.$executeRaw`
          UPDATE ${Prisma.raw(table)} SET ${Prisma.raw(valueCol)} = ${cipher.seal(next.plain)}, ${Prisma.raw(hashCol)} = ${cipher.hash(next.plain)}
          WHERE id = ${row.id} AND ${Prisma.raw(valueCol)} = ${row.value}`;
        if (n) counts[next.kind] += 1;
      }
    }
  }
  return counts;
}

/** GET /api/personal-data/report: the entries of the period (business days, both included), newest first. */
export async function personalDataReport(db: Db, companyId: number, input: PersonalDataReportInput): Promise<PersonalDataReport> {
  const [rows, company] = await Promise.all([
    db.$queryRaw<
      {
        id: string;
        user_id: number;
        user_name: string | null;
        action: PersonalDataAction;
        record_type: string;
        record_id: number | null;
        detail: string | null;
        ip_address: string | null;
        created_at: string;
      }[]
    >`
      SELECT a.id::text AS id, a.user_id, u.name AS user_name, a.action, a.record_type, a.record_id, a.detail, a.ip_address,
        to_char(a.created_at, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
      FROM personal_data_accesses a LEFT JOIN users u ON u.id = a.user_id AND u.company_id = ${companyId}
      WHERE a.company_id = ${companyId}
        AND ((a.created_at AT TIME ZONE 'UTC') AT TIME ZONE ${BUSINESS_TIME_ZONE}::text)::date BETWEEN ${input.start_date}::date AND ${input.end_date}::date
      ORDER BY a.created_at DESC, a.id DESC
      LIMIT 2000`,
    db.company.findUniqueOrThrow({ where: { id: companyId }, select: { personalDataRetentionDays: true } }),
  ]);
  return { entries: rows, retention_days: company.personalDataRetentionDays };
}

/** PUT /api/personal-data/retention: the owner's period; the daily prune applies it. */
export async function setPersonalDataRetention(db: Db, companyId: number, retentionDays: number) {
  const company = await db.company.update({
    where: { id: companyId },
    data: { personalDataRetentionDays: retentionDays },
    select: { personalDataRetentionDays: true },
  });
  return { retention_days: company.personalDataRetentionDays };
}

/** The entries older than each agency's period; a rerun finds nothing more to delete. */
export async function deleteExpiredPersonalDataAccesses(db: Db, now = new Date()): Promise<number> {
  return db.$executeRaw`
    DELETE FROM personal_data_accesses a USING companies c
    WHERE c.id = a.company_id AND a.created_at < ${now.toISOString()}::timestamp - make_interval(days => c.personal_data_retention_days)`;
}
