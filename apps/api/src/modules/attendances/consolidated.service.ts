import { randomUUID } from 'node:crypto';
import type { Db, Prisma } from '@app/db';
import { type Consolidated, consolidatedFileUrl, convertCents, FILE_EXTENSIONS } from '@app/shared';
import type { Deps } from '../../deps';
import { notFound } from '../../errors';
import { claimVersion } from '../../versions';
import { attendanceSalesWhere } from '../sales/sales.where';
import type { UploadedFile } from '../uploads/uploaded-file';
import { toTripDto } from './attendances.dto';
import { tripSelect } from './attendances.select';
import { type Changes, writeLog } from './attendances.service';
import { attendanceWhere, lockAttendance } from './attendances.where';

const consolidatedSelect = {
  id: true,
  title: true,
  status: true,
  ...tripSelect,
  valueCents: true,
  consolidatedNotes: true,
  consolidatedFileKey: true,
  consolidatedFilename: true,
  consolidatedContentType: true,
  consolidatedSize: true,
  consolidatedAt: true,
  version: true,
  client: { select: { id: true, name: true } },
  owner: { select: { id: true, name: true } },
} satisfies Prisma.AttendanceSelect;
type ConsolidatedRow = Prisma.AttendanceGetPayload<{ select: typeof consolidatedSelect }>;

const consolidatedSaleSelect = {
  budgetId: true,
  budget: { select: { title: true } },
  proposal: { select: { title: true } },
  currency: true,
  currencyRate: true,
  saleCents: true,
  soldAt: true,
  seller: { select: { id: true, name: true } },
} satisfies Prisma.SaleSelect;
type ConsolidatedSaleRow = Prisma.SaleGetPayload<{ select: typeof consolidatedSaleSelect }>;

async function readSales(db: Db | Prisma.TransactionClient, companyId: number, id: number): Promise<ConsolidatedSaleRow[]> {
  return db.sale.findMany({ where: attendanceSalesWhere(companyId, id), select: consolidatedSaleSelect, orderBy: { soldAt: 'asc' } });
}

function toConsolidatedDto(a: ConsolidatedRow, sales: ConsolidatedSaleRow[]): Consolidated {
  return {
    attendance_id: a.id,
    title: a.title,
    status: a.status,
    client: a.client,
    owner: a.owner,
    ...toTripDto(a),
    value_cents: a.valueCents,
    version: a.version,
    sales: sales.map((s) => ({
      budget_id: s.budgetId,
      budget_title: s.budget.title,
      proposal_title: s.proposal?.title ?? null,
      currency: s.currency,
      sale_cents: s.saleCents,
      value_cents: convertCents(s.saleCents, s.currency, 'BRL', { [s.currency]: s.currencyRate.toNumber() }),
      sold_at: s.soldAt.toISOString(),
      seller: s.seller,
    })),
    notes: a.consolidatedNotes,
    file:
      a.consolidatedFileKey && a.consolidatedFilename && a.consolidatedContentType && a.consolidatedSize !== null
        ? {
            filename: a.consolidatedFilename,
            content_type: a.consolidatedContentType,
            size: a.consolidatedSize,
            url: consolidatedFileUrl(a.id),
          }
        : null,
    updated_at: a.consolidatedAt?.toISOString() ?? null,
  };
}

/** The closing summary of the trip: travel data, value, notes and the consolidated document. */
export async function getConsolidated(db: Db, companyId: number, id: number): Promise<Consolidated> {
  const row = await db.attendance.findFirst({ where: attendanceWhere(companyId, id), select: consolidatedSelect });
  if (!row) throw notFound();
  return toConsolidatedDto(row, await readSales(db, companyId, id));
}

/**
 * Replaces the consolidated document and/or its notes, logged like every attendance change. The
 * new file is written before the commit and removed if the transaction fails; the old one is
 * removed once the new one is committed. `version`: the attendance's version the agent's screen
 * read; a stale one answers 409 and changes nothing (an edit bumps it, as any attendance edit).
 */
export async function updateConsolidated(
  s: Deps,
  companyId: number,
  actor: { id: number },
  id: number,
  update: { notes?: string | null; file?: UploadedFile; version?: number },
): Promise<Consolidated> {
  const key = update.file ? `consolidated/${companyId}/${randomUUID()}.${FILE_EXTENSIONS[update.file.contentType]}` : undefined;
  try {
    const { result, replacedKey } = await s.db.$transaction(async (tx) => {
      if (!(await lockAttendance(tx, companyId, id))) throw notFound();
      // A stale write is refused as such first; without a version, only a real edit bumps it.
      const claim = { table: 'attendances', companyId, id, userId: actor.id, expected: update.version } as const;
      if (update.version !== undefined) await claimVersion(tx, claim);
      const before = await tx.attendance.findUniqueOrThrow({ where: { id }, select: consolidatedSelect });
      const data: Prisma.AttendanceUpdateInput = { consolidatedAt: new Date() };
      const changes: Changes = {};
      if (update.notes !== undefined && update.notes !== before.consolidatedNotes) {
        data.consolidatedNotes = update.notes;
        changes.consolidated_notes = { from: before.consolidatedNotes, to: update.notes };
      }
      if (update.file && key) {
        await s.platform.storage.put(key, update.file.data);
        Object.assign(data, {
          consolidatedFileKey: key,
          consolidatedFilename: update.file.filename,
          consolidatedContentType: update.file.contentType,
          consolidatedSize: update.file.data.length,
        });
        changes.consolidated_file = { from: before.consolidatedFilename, to: update.file.filename };
      }
      const sales = await readSales(tx, companyId, id);
      if (Object.keys(changes).length === 0) return { result: toConsolidatedDto(before, sales), replacedKey: null };
      if (update.version === undefined) await claimVersion(tx, claim);
      const after = await tx.attendance.update({ where: { id }, data, select: consolidatedSelect });
      await writeLog(tx, companyId, id, actor.id, 'consolidated_updated', changes);
      return { result: toConsolidatedDto(after, sales), replacedKey: update.file ? before.consolidatedFileKey : null };
    });
    if (replacedKey) await s.platform.storage.delete(replacedKey);
    return result;
  } catch (error) {
    if (key) await s.platform.storage.delete(key);
    throw error;
  }
}

export async function consolidatedFile(s: Deps, companyId: number, id: number) {
  const row = await s.db.attendance.findFirst({
    where: attendanceWhere(companyId, id),
    select: { consolidatedFileKey: true, consolidatedFilename: true, consolidatedContentType: true },
  });
  const stored = row?.consolidatedFileKey ? await s.platform.storage.get(row.consolidatedFileKey) : null;
  if (!row || !stored) throw notFound();
  return {
    ...stored,
    filename: row.consolidatedFilename ?? 'consolidado',
    contentType: row.consolidatedContentType ?? 'application/octet-stream',
  };
}
