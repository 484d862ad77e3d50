import { FEATURE_KEYS, PASSWORD_MIN_LENGTH, ROLES, USER_STATUSES } from './constants';
import { secretText } from './form';
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
/** PATCH /api/profile: any of the profile's own data. */
export const updateProfileInput = profileFormInput.partial().strict();
