// Section 5: form field rules. Rules are pipe-separated, parameters after a colon and separated
// by commas ('required|minmax:2,120'). Fields validate on input and on blur; validation stops at
// the first failing rule; an empty optional field (no 'required') is skipped.

export const FORM_RULE_MESSAGES = {
  required: 'Preencha este campo',
  email: 'Formato de email inválido',
  min: 'Campo incompleto',
  minmax: 'The {_field_} field must have at least {min} characters and {max} characters at most',
  /** Not in the spec's list: the confirmation of a new password (same text as the API's). */
  confirmed: 'As senhas não conferem',
  /** Default message when a rule has no message of its own. */
  invalid: 'Este campo não é válido',
} as const;

export type RuleName = 'required' | 'email' | 'min' | 'minmax' | 'confirmed';

export type RuleContext = {
  /** Name shown in messages that mention the field ({_field_}). */
  field?: string;
  /** All values of the form, for rules that compare fields ('confirmed:password'). */
  values?: Record<string, unknown>;
};

type ParsedRule = { name: string; params: string[] };

const EMAIL_RE = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** 'required|minmax:2,120' -> [{ name: 'required', params: [] }, { name: 'minmax', params: ['2', '120'] }] */
export function parseRules(rules: string): ParsedRule[] {
  return rules
    .split('|')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => {
      const [name = '', params = ''] = r.split(/:(.*)/s);
      return { name, params: params ? params.split(',').map((p) => p.trim()) : [] };
    });
}

export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function length(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return String(value ?? '').length;
}

function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => vars[key] ?? all);
}

/** One rule: null when it passes, else its message. Unknown rules pass (and say so in the console). */
function checkRule(rule: ParsedRule, value: unknown, ctx: RuleContext): string | null {
  switch (rule.name) {
    case 'required':
      return isEmptyValue(value) ? FORM_RULE_MESSAGES.required : null;
    case 'email': {
      // 'email:multiple' accepts several comma-separated addresses.
      const multiple = rule.params[0] === 'multiple' || rule.params[0] === 'true';
      const parts = multiple
        ? String(value)
            .split(',')
            .map((p) => p.trim())
        : [String(value).trim()];
      return parts.length > 0 && parts.every((p) => EMAIL_RE.test(p)) ? null : FORM_RULE_MESSAGES.email;
    }
    case 'min': {
      const min = Number(rule.params[0] ?? 0);
      return length(value) >= min ? null : FORM_RULE_MESSAGES.min;
    }
    case 'minmax': {
      const min = Number(rule.params[0] ?? 0);
      const max = Number(rule.params[1] ?? Number.POSITIVE_INFINITY);
      const len = length(value);
      return len >= min && len <= max
        ? null
        : fill(FORM_RULE_MESSAGES.minmax, { _field_: ctx.field ?? '', min: String(min), max: String(max) });
    }
    case 'confirmed': {
      const other = rule.params[0];
      if (!other) return FORM_RULE_MESSAGES.invalid;
      return value === ctx.values?.[other] ? null : FORM_RULE_MESSAGES.confirmed;
    }
    default:
      return null;
  }
}

/**
 * Validates one value against a rule string. Returns the first failing rule's message, or null.
 * Empty values of fields without 'required' are not validated.
 */
export function validateField(value: unknown, rules: string | undefined, ctx: RuleContext = {}): string | null {
  if (!rules) return null;
  const parsed = parseRules(rules);
  const required = parsed.some((r) => r.name === 'required');
  if (!required && isEmptyValue(value)) return null;
  for (const rule of parsed) {
    const message = checkRule(rule, value, ctx);
    if (message) return message;
  }
  return null;
}

/** Validates every field that has rules; returns only the fields that failed. */
export function validateForm<T extends Record<string, unknown>>(
  values: T,
  rules: Partial<Record<keyof T, string>>,
  labels: Partial<Record<keyof T, string>> = {},
): Partial<Record<keyof T, string>> {
  const errors: Partial<Record<keyof T, string>> = {};
  for (const key of Object.keys(rules) as (keyof T)[]) {
    const message = validateField(values[key], rules[key], { field: labels[key] ?? String(key), values });
    if (message) errors[key] = message;
  }
  return errors;
}
