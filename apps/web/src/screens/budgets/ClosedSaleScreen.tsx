// /venda-fechada/{id}: the closed sale of a budget — what was sold, to whom, the values and the
// payment plan — and what follows it, each with its state and next action: the reservations, the
// contract and the vouchers. "Desfazer venda" takes the budget back.
import { Alert, Button, Grid, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconChecklist, IconQuestionMark } from '@tabler/icons-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Feature } from '../../components/Feature';
import { PageHeader } from '../../components/PageHeader';
import { BackLink, DetailNotFound, LoadFailed } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { useTRPC } from '../../lib/trpc';
import { SaleNfseCard } from '../nfse/SaleNfseCard';
import { BudgetStatusBadge } from './badges';
import { budgetInfoPath, isBudgetStatus } from './labels';
import { ContractCard } from './sale/ContractCard';
import { reservationsPath } from './sale/labels';
import { ReservationsSummaryCard } from './sale/ReservationsSummaryCard';
import { PaymentPlanCard, SaleValuesCard, SoldServicesCard } from './sale/SaleSummary';
import { UndoSaleDialog } from './sale/UndoSaleDialog';
import { VouchersCard } from './sale/VouchersCard';
import { TravelChecks } from './TravelChecks';

function Loading() {
  return (
    <Grid gap="md" aria-busy="true" aria-label="Carregando venda">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Skeleton h={220} radius="lg" />
          <Skeleton h={160} radius="lg" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Skeleton h={300} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}

export default function ClosedSaleScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.closedSales.soldInfo.queryOptions(id ? { id } : skipToken),
    // A voucher e-mail goes out from a job: its badge turns "Enviado" without a reload.
    refetchInterval: (q) => (q.state.data?.sending_voucher_ids.length ? 2000 : false),
  });
  const [undoing, setUndoing] = useState(false);
  const back = <BackLink to={id ? budgetInfoPath(id) : '/orcamentos'}>Voltar para o orçamento</BackLink>;
  if (recordNotFound(id, query))
    return <DetailNotFound back={back} icon={<IconQuestionMark size={28} aria-hidden />} title="Orçamento não encontrado" />;

  const info = query.data;
  const sale = info?.sale;
  return (
    <Stack gap="md">
      {back}
      <PageHeader
        title={info ? `Venda: ${info.budget_title}` : undefined}
        actions={
          info &&
          sale && (
            <>
              <Button
                component={Link}
                to={reservationsPath(info.budget_id)}
                variant="default"
                leftSection={<IconChecklist size={16} aria-hidden />}
              >
                Reservas
              </Button>
              <Button color="red" variant="light" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={() => setUndoing(true)}>
                Desfazer venda
              </Button>
            </>
          )
        }
      >
        {info && isBudgetStatus(info.status) && <BudgetStatusBadge status={info.status} />}
      </PageHeader>
      {!info ? (
        query.isError ? (
          <LoadFailed
            icon={<IconQuestionMark size={28} aria-hidden />}
            title="Não foi possível carregar a venda"
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Loading />
        )
      ) : !sale ? (
        <Alert color="gray" variant="light" title="Este orçamento não está vendido" data-testid="not-sold">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">Feche a venda na tela do orçamento para ver aqui as reservas, o contrato e os vouchers.</Text>
            <Button component={Link} to={budgetInfoPath(info.budget_id)} variant="light">
              Ir para o orçamento
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Stack gap="md">
                <SoldServicesCard sale={sale} />
                <PaymentPlanCard sale={sale} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="md">
                <SaleValuesCard info={info} sale={sale} />
                <TravelChecks budgetId={info.budget_id} />
              </Stack>
            </Grid.Col>
          </Grid>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ReservationsSummaryCard budgetId={info.budget_id} sale={sale} reservations={info.reservations} />
            <ContractCard
              budgetId={info.budget_id}
              contracts={info.contracts}
              clientEmail={info.client.email}
              signatureAvailable={info.signature_available}
            />
          </SimpleGrid>
          <VouchersCard
            budgetId={info.budget_id}
            sale={sale}
            vouchers={info.vouchers}
            sendingIds={info.sending_voucher_ids}
            clientEmail={info.client.email}
          />
          <Feature name="nfse">
            <SaleNfseCard saleId={sale.id} />
          </Feature>
          <UndoSaleDialog
            budgetId={info.budget_id}
            saleId={sale.id}
            budgetVersion={info.budget_version}
            reservations={info.reservations}
            contracts={info.contracts}
            opened={undoing}
            onClose={() => setUndoing(false)}
          />
        </>
      )}
    </Stack>
  );
}
