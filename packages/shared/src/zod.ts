import { z } from 'zod';
import type { ParsePayload } from 'zod/v4/core';

// Validation messages reach users verbatim (the web shows the first field error), so
// every schema in the product is built with the pt-BR locale.
z.config(z.locales.ptBR());

export { z };

/**
 * A superRefine step reporting each issue `check` finds on the field it names. The check stays a
 * plain function, so a caller can run the same cross-field rule outside the schema.
 */
export const reportIssues =
  <T>(check: (value: T) => readonly { path: string; message: string }[]) =>
  (value: T, ctx: z.RefinementCtx) => {
    for (const issue of check(value)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  };

/**
 * The `when` of a rule across the fields of an object: it runs while other fields are in error too
 * (a form shows every error of a submit at once), but not while one of its own fields is, nor when
 * the object itself is wrong (not an object, unknown keys).
 */
export const unlessInError =
  (...fields: readonly string[]) =>
  (payload: ParsePayload) =>
    payload.issues.every((issue) => {
      const field = issue.path?.[0];
      return field !== undefined && !fields.includes(String(field));
    });

export const DAY_RANGE_MESSAGE = 'A data final deve ser igual ou posterior à inicial.';

/** A list filter's day ranges: each pair's `to` before its `from` is refused on `to` (ISO days compare as text). */
export const dayRangeIssues =
  (...pairs: readonly (readonly [string, string])[]) =>
  (value: Record<string, unknown>) =>
    pairs.flatMap(([from, to]) => {
      const [start, end] = [value[from], value[to]];
      return typeof start === 'string' && typeof end === 'string' && end < start ? [{ path: to, message: DAY_RANGE_MESSAGE }] : [];
    });
