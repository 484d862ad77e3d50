import { z } from 'zod';

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
