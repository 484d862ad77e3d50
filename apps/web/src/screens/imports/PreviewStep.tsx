import type { ImportPreview } from '@app/shared/imports';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconPlayerPlay } from '@tabler/icons-react';
import { ListPagination } from '../../components/ListPagination';
import { rowCount } from './labels';
import { StepHeading } from './StepFrame';

type Action = ImportPreview['rows'][number]['action'];
const ACTIONS: Record<Action, { label: string; color: string }> = {
  create: { label: 'Criar', color: 'teal' },
  update: { label: 'Atualizar', color: 'blue' },
  reject: { label: 'Recusar', color: 'red' },
};

const INVALID_NOUN: [string, string] = ['linha recusada', 'linhas recusadas'];

function Total({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="h3" fw={600} data-testid={testId}>
        {value.toLocaleString('pt-BR')}
      </Text>
    </Card>
  );
}

/**
 * Step 3: what the import would do, nothing written yet: the totals, the first rows as they will
 * be saved, and a page of the rows refused with their reasons.
 */
export function PreviewStep({
  preview,
  loading,
  starting,
  onPage,
  onBack,
  onStart,
}: {
  preview: ImportPreview;
  /** A page of the refused rows on its way. */
  loading: boolean;
  starting: boolean;
  onPage: (page: number) => void;
  onBack: () => void;
  onStart: () => void;
}) {
  const { import: imp, rows, invalid, totals } = preview;
  const columns = imp.fields.filter((f) => imp.mapping[f.key] !== undefined);
  const saved = totals.create + totals.update;

  return (
    <Stack gap="md">
      <StepHeading>Pré-visualizar</StepHeading>
      <Text fz="sm" c="dimmed">
        Nada foi gravado ainda. A planilha tem {rowCount(totals.rows)} com dados; confira como elas serão salvas.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="import-preview-totals">
        <Total label="Linhas" value={totals.rows} testId="preview-total-rows" />
        <Total label="Serão criadas" value={totals.create} testId="preview-total-create" />
        <Total label="Serão atualizadas" value={totals.update} testId="preview-total-update" />
        <Total label="Serão recusadas" value={totals.reject} testId="preview-total-reject" />
      </SimpleGrid>

      <Stack gap="xs" component="section" aria-label="Primeiras linhas">
        <Text fw={600} component="h3" fz="sm">
          {rows.length < totals.rows ? `As primeiras ${rowCount(rows.length)}` : 'As linhas'}, como serão salvas
        </Text>
        <Table.ScrollContainer minWidth={Math.max(480, 140 * (columns.length + 2))}>
          <Table verticalSpacing="xs" striped data-testid="import-preview-rows">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Linha</Table.Th>
                <Table.Th>Ação</Table.Th>
                {columns.map((f) => (
                  <Table.Th key={f.key}>{f.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.row_number} data-testid="preview-row">
                  <Table.Td>{row.line}</Table.Td>
                  <Table.Td miw={110}>
                    <Badge variant="light" color={ACTIONS[row.action].color}>
                      {ACTIONS[row.action].label}
                    </Badge>
                  </Table.Td>
                  {columns.map((f) => (
                    <Table.Td key={f.key} style={{ overflowWrap: 'anywhere' }}>
                      {row.values[f.key] ?? <Text c="dimmed">—</Text>}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>

      <Stack gap="xs" component="section" aria-label="Linhas recusadas">
        <Text fw={600} component="h3" fz="sm">
          Linhas que serão recusadas
        </Text>
        {invalid.rows.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="import-invalid-empty">
            Nenhuma linha será recusada.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table verticalSpacing="xs" aria-busy={loading} style={{ opacity: loading ? 0.6 : 1 }} data-testid="import-invalid-rows">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={70}>Linha</Table.Th>
                    <Table.Th>Motivos</Table.Th>
                    <Table.Th>Dados da linha</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invalid.rows.map((row) => (
                    <Table.Tr key={row.row_number} data-testid="invalid-row">
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>
                        <List size="sm" spacing={2}>
                          {row.reasons.map((reason) => (
                            <List.Item key={reason}>{reason}</List.Item>
                          ))}
                        </List>
                      </Table.Td>
                      <Table.Td>
                        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {row.data.filter((cell) => cell.trim()).join(' · ')}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListPagination pagination={invalid.pagination} noun={INVALID_NOUN} onChange={onPage} label="Páginas das linhas recusadas" />
          </>
        )}
      </Stack>

      {saved === 0 && (
        <Text fz="sm" c="red" role="status">
          Nenhuma linha seria salva: volte ao mapeamento e confira as colunas.
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} disabled={starting}>
          Voltar ao mapeamento
        </Button>
        <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={onStart} loading={starting} disabled={saved === 0}>
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
