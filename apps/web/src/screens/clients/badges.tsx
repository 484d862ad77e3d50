import type { ClientKind } from '@app/shared/clients';
import { Badge } from '@mantine/core';
import { ACTIVE_LABELS, KIND_LABELS } from './labels';

export function ClientActiveBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" data-testid="client-status">
      {ACTIVE_LABELS[active ? 'true' : 'false']}
    </Badge>
  );
}

export function ClientKindBadge({ kind }: { kind: ClientKind }) {
  return (
    <Badge color={kind === 'person' ? 'blue' : 'grape'} variant="outline">
      {KIND_LABELS[kind]}
    </Badge>
  );
}
