import { FEATURE_KEYS, PASSWORD_MIN_LENGTH, ROLES, USER_STATUSES } from './constants';
import { secretText } from './form';
import { RESERVED_SUBDOMAINS, SUBDOMAIN_PATTERN } from './hosts';
import { emailField, loginFields } from './login';
import { PLAN_STATUSES } from './plan-status';
import { z } from './zod';

export { emailField };

const passwordField = secretText(z.string().min(PASSWORD_MIN_LENGTH).max(200));

export const featureMapSchema = z.object(
  Object.fromEntries(FEATURE_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof FEATURE_KEYS)[number], z.ZodBoolean>,
);

/** A user as the API returns it (never the password hash). */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  company_id: z.number().int(),
  company_name: z.string(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const planStatusField = z.enum(PLAN_STATUSES).nullable();

/** The profile: the user and what the company's plan allows now. */
export const profileSchema = z.object({
  user: userSchema,
  status_plan: planStatusField,
  days_remaining: z.number().int().min(0),
  subdomain: z.string().nullable(),
  features: featureMapSchema,
  /** Whether the agency's setting lets this user see costs, revenue and margins (canSeeCosts). */
  sees_costs: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * GET and PATCH /api/profile: the profile plus `token`, a new access token when the caller's
 * token carries claims (features, role, company) that no longer hold, else null.
 */
export const profileOutput = profileSchema.extend({ token: z.string().nullable() });

export const loginInput = z.object(loginFields);
export const loginOutput = profileSchema.extend({ token: z.string() });
export type LoginOutput = z.infer<typeof loginOutput>;

export const forgotPasswordInput = z.object({ email: emailField });
export const messageOutput = z.object({ message: z.string() });

const confirmedPassword = {
  password: passwordField,
  password_confirmation: z.string().max(200),
};
function passwordsMatch<T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'As senhas não conferem' });
  }
}

/** A new password and its confirmation, as the set-password and registration forms ask for them. */
export const newPasswordInput = z.object(confirmedPassword).superRefine(passwordsMatch);

export const resetPasswordInput = z.object({ token: z.string().min(10).max(200), ...confirmedPassword }).superRefine(passwordsMatch);

export const changePasswordInput = z
  .object({ current_password: z.string().min(1).max(200), ...confirmedPassword })
  .superRefine(passwordsMatch);
/**
 * POST /api/change/password: a password change ends every access token signed before it, so the
 * reply carries the token this device keeps using.
 */
export const changePasswordOutput = messageOutput.extend({ token: z.string() });

export const registrationTokenInput = z.object({ token: z.string().min(10).max(200) });
export const activateRegistrationInput = z.object({ token: z.string().min(10).max(200), ...confirmedPassword }).superRefine(passwordsMatch);
export const registrationInfoOutput = z.object({
  name: z.string(),
  email: z.string(),
  company_name: z.string(),
});

/** The profile's own data, all of it, as its form edits it. */
export const profileFormInput = z.object({
  name: z.string().trim().min(2).max(120),
  phone: z.string().trim().max(30).nullable().optional(),
});
/** An agency's own address, `{subdomain}.{BASE_DOMAIN}`: one DNS label, none of the product's own names. */
export const subdomainField = z
  .string()
  .trim()
  .toLowerCase()
  .min(2)
  .max(63)
  .regex(SUBDOMAIN_PATTERN, 'use letras minúsculas, números e hífen')
  .refine((s) => !RESERVED_SUBDOMAINS.includes(s), 'está reservado');

/**
 * PATCH /api/profile: any of the profile's own data, and the agency's subdomain (the owner, when
 * the plan has custom_subdomain; null removes it).
 */
export const updateProfileInput = profileFormInput.extend({ subdomain: subdomainField.nullable() }).partial().strict();

/**
 * The session moves to another host of the app (an agency's subdomain, or back to the main host):
 * a one-time code, good for a minute, that the target host trades for its own session. `path` is
 * where the user was going: a path of this app, never another address.
 */
export const hostHandoffInput = z.object({
  path: z
    .string()
    .max(500)
    .regex(/^\/(?:[^/\\\s][^\\\s]*)?$/, 'um caminho do app')
    .default('/'),
});
/** The address to go to: `{origin}/entrar#{code}` (a fragment, so no server or proxy logs the code). */
export const hostHandoffOutput = z.object({ url: z.string() });
export const redeemHandoffInput = z.object({ code: z.string().min(20).max(1000) });
/** The new host's session, as a login answers it, and the path the user was going to. */
export const redeemHandoffOutput = loginOutput.extend({ path: z.string() });
