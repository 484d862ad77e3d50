// Typed SQL for the hot reads. Kysely builds and compiles the statements against the tables and
// columns prisma-kysely generates from schema.prisma, so each row's type is inferred from the
// schema; `queryRows` (rows.ts) runs the compiled text on Prisma's own pool. Kysely never connects.
import {
  type Compilable,
  type CompiledQuery,
  DummyDriver,
  type Expression,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  type Selectable,
  sql,
} from 'kysely';
import type { DB } from './generated/kysely/types';

export type { AliasedExpression, Compilable, CompiledQuery, Expression, RawBuilder, Selection, SqlBool } from 'kysely';
export { sql } from 'kysely';
export type { DB };

/** The query builder of the schema's tables (snake_case, as in the database). */
export const qb = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * Typed references to the columns of `table` under `alias` (or unqualified): `a('client_id')` is
 * `"a"."client_id"`, typed as the schema types the column. Unlike a builder's own references they fit any query: a
 * subquery, a lateral join, a statement put together from parts.
 */
export function columnsOf<T extends keyof DB>(_table: T, alias?: string) {
  return <C extends keyof Selectable<DB[T]> & string>(column: C) =>
    sql<Selectable<DB[T]>[C]>`${sql.ref(alias ? `${alias}.${column}` : column)}`;
}

/** `T`'s null stays null, anything else becomes `U`: what a cast does to a value. */
type Cast<T, U> = T extends null ? null : U;

/** `expr::int`: counts (`count(*)` is int8) and sums that fit. */
export const asInt = <T>(e: Expression<T>) => sql<Cast<T, number>>`${e}::int`;
/** `expr::bigint`: sums of cents. */
export const asBigint = <T>(e: Expression<T>) => sql<Cast<T, bigint>>`${e}::bigint`;
/** `expr::text` of an enum column: the same values, typed as the column's enum. */
export const enumText = <T extends string | null>(e: Expression<T>) => sql<T>`${e}::text`;
/** `expr::text` of a date column: 'YYYY-MM-DD', as the API sends dates. */
export const dateText = <T extends Date | null>(e: Expression<T>) => sql<Cast<T, string>>`${e}::text`;
/** A timestamp as the API's ISO instant in UTC ('2026-11-22T13:45:07.120Z'), made by PostgreSQL. */
export const isoInstant = <T extends Date | null>(e: Expression<T>) => sql<Cast<T, string>>`to_char(${e}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What a row becomes inside json_agg: bigints arrive as numbers, timestamps as strings. */
export type JsonRow<R> = {
  [K in keyof R]: R[K] extends bigint ? number : R[K] extends Date ? string : R[K] extends Date | null ? string | null : R[K];
};

/**
 * `(SELECT COALESCE(json_agg(alias ORDER BY ...), '[]') FROM (rows) alias)`: a set of rows as one
 * JSON array, so several reads travel in one round trip. `orderBy` is SQL over `alias`.
 */
export function jsonRows<R>(rows: Compilable<R> & Expression<R>, alias: string, orderBy?: RawBuilder<unknown>): RawBuilder<JsonRow<R>[]> {
  const t = sql.table(alias);
  const order = orderBy ? sql` ORDER BY ${orderBy}` : sql``;
  return sql<JsonRow<R>[]>`(SELECT COALESCE(json_agg(${t}${order}), '[]') FROM ${rows} ${t})`;
}

class Param {
  constructor(readonly key: string) {}
}

/** Shapes kept per statement; beyond them a statement is compiled on each call, as index.ts bounds statement names. */
const MAX_SHAPES = 1000;

/** A compiled statement's values as its callers pass them: every key, unset where the shape does not use it. */
export type StatementValues<V> = { [K in keyof V]: V[K] | undefined };

/** The comment that opens a statement planned on every call (see planPerCall). */
export const PLAN_PER_CALL = '/* plan per call */ ';

/**
 * Runs the statement unnamed, so PostgreSQL plans it with the call's values: for searches, where the
 * best plan depends on how many rows the term matches (walk the newest rows for a common term, read
 * the trigram index for a rare one), which a cached generic plan cannot see. Planning costs
 * ~0.1-0.2 ms a call.
 */
export function planPerCall<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  return { ...query, sql: PLAN_PER_CALL + query.sql };
}

/**
 * A statement compiled once per shape. Building and compiling costs ~50 µs of CPU per statement
 * (Kysely makes and walks a tree), more than the pg adapter's own work on a hot read, so `build`
 * runs once per `shape` (JSON of what the text depends on: which filters, the page bounds; `build`
 * decides from it alone) with stand-ins for `values`, and each call fills the parameters with its
 * own values. A parameter that is not a stand-in (a value computed in `build`, a constant) is
 * refused: it would be compiled into every later call.
 */
export function compiledStatement<S, V extends Record<string, unknown>, R>(
  build: (shape: S, values: V) => Compilable<R>,
): (shape: S, values: StatementValues<V>) => CompiledQuery<R> {
  const compiled = new Map<string, CompiledQuery<R>>();
  const standIns = new Proxy({} as V, { get: (_target, key) => new Param(String(key)) });
  return (shape, values) => {
    const key = JSON.stringify(shape) ?? '';
    let query = compiled.get(key);
    if (!query) {
      query = build(shape, standIns).compile();
      const constant = query.parameters.findIndex((p) => !(p instanceof Param));
      if (constant >= 0) throw new Error(`parameter $${constant + 1} of a compiled statement is not one of its values`);
      if (compiled.size < MAX_SHAPES) compiled.set(key, query);
    }
    return {
      ...query,
      parameters: query.parameters.map((p) => {
        const value = values[(p as Param).key];
        if (value === undefined) throw new Error(`compiled statement value ${(p as Param).key} is unset`);
        return value;
      }),
    };
  };
}
