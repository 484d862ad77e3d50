// The hot read paths (the session behind every request, the list and funnel reads) run their SQL
// through Prisma's pg driver adapter directly, on the client's own pool. The client's request
// pipeline costs about 300 µs of CPU per raw query on top of the adapter's 70 µs (measured on
// this project's machines), and those reads run several times per request.
import type { PrismaPg } from '@prisma/adapter-pg';
import { type ArgType, type ColumnType, ColumnTypeEnum } from '@prisma/driver-adapter-utils';
import type { PrismaClient } from './generated/prisma/client';
import { Prisma } from './generated/prisma/client';
import type { Compilable, CompiledQuery } from './sql';

type Adapter = Awaited<ReturnType<PrismaPg['connect']>>;

const factories = new WeakMap<object, PrismaPg>();
const readers = new WeakMap<object, Promise<Adapter>>();

/** Called by createPrismaClient with a factory over the client's own pool. */
export function registerReader(client: PrismaClient, factory: PrismaPg) {
  factories.set(client, factory);
}

function reader(db: object): Promise<Adapter> | undefined {
  let adapter = readers.get(db);
  if (!adapter) {
    const factory = factories.get(db);
    if (!factory) return undefined;
    adapter = factory.connect();
    readers.set(db, adapter);
  }
  return adapter;
}

/** The row type of a compiled statement, for code that keeps its rows (queryRows reads them). */
export type RowOf<Q> = Q extends CompiledQuery<infer R> ? R : never;

/**
 * Rows of a read-only statement built with Kysely (sql.ts), typed as Kysely infers them from the
 * schema and converted as `db.$queryRaw` does (int8 as bigint, timestamps and dates as Date, json
 * parsed). A transaction client or a client made elsewhere falls back to `$queryRawUnsafe` with the
 * same text and parameters, so the statement always sees the caller's transaction.
 */
export async function queryRows<R>(db: PrismaClient | Prisma.TransactionClient, query: CompiledQuery<R> | Compilable<R>): Promise<R[]> {
  const { sql, parameters } = 'compile' in query ? query.compile() : query;
  const adapter = reader(db);
  if (!adapter) return (db as PrismaClient).$queryRawUnsafe<R[]>(sql, ...parameters);
  const result = await (await adapter).queryRaw({ sql, args: [...parameters], argTypes: parameters.map(argType) });
  const { columnNames, columnTypes, rows } = result;
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < columnNames.length; i++) out[columnNames[i] as string] = fromDb(row[i], columnTypes[i] as ColumnType);
    return out as R;
  });
}

function argType(value: unknown): ArgType {
  if (Array.isArray(value)) return { scalarType: value.length ? argType(value[0]).scalarType : 'unknown', arity: 'list' };
  if (value instanceof Date) return { scalarType: 'datetime', arity: 'scalar' };
  if (typeof value === 'bigint') return { scalarType: 'bigint', arity: 'scalar' };
  if (typeof value === 'number') return { scalarType: Number.isInteger(value) ? 'int' : 'float', arity: 'scalar' };
  if (typeof value === 'boolean') return { scalarType: 'boolean', arity: 'scalar' };
  if (value instanceof Uint8Array) return { scalarType: 'bytes', arity: 'scalar' };
  return { scalarType: 'string', arity: 'scalar' };
}

const ARRAY_OFFSET = ColumnTypeEnum.Int32Array - ColumnTypeEnum.Int32;

function fromDb(value: unknown, type: ColumnType): unknown {
  if (value === null || value === undefined) return null;
  if (type >= ColumnTypeEnum.Int32Array && type < ColumnTypeEnum.UnknownNumber && Array.isArray(value)) {
    return value.map((v) => fromDb(v, (type - ARRAY_OFFSET) as ColumnType));
  }
  switch (type) {
    case ColumnTypeEnum.Int64:
      return BigInt(value as string | number);
    case ColumnTypeEnum.Numeric:
      return new Prisma.Decimal(value as string);
    case ColumnTypeEnum.Date:
    case ColumnTypeEnum.DateTime:
      return new Date(value as string);
    case ColumnTypeEnum.Time:
      return new Date(`1970-01-01T${value}Z`);
    case ColumnTypeEnum.Json:
      return typeof value === 'string' ? JSON.parse(value) : value;
    default:
      return value;
  }
}
