// /valor-total/{id}: a budget's totals, one proposal per tab (the open one in the address as
// ?proposta=): the sale total, per age group and per passenger, the agency's costs and revenue per
// service, and the payment methods with their installments, for the proposal and per passenger.
// With the financial_table_comments feature the agents comment on the lines.
import { headlineProposalId } from '@app/shared/budget-totals';
import { Badge, Button, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconReceipt } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Money } from '../../components/Money';
import { PageHeader } from '../../components/PageHeader';
import { BackLink, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { useTRPC } from '../../lib/trpc';
import { BUDGET_STATUS_COLORS, BUDGET_STATUS_LABELS, budgetEditorPath, budgetInfoPath } from './labels';
import { FinancialCommentsProvider, useFinancialComments } from './total-value/FinancialComments';
import { PaxPayments, ProposalPayments } from './total-value/PaymentOptions';
import { AgencyLines, ProposalSummary } from './total-value/ProposalTotals';

export default function TotalValueScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const query = useQuery(trpc.budgets.get.queryOptions(id ? { id } : skipToken));
  const payments = useQuery(trpc.budgets.paymentMethods.queryOptions(id ? { id } : skipToken));
  const comments = useFinancialComments(id);
  const budget = query.data;

  if (recordNotFound(id, query)) {
    return (
      <DetailNotFound
        back={<BackLink to="/orcamentos">Voltar para orçamentos</BackLink>}
        icon={<IconReceipt size={28} aria-hidden />}
        title="Orçamento não encontrado"
      />
    );
  }

  const proposals = budget?.proposals ?? [];
  const asked = Number(params.get('proposta'));
  // Without ?proposta=, the sold proposal, else the accepted one, else the first.
  const headline = budget ? headlineProposalId(budget) : null;
  const open = proposals.find((p) => p.id === asked) ?? proposals.find((p) => p.id === headline) ?? proposals[0];

  return (
    <Stack gap="md">
      <BackLink to={id ? budgetInfoPath(id) : '/orcamentos'}>Voltar para o orçamento</BackLink>
      <PageHeader
        actions={
          budget && (
            <>
              <Button
                component={Link}
                to={`/orcamento-timeline/${budget.id}${open ? `/${open.id}` : ''}`}
                variant="default"
                leftSection={<IconCalendarEvent size={16} aria-hidden />}
              >
                Linha do tempo
              </Button>
              <Button component={Link} to={budgetEditorPath(budget.id)} variant="light" leftSection={<IconEdit size={16} aria-hidden />}>
                Editar orçamento
              </Button>
            </>
          )
        }
      >
        {budget && (
          <Badge color={BUDGET_STATUS_COLORS[budget.status]} variant="light">
            {BUDGET_STATUS_LABELS[budget.status]}
          </Badge>
        )}
      </PageHeader>
      {!budget ? (
        <DetailPending failed={query.isError} noun="orçamento" />
      ) : (
        <FinancialCommentsProvider value={comments}>
          <Text c="dimmed" mt={-12} data-testid="budget-title">
            {budget.title} · {budget.client.name}
            {budget.currency !== 'BRL' ? ` · valores em ${budget.currency}` : ''}
          </Text>
          {!open ? (
            <Text c="dimmed">Este orçamento ainda não tem propostas.</Text>
          ) : (
            <Tabs
              value={String(open.id)}
              onChange={(v) => {
                if (v) setParams({ proposta: v }, { replace: true });
              }}
              keepMounted={false}
            >
              <Tabs.List aria-label="Propostas">
                {proposals.map((p) => (
                  <Tabs.Tab key={p.id} value={String(p.id)}>
                    {p.title}
                    {p.id === budget.sold_proposal_id ? ' (vendida)' : p.id === budget.accepted_proposal_id ? ' (aceita)' : ''}
                    <Text span c="dimmed" fz="xs">
                      {' '}
                      · <Money cents={p.totals.sale_cents} currency={budget.currency} />
                    </Text>
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {proposals.map((p) => (
                <Tabs.Panel key={p.id} value={String(p.id)} pt="md">
                  <Stack gap="md">
                    <ProposalSummary budget={budget} proposal={p} />
                    <AgencyLines budget={budget} proposal={p} />
                    <ProposalPayments proposalId={p.id} proposalTitle={p.title} payments={payments.data} query={payments} />
                    <PaxPayments budgetId={budget.id} proposalId={p.id} />
                  </Stack>
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </FinancialCommentsProvider>
      )}
    </Stack>
  );
}
