// /orcamento-timeline/{id}/{proposal_id?}/{service_id?}: a proposal's services day by day. The
// proposal tabs and the chosen service live in the address: a missing or foreign proposal becomes
// the first one's, a click on a service puts its id in the address, and the service the address
// names is highlighted (aria-current), scrolled into view and shown in full beside the timeline.
import { parseRecordId } from '@app/shared/constants';
import { Button, Grid, Stack, Tabs, Text } from '@mantine/core';
import { IconCalendarEvent, IconEdit, IconReceipt } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { BackLink, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { useTRPC } from '../../lib/trpc';
import { budgetEditorPath, budgetInfoPath } from './labels';
import { ServicePanel } from './timeline/ServicePanel';
import { TimelineDays } from './timeline/TimelineDays';
import { buildTimeline } from './timeline/timeline';

const timelinePath = (budgetId: number, proposalId?: number, serviceId?: number) =>
  `/orcamento-timeline/${budgetId}${proposalId ? `/${proposalId}` : ''}${proposalId && serviceId ? `/${serviceId}` : ''}`;

export default function ProposalTimelineScreen() {
  const id = useRecordId();
  const params = useParams();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const query = useQuery(trpc.budgets.get.queryOptions(id ? { id } : skipToken));
  const budget = query.data;
  const askedProposal = parseRecordId(params.proposal_id);
  const askedService = parseRecordId(params.service_id);
  const proposal = budget?.proposals.find((p) => p.id === askedProposal) ?? budget?.proposals[0];
  const service = proposal?.services.find((s) => s.id === askedService);
  const timeline = useMemo(() => buildTimeline(proposal?.services ?? []), [proposal]);

  // The address always names the proposal shown (and only a service of it).
  useEffect(() => {
    if (!budget || !proposal) return;
    if (proposal.id !== askedProposal || (params.service_id && !service)) {
      void navigate(timelinePath(budget.id, proposal.id, service?.id), { replace: true });
    }
  }, [budget, proposal, service, askedProposal, params.service_id]);

  if (recordNotFound(id, query)) {
    return (
      <DetailNotFound
        back={<BackLink to="/orcamentos">Voltar para orçamentos</BackLink>}
        icon={<IconReceipt size={28} aria-hidden />}
        title="Orçamento não encontrado"
      />
    );
  }

  return (
    <Stack gap="md">
      <BackLink to={id ? budgetInfoPath(id) : '/orcamentos'}>Voltar para o orçamento</BackLink>
      <PageHeader
        actions={
          budget && (
            <>
              <Button
                component={Link}
                to={`/valor-total/${budget.id}${proposal ? `?proposta=${proposal.id}` : ''}`}
                variant="default"
                leftSection={<IconReceipt size={16} aria-hidden />}
              >
                Valor total
              </Button>
              <Button component={Link} to={budgetEditorPath(budget.id)} variant="light" leftSection={<IconEdit size={16} aria-hidden />}>
                Editar orçamento
              </Button>
            </>
          )
        }
      />
      {!budget ? (
        <DetailPending failed={query.isError} noun="orçamento" />
      ) : (
        <>
          <Text c="dimmed" mt={-12} data-testid="budget-title">
            {budget.title} · {budget.client.name}
          </Text>
          {!proposal ? (
            <Text c="dimmed">Este orçamento ainda não tem propostas.</Text>
          ) : (
            <Tabs value={String(proposal.id)} onChange={(v) => v && void navigate(timelinePath(budget.id, Number(v)))} keepMounted={false}>
              <Tabs.List aria-label="Propostas">
                {budget.proposals.map((p) => (
                  <Tabs.Tab key={p.id} value={String(p.id)}>
                    {p.title}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value={String(proposal.id)} pt="md">
                {proposal.services.length === 0 ? (
                  <Stack align="center" gap="xs" py="xl" ta="center">
                    <IconCalendarEvent size={28} aria-hidden />
                    <Text fw={600}>Nenhum serviço nesta proposta</Text>
                    <Text fz="sm" c="dimmed">
                      Adicione voos, hospedagens e passeios no editor do orçamento para vê-los aqui, dia a dia.
                    </Text>
                    <Button component={Link} to={budgetEditorPath(budget.id)} variant="light">
                      Adicionar serviços
                    </Button>
                  </Stack>
                ) : (
                  <Grid gap="md">
                    <Grid.Col span={{ base: 12, md: 7 }}>
                      <TimelineDays
                        timeline={timeline}
                        selectedId={service?.id}
                        pathOf={(serviceId) => timelinePath(budget.id, proposal.id, serviceId)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 5 }}>
                      <div style={{ position: 'sticky', top: 16 }}>
                        <ServicePanel serviceId={service?.id} />
                      </div>
                    </Grid.Col>
                  </Grid>
                )}
              </Tabs.Panel>
            </Tabs>
          )}
        </>
      )}
    </Stack>
  );
}
