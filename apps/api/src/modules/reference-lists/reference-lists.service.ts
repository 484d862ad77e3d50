import { type Db, Prisma, queryRows, type RowOf } from '@app/db';
import { searchSource, uniqueCodeOf } from '@app/db/reference-lists';
import {
  buildPagination,
  CLIENT_FIELD_MESSAGES,
  type ReferenceFieldsInput,
  type ReferenceItemCreate,
  type ReferenceItemUpdate,
  type ReferenceListKey,
  type ReferenceListQuery,
  referenceList,
  type StoredListKey,
  type SystemListKey,
  type SystemListQuery,
  TAKEN_MESSAGE,
} from '@app/shared';
import { AppError, fieldError, notFound } from '../../errors';
import { keptReadsOf, readThrough } from '../../platform/kept-reads';
import { toReferenceItem, toSystemItem } from './reference-lists.dto';
import { type ListCaller, ownerOf, parentWhere, referenceItemWhere } from './reference-lists.where';
import { autocompleteQuery, itemQuery, listCountQuery, listPageQuery, pageSizeOf } from './reference-queries';

const keepsSystemRows = (caller: ListCaller) => ownerOf(caller) === null;

/** A trigger on reference_items notifies here at every change (migration reference_changes). */
export const REFERENCE_CHANNEL = 'reference_changes';

type AutocompleteRow = RowOf<ReturnType<typeof autocompleteQuery>>;

/**
 * A list screen's page (every row the caller sees, inactive ones included unless filtered), or in
 * autocomplete mode a picker's best active matches, without a count.
 */
export async function listReferenceItems(db: Db, caller: ListCaller, list: ReferenceListKey, input: ReferenceListQuery) {
  const toItem = (row: Parameters<typeof toReferenceItem>[0]) => toReferenceItem(row, keepsSystemRows(caller));
  if (input.autocomplete === 'true') {
    const query = autocompleteQuery(list, caller.companyId, input);
    // A picker's matches are kept by the statement and its values until a list row changes.
    const key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    const rows = await readThrough(keptReadsOf<string, AutocompleteRow[]>(db, REFERENCE_CHANNEL, 2_000), key, () => queryRows(db, query));
    return { items: (rows ?? []).map(toItem), pagination: null };
  }
  const [rows, [total]] = await Promise.all([
    queryRows(db, listPageQuery(list, caller.companyId, input)),
    queryRows(db, listCountQuery(list, caller.companyId, input)),
  ]);
  return { items: rows.map(toItem), pagination: buildPagination(input.page, pageSizeOf(input), total?.count ?? 0) };
}

/** A read-only system list (currencies, languages...): only system rows exist in it. */
export async function listSystemItems(db: Db, companyId: number, list: SystemListKey, input: SystemListQuery) {
  const [rows, [total]] = await Promise.all([
    queryRows(db, listPageQuery(list, companyId, input)),
    queryRows(db, listCountQuery(list, companyId, input)),
  ]);
  return { items: rows.map(toSystemItem), pagination: buildPagination(input.page, input.per_page, total?.count ?? 0) };
}

async function getItem(db: Db, caller: ListCaller, id: number) {
  const [row] = await queryRows(db, itemQuery(id, caller.companyId));
  if (!row) throw notFound();
  return toReferenceItem(row, keepsSystemRows(caller));
}

/** A parent must be a row of the declared parent list that the row's owner sees, and active when newly set. */
async function assertParent(db: Db, list: ReferenceListKey, owner: number | null, parentId: number | null | undefined) {
  const parentList = referenceList(list).parent?.list;
  if (parentId === null || parentId === undefined || !parentList) return;
  const parent = await db.referenceItem.findFirst({ where: parentWhere(parentList, owner, parentId), select: { isActive: true } });
  if (!parent) throw fieldError('parent_id', CLIENT_FIELD_MESSAGES.notFound);
  if (!parent.isActive) throw fieldError('parent_id', CLIENT_FIELD_MESSAGES.inactive);
}

/** A code the list keeps unique, already used by another row of the same owner, answers 'has already been taken'. */
async function assertCodeFree(db: Db, list: StoredListKey, owner: number | null, code: string | null, exceptId?: number) {
  const uniqueCode = uniqueCodeOf(list, code);
  if (uniqueCode === null) return;
  const other = await db.referenceItem.findFirst({
    where: { list, companyId: owner, uniqueCode, ...(exceptId ? { NOT: { id: exceptId } } : {}) },
    select: { id: true },
  });
  if (other) throw fieldError('code', TAKEN_MESSAGE);
}

/** Two requests racing past the check above meet the unique index; answer as the check would. */
function takenFromUniqueViolation(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw fieldError('code', TAKEN_MESSAGE);
  throw error;
}

/** The stored fields: the sent ones over the current ones, a null clearing its key. */
function mergeFields(current: ReferenceFieldsInput, sent: ReferenceFieldsInput | undefined) {
  const merged = { ...current, ...sent };
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== null && value !== undefined)) as Record<
    string,
    string | number
  >;
}

/** Derived columns of a row's values: its unique code and search text. */
function derived(list: StoredListKey, values: { name: string; code: string | null; fields: Record<string, string | number> }) {
  return { uniqueCode: uniqueCodeOf(list, values.code), searchText: searchSource(list, values) };
}

/** An agency's row, or a system row when super_admin creates it. */
export async function createReferenceItem(db: Db, caller: ListCaller, list: ReferenceListKey, input: ReferenceItemCreate) {
  const owner = ownerOf(caller);
  const values = { name: input.name, code: input.code ?? null, fields: mergeFields({}, input.fields) };
  await assertParent(db, list, owner, input.parent_id);
  await assertCodeFree(db, list, owner, values.code);
  const row = await db.referenceItem
    .create({
      data: { list, companyId: owner, ...values, parentId: input.parent_id ?? null, ...derived(list, values) },
      select: { id: true },
    })
    .catch(takenFromUniqueViolation);
  return getItem(db, caller, row.id);
}

/**
 * Changes the fields sent; `is_active` deactivates or reactivates. Another agency's row is not
 * found (404), like a missing one; a system row is seen by every agency but kept by super_admin
 * alone, so an agency's change to it is forbidden (403).
 */
export async function updateReferenceItem(db: Db, caller: ListCaller, list: ReferenceListKey, input: ReferenceItemUpdate & { id: number }) {
  const current = await db.referenceItem.findFirst({
    where: referenceItemWhere(list, caller.companyId, input.id),
    select: { id: true, companyId: true, name: true, code: true, parentId: true, fields: true },
  });
  if (!current) throw notFound();
  const owner = ownerOf(caller);
  if (current.companyId !== owner) throw new AppError('FORBIDDEN');
  const values = {
    name: input.name ?? current.name,
    code: input.code === undefined ? current.code : input.code,
    fields: mergeFields(current.fields as ReferenceFieldsInput, input.fields),
  };
  if (input.parent_id !== undefined && input.parent_id !== current.parentId) await assertParent(db, list, owner, input.parent_id);
  if (values.code !== current.code) await assertCodeFree(db, list, owner, values.code, current.id);
  await db.referenceItem
    .update({
      where: { id: current.id },
      data: { ...values, parentId: input.parent_id, isActive: input.is_active, ...derived(list, values) },
    })
    .catch(takenFromUniqueViolation);
  return getItem(db, caller, current.id);
}
