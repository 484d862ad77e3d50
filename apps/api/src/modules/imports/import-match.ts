// Which valid rows are already in the agency: one lookup per batch of rows (never a query per row),
// always inside the importing company, then each row's outcome: created, updated (when the user
// asked for it) or rejected as already there.
import type { ClientKind, Db, Prisma } from '@app/db';
import type { ImportKind } from '@app/shared';
import { type CheckedRow, type ImportRecord, keyLabels, REASONS } from './import-rows';

type Tx = Db | Prisma.TransactionClient;

export type ExistingRecord = { id: number; kind: ClientKind; cpf: string | null; cnpj: string | null; email: string | null; name: string };

export type RowOutcome = { action: 'create' } | { action: 'update'; id: number } | { action: 'reject'; reasons: string[] };

const uniq = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Security-critical: the records of `companyId` a batch could match: by CPF/CNPJ, by e-mail, and
 * by name those with neither (each branch its own index walk).
 */
export async function findExisting(db: Tx, companyId: number, kind: ImportKind, records: ImportRecord[]): Promise<ExistingRecord[]> {
  if (records.length === 0) return [];
  const cpfs = uniq(records.map((r) => r.cpf));
  const cnpjs = uniq(records.map((r) => r.cnpj));
  const emails = uniq(records.map((r) => r.email));
  const names = uniq(records.filter((r) => !r.cpf && !r.cnpj && !r.email).map((r) => r.name));
  if (kind === 'suppliers') {
    return db.$queryRaw<ExistingRecord[]>`
      SELECT id, kind, cpf, cnpj, email, name FROM suppliers WHERE company_id = ${companyId}::int AND cpf = ANY(${cpfs}::text[])
      UNION SELECT id, kind, cpf, cnpj, email, name FROM suppliers WHERE company_id = ${companyId}::int AND cnpj = ANY(${cnpjs}::text[])
      UNION SELECT id, kind, cpf, cnpj, email, name FROM suppliers WHERE company_id = ${companyId}::int AND email = ANY(${emails}::text[])
      UNION SELECT id, kind, cpf, cnpj, email, name FROM suppliers WHERE company_id = ${companyId}::int AND name = ANY(${names}::text[])
        AND cpf IS NULL AND cnpj IS NULL AND email IS NULL`;
  }
  return db.$queryRaw<ExistingRecord[]>`
    SELECT id, kind, cpf, cnpj, email, name FROM clients WHERE company_id = ${companyId}::int AND cpf = ANY(${cpfs}::text[])
    UNION SELECT id, kind, cpf, cnpj, email, name FROM clients WHERE company_id = ${companyId}::int AND cnpj = ANY(${cnpjs}::text[])
    UNION SELECT id, kind, cpf, cnpj, email, name FROM clients WHERE company_id = ${companyId}::int AND email = ANY(${emails}::text[])
    UNION SELECT id, kind, cpf, cnpj, email, name FROM clients WHERE company_id = ${companyId}::int AND name = ANY(${names}::text[])
      AND cpf IS NULL AND cnpj IS NULL AND email IS NULL`;
}

/**
 * Each checked row's outcome against the records found. A row matches the record with its CPF/CNPJ;
 * without a match there, one with its e-mail (a row with a document only a record without one);
 * with neither, a record with neither and its exact name. Records of another kind are never
 * matched by e-mail or name (a supplier row without a document has no kind of its own). A record
 * is matched once (`claimed`, kept across the calls of one pass).
 */
export function rowOutcomes(
  kind: ImportKind,
  rows: CheckedRow[],
  existing: ExistingRecord[],
  opts: { updateExisting: boolean; claimed: Set<number> },
): RowOutcome[] {
  const labels = keyLabels(kind);
  const byDocument = new Map<string, ExistingRecord>();
  for (const e of existing) {
    if (e.cpf) byDocument.set(e.cpf, e);
    if (e.cnpj) byDocument.set(e.cnpj, e);
  }
  // Records without a document first: they are what an e-mail stands in for.
  const ordered = [...existing].sort((a, b) => Number(!!(a.cpf ?? a.cnpj)) - Number(!!(b.cpf ?? b.cnpj)) || a.id - b.id);
  const byEmail = groupBy(ordered, (e) => e.email);
  const byName = groupBy(
    ordered.filter((e) => !e.cpf && !e.cnpj && !e.email),
    (e) => e.name,
  );
  return rows.map((row): RowOutcome => {
    const record = row.record;
    if (!record) return { action: 'reject', reasons: row.reasons };
    const document = record.cpf ?? record.cnpj;
    const sameKind = (e: ExistingRecord) => e.kind === record.kind || (kind === 'suppliers' && !document);
    const free = (e: ExistingRecord) => !opts.claimed.has(e.id) && sameKind(e);
    let match: { record: ExistingRecord; label: string } | undefined;
    const byDoc = document ? byDocument.get(document) : undefined;
    if (byDoc) match = { record: byDoc, label: labels.document };
    if (!match && record.email) {
      const found = byEmail.get(record.email)?.find((e) => free(e) && (!document || !(e.cpf ?? e.cnpj)));
      if (found) match = { record: found, label: labels.email };
    }
    if (!match && !document && !record.email) {
      const found = byName.get(record.name)?.find(free);
      if (found) match = { record: found, label: labels.name };
    }
    if (!match) return { action: 'create' };
    opts.claimed.add(match.record.id);
    return opts.updateExisting ? { action: 'update', id: match.record.id } : { action: 'reject', reasons: [REASONS.existing(match.label)] };
  });
}

function groupBy<T>(items: T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
