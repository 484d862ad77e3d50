import { type Db, type Prisma, qb, queryRows } from '@app/db';
import { type ListUsersInput, type Role, TAKEN_MESSAGE } from '@app/shared';
import type { Deps } from '../../deps';
import { AppError, fieldError, notFound } from '../../errors';
import { findPage } from '../../paging';
import { toUserDto } from './users.dto';
import { registrationMailJob } from './users.jobs';
import { userSelect } from './users.select';
import { userSearchSql, userWhere } from './users.where';

type Actor = { id: number; role: Role };
type UserFields = { name: string; email: string; phone?: string | null; role: 'owner' | 'administrador' | 'colaborador' };

/** The ids of the agency's users a search finds (see userSearchSql). */
async function usersMatching(db: Db, companyId: number, term: string): Promise<number[]> {
  const rows = await queryRows(db, qb.selectFrom('users').select('id').where(userSearchSql(companyId, term)));
  return rows.map((row) => row.id);
}

export async function listUsers(db: Db, companyId: number, input: ListUsersInput) {
  const where: Prisma.UserWhereInput = {
    ...userWhere(companyId),
    ...(input.status ? { status: input.status } : {}),
    ...(input.role ? { role: input.role } : {}),
    ...(input.search ? { id: { in: await usersMatching(db, companyId, input.search) } } : {}),
  };
  const { rows, pagination } = await findPage(
    input,
    (page) => db.user.findMany({ where, select: userSelect, orderBy: [{ name: 'asc' }, { id: 'asc' }], ...page }),
    () => db.user.count({ where }),
  );
  return { users: rows.map(toUserDto), pagination };
}

export async function getUser(db: Db, companyId: number, id: number) {
  const user = await db.user.findFirst({ where: userWhere(companyId, id), select: userSelect });
  if (!user) throw notFound();
  return toUserDto(user);
}

/** Only an owner hands out or takes away the owner role, and only an owner edits an owner. */
function assertMayManage(actor: Actor, target: { id?: number; role: Role } | null, newRole?: Role) {
  if (actor.role === 'super_admin' || actor.role === 'owner') return;
  if (target?.role === 'owner' || newRole === 'owner') {
    throw new AppError('CONFLICT', { message: 'Apenas o proprietário pode alterar um proprietário.' });
  }
}

async function assertEmailFree(db: Db, email: string, exceptId?: number) {
  const other = await db.user.findFirst({ where: { email, ...(exceptId ? { NOT: { id: exceptId } } : {}) }, select: { id: true } });
  if (other) throw fieldError('email', TAKEN_MESSAGE);
}

/**
 * The registration e-mail: the user confirms (and sets a password) or denies. Its job mints the
 * link. Recorded in the transaction that makes the user pending; the caller flushes after it.
 */
export async function sendRegistrationMail(s: Deps, tx: Prisma.TransactionClient, userId: number) {
  await s.platform.jobs.enqueueIn(tx, registrationMailJob, { user_id: userId });
}

/** New staff start pending and get an e-mail to confirm (and set a password) or deny. */
export async function createUser(s: Deps, companyId: number, actor: Actor, fields: UserFields) {
  assertMayManage(actor, null, fields.role);
  await assertEmailFree(s.db, fields.email);
  const user = await s.db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: { companyId, name: fields.name, email: fields.email, phone: fields.phone ?? null, role: fields.role, status: 'pending' },
      select: userSelect,
    });
    await sendRegistrationMail(s, tx, created.id);
    return created;
  });
  await s.platform.jobs.flush();
  return toUserDto(user);
}

export async function updateUser(db: Db, companyId: number, actor: Actor, id: number, fields: Partial<UserFields>) {
  const target = await db.user.findFirst({ where: userWhere(companyId, id), select: { id: true, role: true } });
  if (!target) throw notFound();
  assertMayManage(actor, target, fields.role);
  if (fields.role && target.id === actor.id && fields.role !== actor.role) {
    throw new AppError('CONFLICT', { message: 'Você não pode alterar o seu próprio perfil de acesso.' });
  }
  if (fields.email) await assertEmailFree(db, fields.email, id);
  const user = await db.user.update({
    where: { id: target.id },
    data: { name: fields.name, email: fields.email, phone: fields.phone, role: fields.role },
    select: userSelect,
  });
  return toUserDto(user);
}

/**
 * Deactivate, or reactivate. Someone who never set a password (pending, denied) comes back as
 * pending with a fresh registration e-mail, since the old link may be used up or expired.
 */
export async function setUserActive(s: Deps, companyId: number, actor: Actor, id: number, active: boolean) {
  const target = await s.db.user.findFirst({ where: userWhere(companyId, id), select: { id: true, role: true, passwordHash: true } });
  if (!target) throw notFound();
  assertMayManage(actor, target);
  if (target.id === actor.id) throw new AppError('CONFLICT', { message: 'Você não pode desativar o seu próprio usuário.' });
  const status = active ? (target.passwordHash ? 'active' : 'pending') : 'inactive';
  const user = await s.db.$transaction(async (tx) => {
    const updated = await tx.user.update({ where: { id: target.id }, data: { status }, select: userSelect });
    if (status === 'pending') await sendRegistrationMail(s, tx, updated.id);
    return updated;
  });
  await s.platform.jobs.flush();
  return toUserDto(user);
}
