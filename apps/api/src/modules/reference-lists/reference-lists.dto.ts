import type { ReferenceFieldValue, ReferenceItem, SystemItem } from '@app/shared';
import type { ItemRow } from './reference-queries';

const fieldsOf = (fields: unknown) => (fields ?? {}) as Record<string, ReferenceFieldValue>;

/** `editable`: the caller keeps the row (an agency its own rows, super_admin the system's). */
export function toReferenceItem(row: ItemRow, keepsSystemRows: boolean): ReferenceItem {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    parent_id: row.parent_id,
    parent: row.parent_id === null ? null : { id: row.parent_id, name: row.parent_name ?? '', code: row.parent_code },
    fields: fieldsOf(row.fields),
    is_active: row.is_active,
    is_system: row.is_system,
    editable: row.is_system === keepsSystemRows,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toSystemItem(row: ItemRow): SystemItem {
  return { id: row.id, name: row.name, code: row.code, fields: fieldsOf(row.fields) };
}
