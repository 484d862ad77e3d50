// The login's fields in zod/mini: the login screen is the first one loaded, and zod/mini keeps the
// whole zod out of it. POST /api/login (auth.ts) and the login form are both built from them.
import * as z from 'zod/mini';

export const emailField = z.pipe(z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)), z.email());

export const loginFields = {
  email: emailField,
  password: z.string().check(z.minLength(1), z.maxLength(200)),
};

/** The login form's schema: the fields of POST /api/login. */
export const loginForm = z.object(loginFields);
