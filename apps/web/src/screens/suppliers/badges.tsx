import { SERVICE_TYPE_LABELS, type ServiceType } from '@app/shared/service-types';
import { Badge, Group } from '@mantine/core';

export { ClientKindBadge as SupplierKindBadge } from '../clients/badges';

export function SupplierActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" data-testid="supplier-status">
      {active ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

export function ServiceTypeBadges({ types }: { types: readonly ServiceType[] }) {
  return (
    <Group gap={4} wrap="wrap">
      {types.map((type) => (
        <Badge key={type} size="sm" variant="light" color="indigo">
          {SERVICE_TYPE_LABELS[type]}
        </Badge>
      ))}
    </Group>
  );
}
