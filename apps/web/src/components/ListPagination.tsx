import type { Pagination as PaginationData } from '@app/shared/pagination';
import { Group, Pagination, Text } from '@mantine/core';

const CONTROL_LABELS = { first: 'Primeira página', previous: 'Página anterior', next: 'Próxima página', last: 'Última página' };

/** '12 clientes · página 1 de 2' (a capped search: 'mais de 100 clientes · página 1') and the page buttons (the API's pagination block). */
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
  // A search counts its matches up to a cap: past it, 'mais de 100' and no last page.
  const capped = pagination.total_count_capped === true;
  const counted = noun && (capped ? `mais de ${count} ${noun[1]}` : `${count} ${count === 1 ? noun[0] : noun[1]}`);
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text fz="sm" c="dimmed" aria-live="polite">
        {counted ? `${counted} · página` : 'Página'} {pagination.current_page}
        {capped ? '' : ` de ${pagination.total_pages}`}
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
