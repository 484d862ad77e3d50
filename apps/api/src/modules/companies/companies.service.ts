import type { Db } from '@app/db';
import type { Role } from '@app/shared';
import { notFound } from '../../errors';

/**
 * Security-critical: which company a caller may address by id. Staff reach only their own
 * company; a super_admin reaches any. Anything else answers 404, like a missing company.
 */
export async function companyInScope(db: Db, actor: { role: Role; companyId: number }, id: number): Promise<number> {
  if (actor.role !== 'super_admin' && id !== actor.companyId) throw notFound();
  const company = await db.company.findUnique({ where: { id }, select: { id: true } });
  if (!company) throw notFound();
  return company.id;
}

export async function getCompany(db: Db, actor: { role: Role; companyId: number }, id: number) {
  const companyId = await companyInScope(db, actor, id);
  const c = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { id: true, name: true, subdomain: true, createdAt: true },
  });
  return { id: c.id, name: c.name, subdomain: c.subdomain, created_at: c.createdAt.toISOString() };
}
