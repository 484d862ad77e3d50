import type { Prisma } from '@app/db';
import { IMPORT_FIELDS, type Import } from '@app/shared';

export const importSelect = {
  id: true,
  kind: true,
  status: true,
  filename: true,
  format: true,
  encoding: true,
  delimiter: true,
  headers: true,
  mapping: true,
  updateExisting: true,
  totalRows: true,
  processedRows: true,
  createdCount: true,
  updatedCount: true,
  rejectedCount: true,
  error: true,
  startedAt: true,
  finishedAt: true,
  createdAt: true,
} satisfies Prisma.ImportSelect;

type ImportRow = Prisma.ImportGetPayload<{ select: typeof importSelect }>;

export function toImportListItem(i: Omit<ImportRow, 'headers' | 'mapping'>): Omit<Import, 'fields' | 'headers' | 'mapping'> {
  return {
    id: i.id,
    kind: i.kind,
    status: i.status,
    filename: i.filename,
    format: i.format,
    encoding: i.encoding,
    delimiter: i.delimiter,
    update_existing: i.updateExisting,
    total_rows: i.totalRows,
    processed_rows: i.processedRows,
    created_count: i.createdCount,
    updated_count: i.updatedCount,
    rejected_count: i.rejectedCount,
    error: i.error,
    started_at: i.startedAt?.toISOString() ?? null,
    finished_at: i.finishedAt?.toISOString() ?? null,
    created_at: i.createdAt.toISOString(),
  };
}

export function toImportDto(i: ImportRow): Import {
  return {
    ...toImportListItem(i),
    headers: i.headers,
    mapping: i.mapping as Record<string, number>,
    fields: IMPORT_FIELDS[i.kind].map((f) => ({ key: f.key, label: f.label, required: f.required, hint: f.hint ?? null })),
  };
}
