// A dashboard chart with the table of its figures behind it: the table is always there for a screen
// reader (visually hidden) and "Ver tabela" shows it to everyone; the drawing itself is hidden from
// assistive technology, which reads the table instead.
import { Button, Card, Group, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChartBar, IconTable } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';

export type ChartTable = { head: string[]; rows: { key: string; cells: ReactNode[] }[] };

export function ChartCard({
  title,
  table,
  empty,
  testId,
  footer,
  children,
}: {
  title: string;
  table: ChartTable;
  /** Shown instead of the chart when it has nothing to draw. */
  empty?: string;
  testId: string;
  /** Links under the chart (outside the hidden drawing). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const grid = (
    <Table id={tableId} striped withTableBorder fz="sm" data-testid={`${testId}-table`}>
      <Table.Caption>{title}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {table.head.map((h, i) => (
            <Table.Th key={h} ta={i === 0 ? 'left' : 'right'} scope="col">
              {h}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {table.rows.map((row) => (
          <Table.Tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <Table.Th key={`${row.key}-${i}`} scope="row" fw={400}>
                  {cell}
                </Table.Th>
              ) : (
                <Table.Td key={`${row.key}-${i}`} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </Table.Td>
              ),
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return (
    <Card withBorder radius="lg" padding="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} fz="md">
          {title}
        </Title>
        {!empty && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={showTable ? <IconChartBar size={16} aria-hidden /> : <IconTable size={16} aria-hidden />}
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((v) => !v)}
          >
            {showTable ? 'Ver gráfico' : 'Ver tabela'}
          </Button>
        )}
      </Group>
      {empty ? (
        <Text c="dimmed" fz="sm" py="lg" ta="center">
          {empty}
        </Text>
      ) : showTable ? (
        grid
      ) : (
        <>
          <div aria-hidden="true" inert>
            {children}
          </div>
          <VisuallyHidden>{grid}</VisuallyHidden>
        </>
      )}
      {footer}
    </Card>
  );
}
