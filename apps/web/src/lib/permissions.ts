// Which user-management actions a role sees (mirrors apps/api users.service assertMayManage,
// so the UI never calls a procedure the role cannot use: 401/403 would log the user out).
import type { Role } from '@app/shared/constants';

type Person = { id: number; role: Role };

/** The API's managerProcedure: owner and administrador. */
export const isManager = (role: Role | undefined) => role === 'owner' || role === 'administrador';

/** Create, edit, deactivate and reactivate staff. */
export const canManageUsers = isManager;

/** An administrador touches no owner; the owner role is handed out only by an owner. */
export function canManageUser(actor: Person | null | undefined, target: Person): boolean {
  if (!actor || !canManageUsers(actor.role)) return false;
  return !(target.role === 'owner' && actor.role !== 'owner');
}

export const assignableRoles = (actor: Role | undefined): Role[] =>
  actor === 'owner' ? ['colaborador', 'administrador', 'owner'] : ['colaborador', 'administrador'];

export const isOwner = (role: Role | undefined) => role === 'owner';
