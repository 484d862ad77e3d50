import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type ZodType, z } from 'zod';

/**
 * Inputs derived from a route's own zod schema: a valid sample (so that a missing check would
 * really change something) and fast-check arbitraries of bad input built around it.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Supplies ids for fields that reference rows (`id`, `client_id`, `budgetId`...). */
export type IdResolver = (field: string) => number | undefined;

export const isIdField = (key: string) => key === 'id' || /(_id|Id)$/.test(key);

export function jsonSchemaOf(schema: ZodType | undefined): JsonSchema {
  if (!schema) return {};
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function deref(s: JsonSchema, root: JsonSchema): JsonSchema {
  if (!s.$ref) return s;
  const name = s.$ref.split('/').pop() as string;
  return root.$defs?.[name] ?? {};
}

function stringFor(key: string, s: JsonSchema, n: number): string {
  const k = key.toLowerCase();
  let v: string;
  if (s.format === 'email' || k.includes('email')) v = `guarda${n}@exemplo.test`;
  else if (s.format === 'uri' || s.format === 'url' || k.endsWith('url')) v = `https://exemplo.test/${n}`;
  else if (s.format === 'uuid') v = randomUUID();
  else if (s.format === 'date-time' || k.endsWith('_at')) v = new Date(Date.UTC(2026, 0, 15, 12)).toISOString();
  else if (s.format === 'date' || k.endsWith('date')) v = '2026-01-15';
  else if (s.pattern) v = fc.sample(fc.stringMatching(new RegExp(s.pattern)), { numRuns: 1, seed: n })[0] as string;
  else if (k.includes('password')) v = 'senha-segura-123';
  else if (k.includes('token')) v = 'token-de-exemplo-0123456789';
  else v = `Exemplo ${n}`;
  if (s.minLength && v.length < s.minLength) v = v.padEnd(s.minLength, 'x');
  if (s.maxLength !== undefined && v.length > s.maxLength) v = v.slice(0, s.maxLength);
  return v;
}

function numberFor(s: JsonSchema, integer: boolean, atMaximum = false): number {
  if (atMaximum && (s.maximum ?? s.exclusiveMaximum) !== undefined) {
    return s.maximum ?? (s.exclusiveMaximum as number) - (integer ? 1 : 0.01);
  }
  let min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : 1);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.01) : Number.MAX_SAFE_INTEGER);
  if (min < 1 && max >= 1) min = 1;
  return Math.min(integer ? Math.ceil(min) : min, max);
}

/**
 * How far `largestSample` fills arrays and free text (each at most its schema's maximum), and
 * whether every bounded number (ids aside) takes its maximum.
 */
type Largest = { arrayItems: number; stringChars: number; numbersAtMaximum?: boolean };

/** A value the schema should accept; `full` also fills optional fields; `n.largest` fills to the maxima. */
function sampleValue(
  s0: JsonSchema,
  root: JsonSchema,
  key: string,
  ids: IdResolver,
  full: boolean,
  n: { i: number; largest?: Largest },
): unknown {
  const s = deref(s0, root);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) {
    const nonNull = alternatives.find((a) => deref(a, root).type !== 'null') ?? alternatives[0];
    return sampleValue(nonNull as JsonSchema, root, key, ids, full, n);
  }
  if (s.allOf) {
    return Object.assign({}, ...s.allOf.map((part) => sampleValue(part, root, key, ids, full, n)));
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  n.i += 1;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, prop] of Object.entries(s.properties ?? {})) {
        if (!full && !s.required?.includes(k)) continue;
        // A record's version is checked against the row (matrices/stale-version): left out, nothing is.
        if (k === 'version' && !s.required?.includes(k)) continue;
        out[k] = sampleValue(prop, root, k, ids, full, n);
      }
      return out;
    }
    case 'array': {
      const length = n.largest ? Math.min(s.maxItems ?? 1, n.largest.arrayItems) : 1;
      return Array.from({ length: Math.max(length, s.minItems ?? 0) }, () => sampleValue(s.items ?? {}, root, key, ids, full, n));
    }
    case 'string': {
      const v = stringFor(key, s, n.i);
      // Free text only: a format or pattern has its own length.
      if (!n.largest || s.format || s.pattern || s.maxLength === undefined || v !== stringFor('', s, n.i)) return v;
      return v.padEnd(Math.min(s.maxLength, n.largest.stringChars), ' texto');
    }
    case 'integer':
    case 'number':
      return (isIdField(key) ? ids(key) : undefined) ?? numberFor(s, type === 'integer', n.largest?.numbersAtMaximum);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // Unconstrained (z.any/unknown/void): nothing to send.
      return undefined;
  }
}

function setPath(obj: unknown, path: PropertyKey[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const base = (obj && typeof obj === 'object' ? obj : {}) as Record<PropertyKey, unknown>;
  return { ...base, [head as string]: setPath(base[head as string], rest, value) };
}

function getPath(obj: unknown, path: PropertyKey[]): unknown {
  return path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k as string] : undefined), obj);
}

/** Repairs what JSON Schema cannot express (piped formats, refinements such as confirmations). */
function repair(schema: ZodType, value: unknown): unknown {
  let v = value;
  for (let round = 0; round < 4; round++) {
    const parsed = schema.safeParse(v);
    if (parsed.success) return v;
    for (const issue of parsed.error.issues) {
      const key = String(issue.path.at(-1) ?? '');
      if (key.endsWith('_confirmation')) {
        v = setPath(v, issue.path, getPath(v, [...issue.path.slice(0, -1), key.replace(/_confirmation$/, '')]));
      } else if (issue.code === 'invalid_format' && 'format' in issue) {
        const format = issue.format as string;
        v = setPath(v, issue.path, stringFor(format === 'email' ? 'email' : key, { format }, 1));
      }
    }
  }
  return v;
}

/** The most complete input the schema accepts, or the minimal one; undefined when the route takes none. */
export function validSample(schema: ZodType | undefined, ids: IdResolver): { value: unknown; valid: boolean } {
  if (!schema) return { value: undefined, valid: true };
  const root = jsonSchemaOf(schema);
  for (const full of [true, false]) {
    const value = repair(schema, sampleValue(root, root, '', ids, full, { i: 0 }));
    if (schema.safeParse(value).success) return { value, valid: true };
  }
  return { value: sampleValue(root, root, '', ids, false, { i: 0 }), valid: false };
}

/**
 * The largest input the schema accepts, within `largest` (arrays at their maxItems, free text at its
 * maxLength); the full valid sample when the schema refuses it (a refinement the filling breaks).
 */
export function largestSample(schema: ZodType | undefined, ids: IdResolver, largest: Largest): { value: unknown; largest: boolean } {
  if (!schema) return { value: undefined, largest: false };
  const root = jsonSchemaOf(schema);
  const value = repair(schema, sampleValue(root, root, '', ids, true, { i: 0, largest }));
  if (schema.safeParse(value).success) return { value, largest: true };
  return { value: validSample(schema, ids).value, largest: false };
}

/**
 * Every bounded number at its maximum, with full lists: the sums such an input makes (a fare times
 * its travellers, a proposal's services) must be held or refused, never a 5xx. Not checked against
 * the schema: a refinement may refuse it, and that refusal is part of what is tried.
 */
export function numbersAtMaximum(schema: ZodType | undefined, ids: IdResolver): unknown {
  if (!schema) return undefined;
  const root = jsonSchemaOf(schema);
  return repair(
    schema,
    sampleValue(root, root, '', ids, true, { i: 0, largest: { arrayItems: 20, stringChars: 40, numbersAtMaximum: true } }),
  );
}

/** Every field path of a schema (nested objects included), e.g. [['user'], ['user', 'email']]. */
export function fieldPaths(schema: ZodType | undefined): string[][] {
  const root = jsonSchemaOf(schema);
  const out: string[][] = [];
  const walk = (s0: JsonSchema, prefix: string[]) => {
    const s = deref(s0, root);
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, prefix);
    for (const [k, prop] of Object.entries(s.properties ?? {})) {
      out.push([...prefix, k]);
      walk(prop, [...prefix, k]);
    }
  };
  walk(root, []);
  return out;
}

/** Field names of the schema that reference rows, with their paths. */
export function idFields(schema: ZodType | undefined): string[][] {
  return fieldPaths(schema).filter((p) => isIdField(p.at(-1) as string));
}

/** The id fields of a schema that hold a record id (a number), leaving out text ids such as a checkout session's. */
export function recordIdFields(schema: ZodType | undefined): string[][] {
  const root = jsonSchemaOf(schema);
  const numeric = (s0: JsonSchema): boolean => {
    const s = deref(s0, root);
    const types = [s.type ?? []].flat();
    return types.includes('integer') || types.includes('number') || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(numeric);
  };
  const out: string[][] = [];
  const walk = (s0: JsonSchema, prefix: string[]) => {
    const s = deref(s0, root);
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, prefix);
    for (const [k, prop] of Object.entries(s.properties ?? {})) {
      if (isIdField(k) && numeric(prop)) out.push([...prefix, k]);
      walk(prop, [...prefix, k]);
    }
  };
  walk(root, []);
  return out.filter((p, i) => out.findIndex((q) => q.join('.') === p.join('.')) === i);
}

/**
 * Other spellings of a real id that number parsers read as that id. Only its plain decimal digits
 * are the id: each of these must be refused, never answered with the record.
 */
export function idSpellings(id: number): { label: string; text: string }[] {
  return [
    { label: 'hexadecimal', text: `0x${id.toString(16)}` },
    { label: 'binary', text: `0b${id.toString(2)}` },
    { label: 'exponent', text: `${id}e0` },
    { label: 'fraction and exponent', text: `${id / 10}e1` },
    { label: 'plus sign', text: `+${id}` },
    { label: 'surrounding spaces', text: ` ${id} ` },
    { label: 'trailing newline', text: `${id}\n` },
    { label: 'decimal point', text: `${id}.0` },
    { label: 'leading zero', text: `0${id}` },
  ];
}

/** Bodies that are not one JSON object (a multipart form is added by the matrix). */
export const NON_OBJECT_BODIES: Extract<BadInput, { kind: 'raw' }>[] = [
  ...Object.entries({ array: '[]', string: '"x"', null: 'null', number: '123', boolean: 'true' }).map(([type, body]) => ({
    kind: 'raw' as const,
    label: `JSON ${type}`,
    body,
    contentType: 'application/json',
  })),
  { kind: 'raw', label: 'text/plain body', body: 'x', contentType: 'text/plain' },
];

export { getPath, setPath };

// ---------------------------------------------------------------------------------------------
// Bad input

const SQL = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5)',
  "' UNION SELECT password_hash FROM users --",
  '%',
  '_',
  '\\',
  '1 OR 1=1',
];
const HTML = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '{{7*7}}', ['$', '{7*7}'].join(''), 'javascript:alert(1)'];
const UNICODE = ['\u0000', 'a\u0000b', '\uD800', '\u202Eevil', '𝓾𝓷𝓲𝓬𝓸𝓭𝓮 😀👩‍👩‍👧', 'Z̷̡̛a̸l̵g̶o', '\uFEFF', 'ção ñ ü ß 漢字'];
const NUMBERS = [-1, 0, -0, 0.5, -2147483649, 2147483648, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 1e-300];

/**
 * Fields a client must never set on its own rows. Values point at another tenant or at more
 * power than the caller has; `forbidden` is filled by the matrix (e.g. the other agency's id).
 */
export function massAssignmentFields(forbidden: { companyId: number; planId: number }): Record<string, unknown> {
  return {
    company_id: forbidden.companyId,
    companyId: forbidden.companyId,
    role: 'super_admin',
    plan_id: forbidden.planId,
    planId: forbidden.planId,
    status: 'active',
    is_system: true,
    isSystem: true,
    password_hash: 'x',
    features: { super_admin: true },
    user_id: 1,
    owner_id: 1,
    created_at: '2000-01-01T00:00:00.000Z',
  };
}

export type BadInput =
  | { kind: 'value'; label: string; input: unknown }
  | { kind: 'raw'; label: string; body: string | Buffer; contentType: string };

const wrongTypeValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/**
 * Bad inputs around a valid sample: wrong types, missing fields, huge strings, negative and huge
 * numbers, unicode, SQL and HTML payloads, unknown fields (mass assignment), broken bodies.
 */
export function badInputs(
  schema: ZodType | undefined,
  sample: unknown,
  mass: Record<string, unknown>,
  opts: { jsonBody: boolean },
): fc.Arbitrary<BadInput> {
  const paths = fieldPaths(schema);
  const base = sample && typeof sample === 'object' ? sample : {};
  const objectPaths: PropertyKey[][] = [
    [],
    ...paths.filter((p) => {
      const v = getPath(base, p);
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    }),
  ];
  const anyPath = paths.length ? fc.constantFrom(...paths) : fc.constant(['campo'] as string[]);
  const withValue = (label: string, values: fc.Arbitrary<unknown>) =>
    fc
      .tuple(anyPath, values)
      .map(([p, v]) => ({ kind: 'value' as const, label: `${label} at ${p.join('.')}`, input: setPath(base, p, v) }));

  const arbs: fc.Arbitrary<BadInput>[] = [
    withValue('wrong type', wrongTypeValue),
    withValue(
      'huge string',
      fc.integer({ min: 10_000, max: 400_000 }).map((len) => 'x'.repeat(len)),
    ),
    withValue('number edge', fc.constantFrom(...NUMBERS)),
    withValue('unicode', fc.oneof(fc.constantFrom(...UNICODE), fc.string({ unit: 'binary', maxLength: 40 }))),
    withValue('sql', fc.constantFrom(...SQL)),
    withValue('html', fc.constantFrom(...HTML)),
    fc.constant({ kind: 'value' as const, label: 'no input', input: undefined }),
    fc.constant({ kind: 'value' as const, label: 'empty object', input: {} }),
    fc
      .tuple(fc.constantFrom(...objectPaths), fc.subarray(Object.keys(mass), { minLength: 1 }))
      .map(([p, keys]) => massAssignment(schema, base, mass, p, keys)),
  ];
  if (paths.length) {
    arbs.push(
      fc.constantFrom(...paths).map((p) => ({ kind: 'value' as const, label: `missing ${p.join('.')}`, input: removePath(base, p) })),
    );
  }
  if (opts.jsonBody) {
    arbs.push(
      fc.constantFrom(
        { kind: 'raw' as const, label: 'invalid JSON', body: '{"a":', contentType: 'application/json' },
        { kind: 'raw' as const, label: 'JSON array', body: '[1,2,3]', contentType: 'application/json' },
        { kind: 'raw' as const, label: 'JSON string', body: '"texto"', contentType: 'application/json' },
        { kind: 'raw' as const, label: 'empty JSON body', body: '', contentType: 'application/json' },
        {
          kind: 'raw' as const,
          label: 'prototype pollution',
          body: '{"__proto__":{"role":"super_admin"},"constructor":{"prototype":{"x":1}}}',
          contentType: 'application/json',
        },
        { kind: 'raw' as const, label: 'text/plain body', body: 'a=1', contentType: 'text/plain' },
        {
          kind: 'raw' as const,
          label: 'form body',
          body: 'company_id=1&role=super_admin',
          contentType: 'application/x-www-form-urlencoded',
        },
        { kind: 'raw' as const, label: 'xml body', body: '<a>1</a>', contentType: 'application/xml' },
      ),
    );
  }
  return fc.oneof(...arbs);
}

/** `base` with `keys` of `mass` added at `path`, leaving out fields the schema itself accepts there. */
export function massAssignment(
  schema: ZodType | undefined,
  base: unknown,
  mass: Record<string, unknown>,
  path: PropertyKey[],
  keys = Object.keys(mass),
): BadInput {
  const known = new Set(
    fieldPaths(schema)
      .filter((p) => p.length === path.length + 1 && path.every((k, i) => p[i] === k))
      .map((p) => p.at(-1)),
  );
  const extra = keys.filter((k) => !known.has(k));
  return {
    kind: 'value',
    label: `unknown fields ${extra.join(',')} at ${path.join('.') || 'root'}`,
    input: setPath(base, path, { ...(getPath(base, path) as object), ...Object.fromEntries(extra.map((k) => [k, mass[k]])) }),
  };
}

function removePath(obj: unknown, path: string[]): unknown {
  if (!obj || typeof obj !== 'object') return obj;
  const [head, ...rest] = path;
  const copy = { ...(obj as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head as string];
  else copy[head as string] = removePath(copy[head as string], rest);
  return copy;
}
