import type { CostsVisibility, Db } from '@app/db';
import { compiledStatement, enumText, hashPassword, Prisma, qb, queryRows, verifyPassword } from '@app/db';
import { canSeeCosts, type Role, TAKEN_MESSAGE } from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, fieldError, notFound } from '../../errors';
import type { Platform } from '../../platform';
import { freshToken } from '../access/claims';
import { type EntitlementRow, type Entitlements, entitlementsOf } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import { type AccessClaims, hashOneTimeToken, signAccessToken } from '../access/tokens';
import { toUserDto } from '../users/users.dto';
import type { UserRow } from '../users/users.select';
import { passwordResetMailJob } from './auth.jobs';

export const INVALID_LOGIN = 'E-mail ou senha inválidos';
const FORGOT_PASSWORD_REPLY = 'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.';
const INVALID_LINK = 'Link inválido ou expirado.';

// Compared against when the e-mail is unknown, so both paths cost one hash.
let dummyHash: Promise<string> | undefined;

const tooManyAttempts = () =>
  new AppError('TOO_MANY_REQUESTS', { message: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.' });

async function consumeAttempt(limiter: Platform['authLimiter'], key: string) {
  try {
    await limiter.consume(key);
  } catch {
    throw tooManyAttempts();
  }
}

/**
 * The profile's row in one statement (user, company, subscription, plan), compiled once and prepared
 * per connection: every screen load reads it, and the ORM's nested select cost three times the read.
 */
const profileStatement = compiledStatement((_shape: null, v: { userId: number }) =>
  qb
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.company_id')
    .leftJoin('subscriptions as s', 's.company_id', 'u.company_id')
    .leftJoin('plans as p', 'p.id', 's.plan_id')
    .select((eb) => [
      'u.id',
      'u.name',
      'u.email',
      'u.phone',
      enumText(eb.ref('u.role')).as('role'),
      enumText(eb.ref('u.status')).as('status'),
      'u.company_id',
      'u.created_at',
      'u.token_version',
      'c.name as company_name',
      'c.subdomain',
      enumText(eb.ref('c.costs_visibility')).as('costs_visibility'),
      enumText(eb.ref('s.status')).as('subscription_status'),
      's.current_period_end',
      's.trial_ends_at',
      'p.features',
    ])
    .where('u.id', '=', v.userId),
);

const profileRows = (db: Db, userId: number) => queryRows(db, profileStatement(null, { userId }));
type ProfileRow = Awaited<ReturnType<typeof profileRows>>[number];

async function readProfile(db: Db, userId: number) {
  const [row] = await profileRows(db, userId);
  if (!row) throw notFound();
  return toProfile(row);
}

/** The profile: user, plan status, days remaining, subdomain and features; and the claims a token for it carries. */
function toProfile(row: ProfileRow) {
  const role = row.role as Role;
  const subscription: EntitlementRow | null = row.subscription_status
    ? {
        status: row.subscription_status as EntitlementRow['status'],
        currentPeriodEnd: row.current_period_end,
        trialEndsAt: row.trial_ends_at,
        plan: { features: row.features as EntitlementRow['plan']['features'] },
      }
    : null;
  const ent = entitlementsOf(subscription, role);
  const profile = {
    user: toUserDto({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      role,
      status: row.status as UserRow['status'],
      companyId: row.company_id,
      createdAt: row.created_at,
      company: { name: row.company_name },
    }),
    status_plan: ent.status_plan,
    days_remaining: ent.days_remaining,
    subdomain: row.subdomain,
    features: ent.features,
    sees_costs: canSeeCosts(role, row.costs_visibility as CostsVisibility),
  };
  const claims: AccessClaims = {
    userId: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    role,
    features: ent.features,
    token_version: row.token_version,
  };
  return { profile, claims };
}

const signFor = (s: Deps, claims: AccessClaims) => signAccessToken(claims, s.config.jwtSecret, s.config.JWT_TTL_HOURS);

/**
 * The profile plus a new token when the presented token's claims went stale (a plan change, a new
 * role). The token keeps the presented version: the session check just proved it is the user's.
 */
export async function currentProfile(s: Deps, presented: AccessClaims) {
  const { profile, claims } = await readProfile(s.db, presented.userId);
  return { ...profile, token: freshToken(s.config, presented, { ...claims, token_version: presented.token_version }) };
}

/** The active user with this e-mail and password; any mismatch is the same 401, at the same cost. */
async function verifiedUser(db: Db, email: string, password: string) {
  const found = await db.user.findUnique({ where: { email }, select: { id: true, status: true, passwordHash: true } });
  if (!found?.passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verifyPassword(await dummyHash, password);
    throw new AppError('UNAUTHORIZED', { message: INVALID_LOGIN });
  }
  if (!(await verifyPassword(found.passwordHash, password))) throw new AppError('UNAUTHORIZED', { message: INVALID_LOGIN });
  if (found.status !== 'active')
    throw new AppError('UNAUTHORIZED', { message: 'Usuário inativo. Fale com o responsável pela sua agência.' });
  return found;
}

/**
 * A new session (token and profile) for an active user whose token version is still
 * `tokenVersion`: a session handed over from another host. Null otherwise.
 */
export async function sessionFor(s: Deps, userId: number, tokenVersion: number) {
  const [row] = await profileRows(s.db, userId);
  if (row?.status !== 'active' || row.token_version !== tokenVersion) return null;
  const { profile, claims } = toProfile(row);
  return { token: signFor(s, claims), ...profile };
}

export async function login(s: Deps, ip: string, email: string, password: string) {
  // Attempts per e-mail from one address (reset by a success), and failures per address across
  // e-mails: an office's successful logins never count, and a valid account cannot clear it.
  const ipKey = `login:${ip}`;
  const ipFailures = (await s.platform.authIpLimiter.get(ipKey))?.consumedPoints ?? 0;
  if (ipFailures >= s.platform.authIpLimiter.points) throw tooManyAttempts();
  await consumeAttempt(s.platform.authLimiter, `login:${ip}:${email}`);
  const found = await verifiedUser(s.db, email, password).catch(async (error: unknown) => {
    await s.platform.authIpLimiter.penalty(ipKey);
    throw error;
  });
  await s.platform.authLimiter.delete(`login:${ip}:${email}`);
  const { profile, claims } = await readProfile(s.db, found.id);
  return { token: signFor(s, claims), ...profile };
}

/** Always the same reply, so the form does not reveal which e-mails exist. */
export async function forgotPassword(s: Deps, ip: string, email: string) {
  // Per address, and per e-mail so that one mailbox cannot be flooded from many addresses.
  await consumeAttempt(s.platform.authLimiter, `forgot:${ip}`);
  await consumeAttempt(s.platform.authLimiter, `forgot:${email}`);
  const user = await s.db.user.findFirst({ where: { email, status: 'active' }, select: { id: true } });
  if (user) await s.platform.jobs.enqueue(passwordResetMailJob, { user_id: user.id });
  return { message: FORGOT_PASSWORD_REPLY };
}

async function findValidToken(db: Db, token: string, purpose: 'password_reset' | 'registration') {
  const row = await db.authToken.findUnique({
    where: { tokenHash: hashOneTimeToken(token) },
    select: {
      id: true,
      purpose: true,
      usedAt: true,
      expiresAt: true,
      user: { select: { id: true, name: true, email: true, status: true, company: { select: { name: true } } } },
    },
  });
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt.getTime() < Date.now()) return null;
  return row;
}

export async function resetPassword(db: Db, token: string, password: string) {
  const row = await findValidToken(db, token, 'password_reset');
  if (row?.user.status !== 'active') throw fieldError('token', INVALID_LINK);
  const passwordHash = await hashPassword(password);
  await db.$transaction([
    // A new version ends every access token signed before the reset.
    db.user.update({ where: { id: row.user.id }, data: { passwordHash, tokenVersion: { increment: 1 } } }),
    // Every other reset link of this user dies with this one.
    db.authToken.updateMany({ where: { userId: row.user.id, purpose: 'password_reset', usedAt: null }, data: { usedAt: new Date() } }),
  ]);
  return { message: 'Senha redefinida com sucesso! Faça login com a nova senha.' };
}

/**
 * A new version ends every access token signed before the change, on every device; the reply
 * carries a token of the new version so this device stays signed in.
 */
export async function changePassword(s: Deps, userId: number, current: string, password: string) {
  const user = await s.db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) throw fieldError('current_password', 'está incorreta');
  await s.db.user.update({
    where: { id: userId },
    data: { passwordHash: await hashPassword(password), tokenVersion: { increment: 1 } },
  });
  return { message: 'Senha alterada com sucesso!', token: signFor(s, (await readProfile(s.db, userId)).claims) };
}

export async function registrationInfo(db: Db, token: string) {
  const row = await findValidToken(db, token, 'registration');
  if (row?.user.status !== 'pending') throw notFound();
  return { name: row.user.name, email: row.user.email, company_name: row.user.company.name };
}

export async function answerRegistration(db: Db, token: string, answer: { activate: true; password: string } | { activate: false }) {
  const row = await findValidToken(db, token, 'registration');
  if (row?.user.status !== 'pending') throw fieldError('token', INVALID_LINK);
  const data = answer.activate
    ? { status: 'active' as const, passwordHash: await hashPassword(answer.password) }
    : { status: 'denied' as const };
  await db.$transaction([
    db.user.update({ where: { id: row.user.id }, data }),
    db.authToken.update({ where: { id: row.id }, data: { usedAt: new Date() } }),
  ]);
  return { message: answer.activate ? 'Cadastro confirmado! Você já pode entrar.' : 'Cadastro recusado.' };
}

/**
 * PATCH /api/profile: the user's own name and phone, and the agency's subdomain, which only the
 * owner sets, and only while the plan has custom_subdomain (402, as any feature the plan lacks).
 */
export async function updateProfile(
  s: Deps,
  presented: AccessClaims,
  caller: { user: SessionUser; entitlements: Entitlements },
  fields: { name?: string; phone?: string | null; subdomain?: string | null },
) {
  const { subdomain, ...own } = fields;
  if (subdomain !== undefined) await checkSubdomain(s, caller, subdomain);
  try {
    await s.db.$transaction([
      s.db.user.update({ where: { id: presented.userId }, data: own }),
      ...(subdomain !== undefined ? [s.db.company.update({ where: { id: caller.user.companyId }, data: { subdomain } })] : []),
    ]);
  } catch (error) {
    // Two owners racing past the check meet the unique index.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw fieldError('subdomain', TAKEN_MESSAGE);
    throw error;
  }
  return currentProfile(s, presented);
}

async function checkSubdomain(
  s: Deps,
  { user, entitlements }: { user: SessionUser; entitlements: Entitlements },
  subdomain: string | null,
) {
  if (user.role !== 'owner') throw new AppError('FORBIDDEN', { message: 'Só o proprietário escolhe o endereço da agência.' });
  if (!entitlements.features.custom_subdomain) {
    throw new AppError('PLAN_RESTRICTED', { message: 'Este recurso não está incluído no plano da sua agência.' });
  }
  if (!subdomain) return;
  const taken = await s.db.company.findFirst({ where: { subdomain, NOT: { id: user.companyId } }, select: { id: true } });
  if (taken) throw fieldError('subdomain', TAKEN_MESSAGE);
}
