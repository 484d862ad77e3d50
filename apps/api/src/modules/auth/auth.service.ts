import type { Db } from '@app/db';
import { hashPassword, verifyPassword } from '@app/db';
import { PASSWORD_RESET_TTL_MINUTES, type Role } from '@app/shared';
import type { Config } from '../../config';
import { AppError, fieldError, notFound } from '../../errors';
import { type Platform, sendMailJob } from '../../platform';
import { freshToken } from '../billing/claims';
import { entitlementSelect, entitlementsOf } from '../billing/entitlements';
import { toUserDto, userSelect } from '../users/users.where';
import { passwordResetMail } from './auth.mails';
import { hashOneTimeToken, newOneTimeToken, signAccessToken } from './tokens';

type Services = { db: Db; config: Config; platform: Platform };

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

/** The profile of section 3: user, plan status, days remaining, subdomain and features. */
export async function buildProfile(db: Db, userId: number) {
  // One read: the user, the company and its subscription (the profile is fetched on every page load).
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { ...userSelect, company: { select: { name: true, subdomain: true, subscription: { select: entitlementSelect } } } },
  });
  const ent = entitlementsOf(user.company.subscription, user.role as Role);
  return {
    user: toUserDto(user),
    status_plan: ent.status_plan,
    days_remaining: ent.days_remaining,
    subdomain: user.company.subdomain,
    features: ent.features,
  };
}

/** The profile plus a new token when the caller's claims went stale (a plan change, a new role). */
export async function currentProfile(s: Services, userId: number, authorization: string | undefined) {
  const profile = await buildProfile(s.db, userId);
  const { company_id, company_name, role } = profile.user;
  const token = await freshToken(s.config, authorization, { userId, company_id, company_name, role, features: profile.features });
  return { ...profile, token };
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

export async function login(s: Services, ip: string, email: string, password: string) {
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
  const profile = await buildProfile(s.db, found.id);
  const token = signAccessToken(
    {
      userId: found.id,
      company_id: profile.user.company_id,
      company_name: profile.user.company_name,
      role: profile.user.role,
      features: profile.features,
    },
    s.config.jwtSecret,
    s.config.JWT_TTL_HOURS,
  );
  return { token, ...profile };
}

/** Always the same reply, so the form does not reveal which e-mails exist. */
export async function forgotPassword(s: Services, ip: string, email: string) {
  // Per address, and per e-mail so that one mailbox cannot be flooded from many addresses.
  await consumeAttempt(s.platform.authLimiter, `forgot:${ip}`);
  await consumeAttempt(s.platform.authLimiter, `forgot:${email}`);
  const user = await s.db.user.findFirst({ where: { email, status: 'active' }, select: { id: true, name: true, email: true } });
  if (user) {
    const { token, tokenHash } = newOneTimeToken();
    await s.db.authToken.create({
      data: {
        userId: user.id,
        purpose: 'password_reset',
        tokenHash,
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
      },
    });
    await s.platform.jobs.enqueue(sendMailJob, passwordResetMail(s.config.appUrl, user.email, user.name, token));
  }
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
  if (!row || row.user.status !== 'active') throw fieldError('token', INVALID_LINK);
  const passwordHash = await hashPassword(password);
  await db.$transaction([
    db.user.update({ where: { id: row.user.id }, data: { passwordHash } }),
    // Every other reset link of this user dies with this one.
    db.authToken.updateMany({ where: { userId: row.user.id, purpose: 'password_reset', usedAt: null }, data: { usedAt: new Date() } }),
  ]);
  return { message: 'Senha redefinida com sucesso! Faça login com a nova senha.' };
}

export async function changePassword(db: Db, userId: number, current: string, password: string) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) throw fieldError('current_password', 'está incorreta');
  await db.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(password) } });
  return { message: 'Senha alterada com sucesso!' };
}

export async function registrationInfo(db: Db, token: string) {
  const row = await findValidToken(db, token, 'registration');
  if (!row || row.user.status !== 'pending') throw notFound();
  return { name: row.user.name, email: row.user.email, company_name: row.user.company.name };
}

export async function answerRegistration(db: Db, token: string, answer: { activate: true; password: string } | { activate: false }) {
  const row = await findValidToken(db, token, 'registration');
  if (!row || row.user.status !== 'pending') throw fieldError('token', INVALID_LINK);
  const data = answer.activate
    ? { status: 'active' as const, passwordHash: await hashPassword(answer.password) }
    : { status: 'denied' as const };
  await db.$transaction([
    db.user.update({ where: { id: row.user.id }, data }),
    db.authToken.update({ where: { id: row.id }, data: { usedAt: new Date() } }),
  ]);
  return { message: answer.activate ? 'Cadastro confirmado! Você já pode entrar.' : 'Cadastro recusado.' };
}

export async function updateProfile(
  s: Services,
  userId: number,
  fields: { name?: string; phone?: string | null },
  authorization: string | undefined,
) {
  await s.db.user.update({ where: { id: userId }, data: fields });
  return currentProfile(s, userId, authorization);
}
