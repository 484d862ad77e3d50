import type { Pagination as PaginationData } from '@app/shared/pagination';
import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = { first: 'Primeira página', previous: 'Página anterior', next: 'Próxima página', last: 'Última página' };

/** '12 clientes · página 1 de 2' and the page buttons (the API's pagination block). */
export function ListPagination({
  pagination,
  noun,
  onChange,
  label = 'Paginação',
}: {
  pagination: PaginationData | undefined;
  /** Singular and plural: ['cliente', 'clientes']; without it only the page is told. */
  noun?: [string, string];
  onChange: (page: number) => void;
  label?: string;
}) {
  if (!pagination || pagination.total_count === 0) return null;
  const count = pagination.total_count;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {noun ? `${count} ${count === 1 ? noun[0] : noun[1]} · página` : 'Página'} {pagination.current_page} de {pagination.total_pages}
      </Text>
      <Pagination
        total={pagination.total_pages}
        value={pagination.current_page}
        onChange={onChange}
        hideWithOnePage
        size="sm"
        aria-label={label}
        getItemProps={(p) => ({ 'aria-label': `Página ${p}` })}
        getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
      />
    </Group>
  );
}
