import type { User } from '@app/shared';
import type { UserRow } from './users.select';

export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    role: u.role,
    status: u.status,
    company_id: u.companyId,
    company_name: u.company.name,
    created_at: u.createdAt.toISOString(),
  };
}
