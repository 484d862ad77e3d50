// The login's fields in zod/mini, with the e-mail fields every schema shares: the login screen loads
// them when its form first validates, and zod/mini keeps the whole zod out of what it loads then.
// POST /api/login (auth.ts) and the login form are both built from them.
import * as z from 'zod/mini';

export const emailField = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email());

const oneEmail = z.email();

/** Several comma-separated e-mail addresses, for a field that takes them: each must be valid. */
export const emailListField = z.string().check((ctx) => {
  if (!ctx.value.split(',').every((part) => z.safeParse(oneEmail, part.trim()).success)) {
    ctx.issues.push({ code: 'invalid_format', format: 'email', input: ctx.value });
  }
});

export const loginFields = {
  email: emailField,
  password: z.string().check(z.minLength(1), z.maxLength(200)),
};

/** The login form's schema: the fields of POST /api/login. */
export const loginForm = z.object(loginFields);
