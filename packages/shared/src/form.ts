// Forms validate with the API's own zod schemas. What only forms need lives here: the one pt-BR
// error map of their messages, how a form's values are read as a schema's input (a blank field is
// an absent one, a blank row is dropped), and the limits inputs show. It runs no zod of its own (a
// schema parses with its own method), so the login screen can load its schema, and zod with it,
// only when its form first validates.
import type { $ZodIssue, $ZodRawIssue, $ZodStandardSchema, $ZodType, output, ParseContext, util } from 'zod/v4/core';
import { capitalize, toCurrency } from './format';

export type { output as SchemaOutput } from 'zod/v4/core';

/** A schema of the API, of zod or zod/mini: both parse with their own method. */
export type Schema = $ZodType & { safeParse(data: unknown, params?: ParseContext<$ZodIssue>): util.SafeParseResult<unknown> };

export const FORM_MESSAGES = {
  required: 'Preencha este campo',
  min: 'Campo incompleto',
  /** A text with both bounds, named by its field's label. */
  minmax: 'O campo {_field_} deve ter no mínimo {min} e no máximo {max} caracteres',
  /** The same, for a field without a label. */
  lengthRange: 'Deve ter no mínimo {min} e no máximo {max} caracteres',
  maxLength: 'Deve ter no máximo {max} caracteres',
  /** A number's bounds (an amount in cents reads in reais). */
  minValue: 'Deve ser no mínimo {min}',
  maxValue: 'Deve ser no máximo {max}',
  aboveValue: 'Deve ser maior que {min}',
  belowValue: 'Deve ser menor que {max}',
  email: 'Formato de email inválido',
  /** Any other rule. */
  invalid: 'Este campo não é válido',
} as const;

const fill = (template: string, names: Record<string, string>) => template.replace(/\{(\w+)\}/g, (all, key: string) => names[key] ?? all);

/**
 * A field's message as users read it, the same for the form's own rules and the API's answer: one
 * written to follow the field's name ('não é válido'; the API's 'has already been taken' reads
 * 'já está em uso') comes after the field's label, or alone and capitalised without one; a
 * sentence of its own is kept as written.
 */
export function fieldMessage(message: string, label?: string): string {
  const text = message.includes('taken') ? 'já está em uso' : message;
  if (!/^\p{Ll}/u.test(text)) return text;
  return label ? `${label} ${text}` : capitalize(text);
}

/** Input names -> the labels users read, for messages that name the field. */
export type FormLabels = Readonly<Record<string, string>>;

const secrets = new WeakSet<$ZodType>();

/**
 * Marks a secret (a password): its maximum only protects the server, so a short one reads
 * 'Campo incompleto' instead of the length range that names both bounds.
 */
export function secretText<T extends $ZodType>(schema: T): T {
  secrets.add(schema);
  return schema;
}

// Walking a schema by the paths of a form's values.
type Def = {
  type: string;
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
  shape?: Record<string, $ZodType>;
  element?: $ZodType;
  checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: unknown; inclusive?: boolean } } }[];
};
const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** The schema and what it wraps (optional, nullable...; both ends of a pipe). */
function layers(schema: $ZodType | undefined): $ZodType[] {
  const found: $ZodType[] = [];
  const visit = (s: $ZodType | undefined) => {
    if (!s) return;
    found.push(s);
    const def = defOf(s);
    if (WRAPPERS.has(def.type)) visit(def.innerType);
    else if (def.type === 'pipe') {
      visit(def.in);
      visit(def.out);
    }
  };
  visit(schema);
  return found;
}
const layerOf = (schema: $ZodType | undefined, type: string) =>
  layers(schema)
    .map(defOf)
    .find((d) => d.type === type);
const acceptsNull = (schema: $ZodType | undefined) => layerOf(schema, 'nullable') !== undefined;
const isChoice = (schema: $ZodType | undefined) => layerOf(schema, 'enum') !== undefined;

function childOf(schema: $ZodType | undefined, key: PropertyKey): $ZodType | undefined {
  return layerOf(schema, 'array')?.element ?? layerOf(schema, 'object')?.shape?.[String(key)];
}

function lengthBounds(schemas: $ZodType[]): { min: number; max?: number } {
  let min = 0;
  let max: number | undefined;
  for (const s of schemas) {
    for (const check of defOf(s).checks ?? []) {
      const { check: kind, minimum, maximum } = check._zod.def;
      if (kind === 'min_length' && minimum !== undefined) min = Math.max(min, minimum);
      if (kind === 'max_length' && maximum !== undefined) max = Math.min(max ?? maximum, maximum);
    }
  }
  return { min, max };
}

const fieldAt = (schema: $ZodType, path: string) => path.split('.').reduce<$ZodType | undefined>((s, key) => childOf(s, key), schema);

/** The most characters a form input may hold ('user.name', 'contacts.0.email'), from its schema. */
export function maxLengthOf(schema: $ZodType, path: string): number | undefined {
  const field = fieldAt(schema, path);
  return field ? lengthBounds(layers(field)).max : undefined;
}

/** What an input at a form path may take, from its schema: the length of a text, the range of a number. */
export function inputLimitsOf(schema: $ZodType, path: string): { maxLength?: number; min?: number; max?: number } {
  const found = layers(fieldAt(schema, path));
  const limits: { maxLength?: number; min?: number; max?: number } = {};
  const maxLength = lengthBounds(found).max;
  if (maxLength !== undefined) limits.maxLength = maxLength;
  for (const s of found) {
    for (const check of defOf(s).checks ?? []) {
      const { check: kind, value, inclusive } = check._zod.def;
      if (typeof value !== 'number' || !inclusive) continue;
      if (kind === 'greater_than') limits.min = Math.max(limits.min ?? value, value);
      if (kind === 'less_than') limits.max = Math.min(limits.max ?? value, value);
    }
  }
  return limits;
}

const fieldKey = (path: readonly PropertyKey[] | undefined) => [...(path ?? [])].reverse().find((s) => typeof s === 'string') ?? '';

const numbers = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A number's bound as the field shows it: an amount in cents ('value_cents') in reais. */
const boundText = (field: string, bound: number | bigint) =>
  field.endsWith('_cents') ? toCurrency(Number(bound)) : numbers.format(Number(bound));

/**
 * The one pt-BR error map of forms: a missing value, a text too short or too long, a number out of
 * its range, an e-mail, and the default message for any other rule. Messages a schema writes
 * itself are kept.
 */
export function formErrorMap(labels: FormLabels = {}) {
  return (issue: $ZodRawIssue): string => {
    if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input == null) return FORM_MESSAGES.required;
    if (issue.code === 'invalid_format' && issue.format === 'email') return FORM_MESSAGES.email;
    if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'string') {
      const { min, max } = lengthBounds(issue.schema ? [issue.schema] : []);
      if (issue.code === 'too_small' && min <= 1) return FORM_MESSAGES.required;
      const secret = issue.schema !== undefined && secrets.has(issue.schema);
      if (min > 1 && max !== undefined && !secret) {
        const label = labels[fieldKey(issue.path)];
        const names = { _field_: label ?? '', min: String(min), max: String(max) };
        return fill(label ? FORM_MESSAGES.minmax : FORM_MESSAGES.lengthRange, names);
      }
      if (issue.code === 'too_small') return FORM_MESSAGES.min;
      if (max !== undefined) return fill(FORM_MESSAGES.maxLength, { max: String(max) });
    }
    if ((issue.code === 'too_small' || issue.code === 'too_big') && (issue.origin === 'number' || issue.origin === 'int')) {
      const field = fieldKey(issue.path);
      if (issue.code === 'too_small') {
        return fill(issue.inclusive ? FORM_MESSAGES.minValue : FORM_MESSAGES.aboveValue, { min: boundText(field, issue.minimum) });
      }
      return fill(issue.inclusive ? FORM_MESSAGES.maxValue : FORM_MESSAGES.belowValue, { max: boundText(field, issue.maximum) });
    }
    return FORM_MESSAGES.invalid;
  };
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A row whose typed fields are all blank; a choice with a default (a document's type) does not fill it. */
function isBlankRow(row: unknown, schema: $ZodType | undefined): boolean {
  if (!isRecord(row)) return isBlank(row);
  const typed = Object.entries(row).filter(([key]) => !isChoice(childOf(schema, key)));
  return typed.length > 0 && typed.every(([, value]) => isBlank(value));
}

/** For each list of the form (by its path), the form's index of every row sent. */
type SentRows = Map<string, number[]>;
const join = (path: string, key: PropertyKey) => (path === '' ? String(key) : `${path}.${String(key)}`);

/** A form's values as the schema's input: blank -> null where the schema takes null, else absent; blank rows dropped. */
function toInput(schema: $ZodType | undefined, value: unknown, path: string, sent: SentRows): unknown {
  if (isBlank(value)) return acceptsNull(schema) ? null : undefined;
  if (Array.isArray(value)) {
    const element = childOf(schema, 0);
    const kept = value.flatMap((row, index) => (isBlankRow(row, element) ? [] : [index]));
    sent.set(path, kept);
    return kept.map((index) => toInput(element, value[index], join(path, index), sent));
  }
  if (isRecord(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, toInput(childOf(schema, key), v, join(path, key), sent)]));
  }
  return value;
}

/** The form's path of an input path ('contacts.1.email' of the rows sent -> of the rows shown). */
function formPathOf(path: readonly PropertyKey[], sent: SentRows): string {
  return path.reduce<string>((at, key) => {
    const index = typeof key === 'number' ? sent.get(at)?.[key] : undefined;
    return join(at, index ?? key);
  }, '');
}

export type FormSchema<S extends Schema> = {
  '~standard': $ZodStandardSchema<S>;
  /** The values as the API takes them (trimmed, blank fields absent or null, blank rows dropped). */
  parse(values: unknown): output<S>;
  /** Where an error of the API on these values ('contacts.1.email') belongs in the form. */
  formPath(values: unknown, path: string): string;
};

/**
 * A form's validation by an API schema, as a Standard Schema for the form library's resolver.
 * Messages come from the form error map; one a schema writes to follow the field's name
 * ('não é válido') reads after the field's label ('CPF não é válido').
 */
export function formSchema<S extends Schema>(schema: S, labels: FormLabels = {}): FormSchema<S> {
  const error = formErrorMap(labels);
  const check = (values: unknown) => {
    const sent: SentRows = new Map();
    const result = schema.safeParse(toInput(schema, values, '', sent), { error });
    return { result, sent };
  };
  const sentRows = (values: unknown) => {
    const sent: SentRows = new Map();
    toInput(schema, values, '', sent);
    return sent;
  };
  const message = (issue: $ZodIssue) => fieldMessage(issue.message, labels[fieldKey(issue.path)]);
  return {
    '~standard': {
      version: 1,
      vendor: 'app-form',
      validate(values: unknown) {
        const { result, sent } = check(values);
        if (result.success) return { value: result.data as output<S> };
        return { issues: result.error.issues.map((issue) => ({ message: message(issue), path: formPathOf(issue.path, sent).split('.') })) };
      },
    },
    parse(values: unknown) {
      const { result } = check(values);
      if (!result.success) throw result.error;
      return result.data as output<S>;
    },
    formPath(values: unknown, path: string) {
      const keys = path.split('.').map((key) => (/^\d+$/.test(key) ? Number(key) : key));
      return formPathOf(keys, sentRows(values));
    },
  };
}
