// One proposal of the total-value screen: its sale total, what each age group and each passenger
// pays (the first passenger of a group too, where the group's share leaves cents over), the agency's view of every service (sale, cost, commission, revenue) and of the whole
// (cost, revenue, margin). Every number is the API's (budget-totals.ts proposalTotals); this file
// only formats them.
import { SERVICE_TYPE_DECLARATIONS } from '@app/shared/budget-services';
import type { AgeGroup } from '@app/shared/budget-totals';
import { AGE_GROUPS } from '@app/shared/budget-totals';
import type { BudgetTree, ProposalTree } from '@app/shared/budgets';
import { costsShown } from '@app/shared/cost-fields';
import { formatBasisPoints } from '@app/shared/installments';
import { passengerSplit } from '@app/shared/splits';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Money } from '../../../components/Money';
import { AGE_GROUP_LABELS, headCountText } from '../labels';
import { PassengerSplitText, usePassengerSplitText } from '../PassengerSplitText';
import { CommentButton } from './FinancialComments';

/** A labelled figure with the comment button of its line. */
function Figure({
  label,
  value,
  testId,
  comment,
  hint,
}: {
  label: string;
  value: ReactNode;
  testId: string;
  comment?: ReactNode;
  hint?: string;
}) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {comment}
      </Group>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text fz="xs" c="dimmed" data-testid={`${testId}-hint`}>
          {hint}
        </Text>
      )}
    </Card>
  );
}

/** Marks what the customer never sees. */
export function AgencyOnly() {
  return (
    <Badge color="grape" variant="light" leftSection={<IconLock size={12} aria-hidden />}>
      Visível só para a agência
    </Badge>
  );
}

/** A table that scrolls sideways on a narrow screen, reachable by keyboard for that. */
function ScrollTable({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard.
    <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table miw={minWidth} verticalSpacing="xs" striped>
        {children}
      </Table>
    </section>
  );
}

export function ProposalSummary({ budget, proposal }: { budget: BudgetTree; proposal: ProposalTree }) {
  const { totals } = proposal;
  const money = (cents: number) => <Money cents={cents} currency={budget.currency} />;
  const groups = AGE_GROUPS.filter((g) => totals.passengers[g] > 0);
  const splitText = usePassengerSplitText(budget.currency);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <Figure
          label="Total de venda"
          value={money(totals.sale_cents)}
          testId="total-sale"
          hint={headCountText(totals.passengers) || 'Sem passageiros'}
          comment={<CommentButton proposalId={proposal.id} line="sale" label={`Total de venda (${proposal.title})`} />}
        />
        {groups.map((g) => (
          <Figure
            key={g}
            label={`Por ${AGE_GROUP_LABELS[g].toLowerCase()}`}
            value={money(totals.per_passenger[g] ?? 0)}
            testId={`per-passenger-${g}`}
            hint={splitText(g, passengerSplit(totals, g)) ?? 'por passageiro'}
          />
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`faixas-${proposal.id}`}>
        <Title order={3} fz="h5" mb="xs" id={`faixas-${proposal.id}`}>
          Por faixa etária
        </Title>
        {groups.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nenhum passageiro nos serviços desta proposta.
          </Text>
        ) : (
          <ScrollTable label="Valores por faixa etária" minWidth={320}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Faixa etária</Table.Th>
                <Table.Th ta="right">Passageiros</Table.Th>
                <Table.Th ta="right">Total da faixa</Table.Th>
                <Table.Th ta="right">Por passageiro</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.map((g: AgeGroup) => (
                <Table.Tr key={g} data-testid={`age-group-${g}`}>
                  <Table.Td>{AGE_GROUP_LABELS[g]}</Table.Td>
                  <Table.Td ta="right">{totals.passengers[g]}</Table.Td>
                  <Table.Td ta="right">{money(totals.sale_by_age_group[g])}</Table.Td>
                  <Table.Td ta="right">
                    {money(totals.per_passenger[g] ?? 0)}
                    <PassengerSplitText group={g} split={passengerSplit(totals, g)} currency={budget.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
      </Card>
    </Stack>
  );
}

/** The agency's eyes only: each service's sale, cost, commission and revenue, then cost, revenue and margin of the proposal. */
export function AgencyLines({ budget, proposal }: { budget: BudgetTree; proposal: ProposalTree }) {
  // The API leaves costs out for a user the agency's setting keeps them from.
  if (!costsShown(proposal)) return null;
  const { totals } = proposal;
  const money = (cents: number) => <Money cents={cents} currency={budget.currency} />;
  const line = (key: string, label: string) => <CommentButton proposalId={proposal.id} line={key} label={`${label} (${proposal.title})`} />;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`agencia-${proposal.id}`}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} fz="h5" id={`agencia-${proposal.id}`}>
          Custos e receita
        </Title>
        <AgencyOnly />
      </Group>
      {proposal.services.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhum serviço nesta proposta.
        </Text>
      ) : (
        <ScrollTable label="Valores de cada serviço" minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Serviço</Table.Th>
              <Table.Th ta="right">Venda</Table.Th>
              <Table.Th ta="right">Custo</Table.Th>
              <Table.Th ta="right">Comissão</Table.Th>
              <Table.Th ta="right">Receita</Table.Th>
              <Table.Th w={44}>
                <VisuallyHidden>Comentários</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {proposal.services.map((s, i) => {
              const t = totals.services[i];
              if (!t) return null;
              return (
                <Table.Tr key={s.id} data-testid={`service-line-${s.id}`}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {s.title}
                    </Text>
                    <Group gap={6}>
                      <Text fz="xs" c="dimmed">
                        {SERVICE_TYPE_DECLARATIONS[s.type].label}
                        {s.currency !== budget.currency ? ` · em ${s.currency}` : ''}
                      </Text>
                      {t.canceled && (
                        <Badge size="xs" color="red" variant="light">
                          Cancelado
                        </Badge>
                      )}
                    </Group>
                    {s.refund && (
                      <Text fz="xs" c="dimmed">
                        Reembolso <Money cents={s.refund.refund_cents} currency={s.currency} /> · multa{' '}
                        <Money cents={s.refund.penalty_cents} currency={s.currency} />
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="line-sale">
                    {money(t.sale_cents)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="line-cost">
                    {money(t.cost_cents)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="line-commission">
                    <Money cents={t.commission_cents} currency={s.currency} />
                    {s.commission_basis_points > 0 && (
                      <Text fz="xs" c="dimmed">
                        {formatBasisPoints(s.commission_basis_points)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="line-revenue">
                    {money(t.revenue_cents)}
                  </Table.Td>
                  <Table.Td>{line(`service:${s.id}`, s.title)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>Total da proposta</Table.Td>
              <Table.Td ta="right">{money(totals.sale_cents)}</Table.Td>
              <Table.Td ta="right">{money(totals.cost_cents)}</Table.Td>
              <Table.Td ta="right">
                <Text span c="dimmed" fz="xs">
                  por serviço
                </Text>
              </Table.Td>
              <Table.Td ta="right">{money(totals.revenue_cents)}</Table.Td>
              <Table.Td />
            </Table.Tr>
          </Table.Tfoot>
        </ScrollTable>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="md">
        <Figure label="Custo total" value={money(totals.cost_cents)} testId="total-cost" comment={line('cost', 'Custo total')} />
        <Figure
          label="Receita"
          value={money(totals.revenue_cents)}
          testId="total-revenue"
          hint="Comissões e taxas da agência"
          comment={line('revenue', 'Receita')}
        />
        <Figure
          label="Margem"
          value={formatBasisPoints(totals.margin_basis_points)}
          testId="total-margin"
          hint="Receita sobre a venda"
          comment={line('margin', 'Margem')}
        />
      </SimpleGrid>
    </Card>
  );
}
