import { ROLE_LABELS, type Role, USER_STATUS_LABELS, type UserStatus } from '@app/shared/constants';
import { Badge } from '@mantine/core';

const STATUS_COLORS: Record<UserStatus, string> = { active: 'teal', pending: 'yellow', inactive: 'gray', denied: 'red' };
const ROLE_COLORS: Record<Role, string> = { super_admin: 'grape', owner: 'indigo', administrador: 'blue', colaborador: 'cyan' };

export function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {USER_STATUS_LABELS[status]}
    </Badge>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={ROLE_COLORS[role]} variant="outline">
      {ROLE_LABELS[role]}
    </Badge>
  );
}
