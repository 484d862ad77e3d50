// An agency as support staff see it: its plan and status, the support action that sets its
// subscription's status (confirmed first), and its staff.
import type { AdminCompany } from '@app/shared/billing';
import { dateTime } from '@app/shared/format';
import { isRestrictedStatus, PLAN_STATUSES, type PlanStatus } from '@app/shared/plan-status';
import { Button, Divider, Drawer, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DetailField, OrMissing } from '../../components/DetailFields';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListTable } from '../../components/ListScreen';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { statusLabel } from '../billing/labels';
import { RoleBadge, StatusBadge } from '../users/badges';
import { PlanStatusBadge } from './badges';
import { periodText, statusOption } from './labels';

const DAY_MS = 86_400_000;
const USERS_PER_PAGE = 5;
const USERS_NOUN: [string, string] = ['usuário', 'usuários'];

/** The support action: a new status and, for a trial, the days it has left from now. */
function SubscriptionAction({ agency, onSaved }: { agency: AdminCompany; onSaved: (agency: AdminCompany) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<PlanStatus>(agency.status_plan ?? 'active');
  const [trialDays, setTrialDays] = useState<number | string>(agency.status_plan === 'trialing' ? agency.days_remaining : 7);
  const [confirming, setConfirming] = useState(false);
  const days = typeof trialDays === 'number' ? trialDays : Number.NaN;
  const daysValid = status !== 'trialing' || (Number.isInteger(days) && days >= 0 && days <= 365);

  const save = useMutation(
    trpc.companies.updateSubscription.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries({ queryKey: trpc.companies.list.pathKey() });
        setConfirming(false);
        toastSuccess(`Situação de ${saved.name} alterada para “${statusLabel(saved.status_plan, saved.days_remaining)}”.`);
        onSaved(saved);
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (daysValid) setConfirming(true);
  };
  const confirm = () =>
    save.mutate({
      id: agency.id,
      subscription: status === 'trialing' ? { status, trial_ends_at: new Date(Date.now() + days * DAY_MS).toISOString() } : { status },
    });
  const restricts = isRestrictedStatus(status);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="support-action-title">
      <Stack gap="sm">
        <Title order={3} fz="h5" id="support-action-title">
          Alterar situação da assinatura
        </Title>
        <Select
          label="Nova situação"
          allowDeselect={false}
          data={PLAN_STATUSES.map(statusOption)}
          value={status}
          onChange={(v) => v && setStatus(v as PlanStatus)}
        />
        {status === 'trialing' && (
          <NumberInput
            label="Dias de teste a partir de hoje"
            description="0 encerra o período de teste agora."
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={trialDays}
            onChange={setTrialDays}
            error={daysValid ? undefined : 'Informe de 0 a 365 dias'}
          />
        )}
        <Group justify="flex-end">
          <Button type="submit" variant="light">
            Alterar situação
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Alterar a situação da assinatura?"
        confirmLabel="Confirmar alteração"
        color={restricts ? 'red' : 'blue'}
        loading={save.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
      >
        <Stack gap="xs">
          <Text>
            A assinatura de <b>{agency.name}</b> passa de “{statusLabel(agency.status_plan, agency.days_remaining)}” para “
            {statusLabel(status, status === 'trialing' ? days : 1)}”
            {status === 'trialing' ? `, com ${days} ${days === 1 ? 'dia' : 'dias'} de teste` : ''}.
          </Text>
          {restricts && (
            <Text c="red.8" fz="sm">
              A equipe da agência perde o acesso às telas até a situação ser regularizada.
            </Text>
          )}
          <Text c="dimmed" fz="sm">
            Um evento do provedor de pagamento pode mudar a situação de novo.
          </Text>
        </Stack>
      </ConfirmDialog>
    </form>
  );
}

function AgencyUsers({ agencyId }: { agencyId: number }) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const users = useQuery(
    trpc.companies.users.queryOptions({ id: agencyId, page, per_page: USERS_PER_PAGE }, { placeholderData: keepPreviousData }),
  );
  const rows = users.data?.users ?? [];
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        Usuários
      </Title>
      <ListContent
        query={users}
        isEmpty={rows.length === 0}
        icon={<IconUsers size={24} aria-hidden />}
        noun={USERS_NOUN}
        loadingRows={3}
        empty={{ hint: 'A agência ainda não tem usuários.' }}
      >
        <ListTable
          query={users}
          rows={rows}
          rowKey={(u) => u.id}
          rowTestId="agency-user"
          minWidth={480}
          primary={{ label: 'Nome', title: (u) => u.name, subtitle: (u) => u.email }}
          columns={[
            { label: 'Perfil', cell: (u) => <RoleBadge role={u.role} /> },
            { label: 'Status', cell: (u) => <StatusBadge status={u.status} /> },
          ]}
        />
      </ListContent>
      <ListPagination pagination={users.data?.pagination} noun={USERS_NOUN} onChange={setPage} label="Paginação dos usuários" />
    </Stack>
  );
}

export function AgencyDrawer({
  agency,
  onClose,
  onSaved,
}: {
  agency: AdminCompany | null;
  onClose: () => void;
  onSaved: (agency: AdminCompany) => void;
}) {
  return (
    <Drawer
      opened={!!agency}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Title order={2} fz="h3">
          {agency?.name}
        </Title>
      }
    >
      {agency && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <DetailField label="Plano">
              <OrMissing value={agency.plan_name} missing="Sem plano" />
            </DetailField>
            <DetailField label="Situação">
              <PlanStatusBadge agency={agency} />
            </DetailField>
            <DetailField label="Período">
              <Text data-testid="agency-drawer-period">{periodText(agency)}</Text>
            </DetailField>
            <DetailField label="Subdomínio">
              <OrMissing value={agency.subdomain} />
            </DetailField>
            <DetailField label="Proprietário">
              <OrMissing value={agency.owner_email} />
            </DetailField>
            <DetailField label="Criada em">
              <Text>{dateTime(agency.created_at)}</Text>
            </DetailField>
          </SimpleGrid>
          <Divider />
          {/* Keyed by the status: after a change the form starts from the saved one. */}
          <SubscriptionAction key={`${agency.id}-${agency.status_plan}-${agency.days_remaining}`} agency={agency} onSaved={onSaved} />
          <Divider />
          <AgencyUsers agencyId={agency.id} />
        </Stack>
      )}
    </Drawer>
  );
}
