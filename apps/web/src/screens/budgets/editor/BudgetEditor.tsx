// /novo-orcamento/{id}: the budget editor — its data, passengers and proposals with their services.
import { isBudgetEditable } from '@app/shared/budget-statuses';
import type { BudgetTree } from '@app/shared/budgets';
import { formatRate } from '@app/shared/currency-quotes';
import { shortDate } from '@app/shared/format';
import { Alert, Button, Card, Menu, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalculator, IconChevronDown, IconCopy, IconInfoCircle, IconQuestionMark, IconTimeline } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { countryName } from '../../../components/CountrySelect';
import { DetailField, OrMissing } from '../../../components/DetailFields';
import { PageHeader } from '../../../components/PageHeader';
import { BackLink, DetailNotFound, DetailPending } from '../../../components/ScreenStates';
import { apiError } from '../../../lib/api-error';
import { recordNotFound } from '../../../lib/record-route';
import { useTRPC } from '../../../lib/trpc';
import { BudgetStatusBadge } from '../badges';
import { budgetInfoPath, travelDates } from '../labels';
import { SaleAction } from '../sale/SaleAction';
import { ShareMenu } from '../share/ShareMenu';
import { TravelChecks } from '../TravelChecks';
import { BudgetRates } from './BudgetRates';
import { EditingPresence } from './EditingPresence';
import { PaxesSection } from './PaxesSection';
import { ProposalTabs } from './ProposalTabs';
import { SoldBudgetBanner } from './SoldBudgetBanner';

/** What the editor's address carries after a copy: the original's id. */
export type EditorState = { copiedFrom?: number } | null;

function BudgetData({ budget, readOnly, onChanged }: { budget: BudgetTree; readOnly: boolean; onChanged: () => void }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <DetailField label="Cliente">
          <Text>{budget.client.name}</Text>
        </DetailField>
        <DetailField label="Destino">
          <OrMissing
            value={[budget.destination, budget.destination_country && countryName(budget.destination_country)].filter(Boolean).join(' · ')}
          />
        </DetailField>
        <DetailField label="Viagem">
          <OrMissing value={travelDates(budget.start_date, budget.end_date, shortDate)} missing="Sem data" />
        </DetailField>
        <DetailField label="Moeda">
          <Text>
            {budget.currency}
            {budget.currency !== 'BRL' && (
              <Text span fz="xs" c="dimmed">
                {' '}
                (cotação {formatRate(budget.currency_rate)})
              </Text>
            )}
          </Text>
        </DetailField>
        <BudgetRates budget={budget} readOnly={readOnly} onChanged={onChanged} />
      </SimpleGrid>
    </Card>
  );
}

export function BudgetEditor({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const copiedFrom = (location.state as EditorState)?.copiedFrom;
  const [params, setParams] = useSearchParams();
  const query = useQuery(trpc.budgets.get.queryOptions({ id }));
  const budget = query.data;
  // Sold budgets open read-only (the API refuses their edits with 409).
  const readOnly = budget ? !isBudgetEditable(budget.status) : false;

  // A write refused with 409 means the budget moved meanwhile (sold in another tab, a service
  // canceled): read it again, so the screen shows what the API holds (read-only once sold).
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && apiError(event.action.error).status === 409) {
          void queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() });
        }
      }),
    [queryClient, trpc],
  );

  const back = <BackLink to="/orcamentos">Voltar para orçamentos</BackLink>;
  if (recordNotFound(id, query))
    return <DetailNotFound back={back} icon={<IconQuestionMark size={28} aria-hidden />} title="Orçamento não encontrado" />;

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() });
  };
  const selected = Number(params.get('proposta')) || undefined;

  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={budget?.title ?? 'Orçamento'}
        actions={
          budget && (
            <>
              <SaleAction budget={budget} />
              <ShareMenu budget={budget} />
              <Button
                component={Link}
                to={budgetInfoPath(budget.id)}
                variant="default"
                leftSection={<IconInfoCircle size={16} aria-hidden />}
              >
                Informações
              </Button>
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
                    Mais
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item component={Link} to={`/valor-total/${budget.id}`} leftSection={<IconCalculator size={16} aria-hidden />}>
                    Valor total
                  </Menu.Item>
                  <Menu.Item component={Link} to={`/orcamento-timeline/${budget.id}`} leftSection={<IconTimeline size={16} aria-hidden />}>
                    Timeline
                  </Menu.Item>
                  <Menu.Item
                    leftSection={<IconCopy size={16} aria-hidden />}
                    onClick={() => void navigate(`/duplicate-orcamento/${budget.id}`)}
                  >
                    Duplicar orçamento
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </>
          )
        }
      >
        {budget && <BudgetStatusBadge status={budget.status} />}
      </PageHeader>
      {budget && readOnly && <SoldBudgetBanner budgetId={budget.id} />}
      {budget && <EditingPresence budgetId={budget.id} />}
      {copiedFrom && (
        <Alert color="teal" variant="light" title="Cópia criada" data-testid="copy-created">
          Este é um novo orçamento, copiado do orçamento nº {copiedFrom}, com suas propostas, serviços e passageiros. As alterações aqui não
          mudam o original.
        </Alert>
      )}
      {budget ? (
        <>
          <BudgetData budget={budget} readOnly={readOnly} onChanged={changed} />
          <PaxesSection budget={budget} readOnly={readOnly} onChanged={changed} />
          <TravelChecks budgetId={budget.id} />
          <Card withBorder radius="lg" padding="md">
            <ProposalTabs
              budget={budget}
              readOnly={readOnly}
              selectedId={selected}
              onSelect={(p) =>
                setParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    next.set('proposta', String(p));
                    return next;
                  },
                  { replace: true, state: location.state, preventScrollReset: true },
                )
              }
              onChanged={changed}
            />
          </Card>
        </>
      ) : (
        <DetailPending failed={query.isError} noun="orçamento" />
      )}
    </Stack>
  );
}
