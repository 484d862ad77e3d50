// How a proposal can be paid: the agency's active payment methods with their installments over the
// proposal's total (GET /api/budgets/{id}/payment_methods) and over what one passenger of each age
// group pays (POST /api/budgets/{id}/payment_methods_by_pax). The labels ('10x de R$ 111,27 com
// juros de 1,99% a.m.', '1ª de R$ 33,34 + 2x de R$ 33,33 sem juros') are installments.ts' phrasing,
// the amount masked while values are hidden.
import type { BudgetPaymentMethods } from '@app/shared/budgets';
import { installmentLabel } from '@app/shared/installments';
import { PAYMENT_METHOD_KIND_LABELS } from '@app/shared/payment-methods';
import { Accordion, Anchor, Button, Card, Group, List, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Money } from '../../../components/Money';
import { useTRPC, useTRPCClient } from '../../../lib/trpc';
import { useMoneyText } from '../../../lib/value-visibility';
import { AGE_GROUP_LABELS, AGE_GROUP_PLURALS } from '../labels';
import { PassengerSplitText } from '../PassengerSplitText';
import { CommentButton } from './FinancialComments';

type MethodOptions = BudgetPaymentMethods['proposals'][number]['payment_methods'][number];

/** A method with its ways to pay: one line when it is paid at once, else every count. */
function MethodCard({ method, currency }: { method: MethodOptions; currency: string }) {
  const kind = PAYMENT_METHOD_KIND_LABELS[method.kind];
  const [first] = method.installments;
  const moneyText = useMoneyText();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="payment-method">
      <Text fw={600} fz="sm">
        {method.name}
        {kind !== method.name && (
          <Text span c="dimmed" fz="xs">
            {' '}
            · {kind}
          </Text>
        )}
      </Text>
      {method.installments.length === 1 && first ? (
        <Text fz="sm" data-testid="installment-option">
          <Money cents={first.total_cents} currency={currency} /> à vista
        </Text>
      ) : (
        <List size="sm" spacing={0} aria-label={`Parcelas em ${method.name}`}>
          {method.installments.map((o) => (
            <List.Item key={o.count} data-testid="installment-option">
              {installmentLabel(o, (cents) => moneyText(cents, currency))}
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

function NoMethods() {
  return (
    <Text fz="sm" c="dimmed">
      Nenhuma forma de pagamento ativa.{' '}
      <Anchor component={Link} to="/financeiro/2" fz="sm">
        Cadastre as formas de pagamento
      </Anchor>
      .
    </Text>
  );
}

/** The proposal's total by each method and its installments. */
export function ProposalPayments({
  proposalId,
  proposalTitle,
  payments,
  query,
}: {
  proposalId: number;
  proposalTitle: string;
  payments: BudgetPaymentMethods | undefined;
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
}) {
  const own = payments?.proposals.find((p) => p.proposal_id === proposalId);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`pagamento-${proposalId}`}
      data-testid="proposal-payments"
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} fz="h5" id={`pagamento-${proposalId}`}>
          Formas de pagamento
        </Title>
        <CommentButton proposalId={proposalId} line="installments" label={`Formas de pagamento (${proposalTitle})`} />
      </Group>
      {query.isPending ? (
        <Skeleton h={80} aria-label="Carregando formas de pagamento" />
      ) : query.isError || !payments ? (
        <Group gap="sm">
          <Text fz="sm" c="dimmed">
            Não foi possível carregar as formas de pagamento.
          </Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Tentar de novo
          </Button>
        </Group>
      ) : !own || own.payment_methods.length === 0 ? (
        <NoMethods />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {own.payment_methods.map((m) => (
            <MethodCard key={m.payment_method_id} method={m} currency={payments.currency} />
          ))}
        </SimpleGrid>
      )}
    </Card>
  );
}

/** What each passenger of each age group pays (the first one the leftover cents), by each method (asked when the proposal is shown). */
export function PaxPayments({ budgetId, proposalId }: { budgetId: number; proposalId: number }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = { id: budgetId, proposal_id: proposalId };
  // A POST in the API (it takes a body), but a read: cached per proposal like a query.
  const query = useQuery({
    queryKey: [...trpc.budgets.pathKey(), 'paymentMethodsByPax', input],
    queryFn: () => client.budgets.paymentMethodsByPax.mutate(input),
  });
  const data = query.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`por-passageiro-${proposalId}`}>
      <Title order={3} fz="h5" mb="xs" id={`por-passageiro-${proposalId}`}>
        Pagamento por passageiro
      </Title>
      {query.isPending ? (
        <Skeleton h={80} aria-label="Carregando pagamento por passageiro" />
      ) : query.isError || !data ? (
        <Group gap="sm">
          <Text fz="sm" c="dimmed">
            Não foi possível carregar o pagamento por passageiro.
          </Text>
          <Button size="xs" variant="light" onClick={() => void query.refetch()}>
            Tentar de novo
          </Button>
        </Group>
      ) : data.age_groups.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhum passageiro nesta proposta.
        </Text>
      ) : (
        <Accordion variant="separated" multiple defaultValue={[data.age_groups[0]?.age_group ?? 'adult']}>
          {data.age_groups.map((g) => (
            <Accordion.Item key={g.age_group} value={g.age_group} data-testid={`pax-payment-${g.age_group}`}>
              <Accordion.Control>
                <Text fw={600} fz="sm">
                  {AGE_GROUP_LABELS[g.age_group]}: <Money cents={g.per_passenger_cents} currency={data.currency} /> por passageiro
                </Text>
                <Text fz="xs" c="dimmed">
                  {g.passengers} {AGE_GROUP_PLURALS[g.age_group][g.passengers === 1 ? 0 : 1]} ·{' '}
                  <Money cents={g.sale_cents} currency={data.currency} /> na faixa
                </Text>
                <PassengerSplitText
                  group={g.age_group}
                  split={{ count: g.passengers, first_cents: g.first_passenger_cents, each_cents: g.per_passenger_cents }}
                  currency={data.currency}
                />
              </Accordion.Control>
              <Accordion.Panel>
                {g.payment_methods.length === 0 ? (
                  <NoMethods />
                ) : (
                  <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
                    {g.payment_methods.map((m) => (
                      <MethodCard key={m.payment_method_id} method={m} currency={data.currency} />
                    ))}
                  </SimpleGrid>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </Card>
  );
}
