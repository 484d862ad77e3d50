// "Integrações" on /perfil, for the owner of an agency whose plan has pipedrive_deals: connect with
// a Pipedrive API token (never shown back), map our funnel to a pipeline's stages and statuses and
// our agents to Pipedrive users, send the open attendances (with the run's progress), see what the
// last nightly reconcile changed, or disconnect.
import { dateTime } from '@app/shared/format';
import { ATTENDANCE_STATUS_LABELS } from '@app/shared/funnel';
import { PIPEDRIVE_DEAL_STATUSES, type PipedriveFunnel, type PipedriveIntegration, type SavePipedriveInput } from '@app/shared/pipedrive';
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorText } from '../../components/ErrorText';
import { apiError, errorText, markShownByForm } from '../../lib/api-error';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const DEAL_STATUS_LABELS = { open: 'Aberto', won: 'Ganho', lost: 'Perdido' } as const;
const OUR_STATUSES = ['open', 'won', 'lost', 'canceled'] as const;
const KEEP_STAGE = '';

type Draft = {
  api_token: string;
  pipeline_id: string;
  funnel: PipedriveFunnel;
  users: Record<number, string>;
  person_cpf_field: string;
  org_cnpj_field: string;
};

function draftOf(p: PipedriveIntegration): Draft {
  return {
    api_token: '',
    pipeline_id: p.pipeline_id ? String(p.pipeline_id) : '',
    funnel: p.funnel,
    users: Object.fromEntries(p.users.map((u) => [u.user_id, u.pipedrive_user_id ? String(u.pipedrive_user_id) : ''])),
    person_cpf_field: p.person_cpf_field ?? '',
    org_cnpj_field: p.org_cnpj_field ?? '',
  };
}

function inputOf(p: PipedriveIntegration, d: Draft): SavePipedriveInput {
  if (!p.connected) return { api_token: d.api_token };
  return {
    ...(d.api_token ? { api_token: d.api_token } : {}),
    pipeline_id: d.pipeline_id ? Number(d.pipeline_id) : null,
    funnel: d.funnel,
    users: p.users.map((u) => ({ user_id: u.user_id, pipedrive_user_id: d.users[u.user_id] ? Number(d.users[u.user_id]) : null })),
    person_cpf_field: d.person_cpf_field.trim() || null,
    org_cnpj_field: d.org_cnpj_field.trim() || null,
  };
}

const REPORT_ACTIONS = {
  pulled: 'trazido do Pipedrive',
  pushed: 'enviado de novo ao Pipedrive',
  unlinked: 'negócio apagado no Pipedrive: desvinculado',
  sent: 'enviado pela primeira vez',
} as const;
const FIELD_LABELS: Record<string, string> = {
  value_cents: 'valor',
  value: 'valor',
  status: 'situação',
  lost_reason: 'motivo da perda',
  owner_user_id: 'responsável',
  owner_id: 'responsável',
  title: 'título',
  stage_id: 'etapa',
};
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The open attendances not yet on Pipedrive: the offer to send them, or the progress of the run sending them. */
function BackfillSection({ integration }: { integration: PipedriveIntegration }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { backfill } = integration;
  const start = useMutation(
    trpc.integrations.backfillPipedrive.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.integrations.pipedrive.queryKey() }),
    }),
  );
  if (backfill.running) {
    const total = backfill.total ?? 0;
    const done = backfill.done ?? 0;
    const label = `Enviando atendimentos ao Pipedrive: ${done} de ${total}`;
    return (
      <Stack gap={4} data-testid="pipedrive-backfill">
        <Text fz="sm">{label}</Text>
        <Progress value={total ? (done / total) * 100 : 0} animated aria-label={label} />
      </Stack>
    );
  }
  return (
    <Stack gap={4} data-testid="pipedrive-backfill">
      {backfill.error && (
        <Text fz="sm" c="red.8" role="alert">
          {backfill.error} ({backfill.done ?? 0} de {backfill.total ?? 0} enviados.)
        </Text>
      )}
      {backfill.finished_at && (
        <Text fz="sm">
          Envio concluído em {dateTime(backfill.finished_at)}: {plural(backfill.done ?? 0, 'atendimento enviado', 'atendimentos enviados')}.
        </Text>
      )}
      {backfill.pending > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text fz="sm">
            {plural(backfill.pending, 'atendimento em aberto ainda não está', 'atendimentos em aberto ainda não estão')} no Pipedrive.
          </Text>
          <Button variant="light" loading={start.isPending} onClick={() => start.mutate({})}>
            Enviar atendimentos em aberto
          </Button>
        </Group>
      ) : (
        !backfill.finished_at && !backfill.error && <Text fz="sm">Todos os atendimentos em aberto já estão no Pipedrive.</Text>
      )}
      <ErrorText>{start.error ? errorText(apiError(start.error)) : null}</ErrorText>
    </Stack>
  );
}

/** The last nightly reconcile: when it ran and what it changed on either side. */
function ReconcileSection({ reconcile }: { reconcile: PipedriveIntegration['reconcile'] }) {
  if (!reconcile) {
    return (
      <Text fz="sm" c="dimmed" data-testid="pipedrive-reconcile">
        A conferência diária com o Pipedrive ainda não rodou.
      </Text>
    );
  }
  const { report } = reconcile;
  const parts = [
    report.pulled && plural(report.pulled, 'trazido do Pipedrive', 'trazidos do Pipedrive'),
    report.pushed && plural(report.pushed, 'enviado de novo', 'enviados de novo'),
    report.sent && plural(report.sent, 'enviado pela primeira vez', 'enviados pela primeira vez'),
    report.unlinked && plural(report.unlinked, 'desvinculado (negócio apagado)', 'desvinculados (negócios apagados)'),
    report.failed && plural(report.failed, 'com erro', 'com erro'),
  ].filter(Boolean);
  return (
    <Stack gap={4} data-testid="pipedrive-reconcile">
      <Text fz="sm">
        Última conferência com o Pipedrive em {dateTime(reconcile.at)}: {plural(report.checked, 'negócio conferido', 'negócios conferidos')}
        {parts.length ? `; ${parts.join(', ')}.` : ', nada a corrigir.'}
      </Text>
      {report.items.length > 0 && (
        <Stack component="ul" gap={2} m={0} pl="md">
          {report.items.map((item) => (
            <Text component="li" fz="sm" key={`${item.action}-${item.attendance_id}`}>
              <Link to={`/atendimento/${item.attendance_id}`}>Atendimento {item.attendance_id}</Link>: {REPORT_ACTIONS[item.action]}
              {item.fields.length ? ` (${[...new Set(item.fields.map((f) => FIELD_LABELS[f] ?? f))].join(', ')})` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function PipedriveForm({ integration }: { integration: PipedriveIntegration }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(integration));
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [confirmOpened, confirm] = useDisclosure(false);
  const refresh = (data: PipedriveIntegration) => {
    queryClient.setQueryData(trpc.integrations.pipedrive.queryKey(), data);
    setDraft(draftOf(data));
  };
  const save = useMutation(
    trpc.integrations.savePipedrive.mutationOptions({
      onSuccess: (data) => {
        refresh(data);
        toastSuccess(integration.connected ? 'Integração com o Pipedrive salva.' : 'Agência conectada ao Pipedrive.');
      },
      onError: (error) => {
        const err = apiError(error);
        setTokenError(err.errors.api_token?.[0] ?? null);
        setFormError(err.errors.api_token ? null : errorText(err));
        markShownByForm(error);
      },
    }),
  );
  const disconnect = useMutation(
    trpc.integrations.disconnectPipedrive.mutationOptions({
      onSuccess: (data) => {
        confirm.close();
        refresh(data);
        toastSuccess('Agência desconectada do Pipedrive.');
      },
    }),
  );
  const options = integration.options;
  const stages = (options?.stages ?? []).filter((s) => !draft.pipeline_id || String(s.pipeline_id) === draft.pipeline_id);
  const stageData = [{ value: KEEP_STAGE, label: 'Manter a etapa' }, ...stages.map((s) => ({ value: String(s.id), label: s.name }))];
  const userData = (options?.users ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }));
  const setFunnel = (status: (typeof OUR_STATUSES)[number], patch: Partial<PipedriveFunnel['open']>) =>
    setDraft((d) => ({ ...d, funnel: { ...d.funnel, [status]: { ...d.funnel[status], ...patch } } }));

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTokenError(null);
        setFormError(null);
        save.mutate(inputOf(integration, draft));
      }}
    >
      <Stack gap="md">
        {integration.status === 'token_invalid' && (
          <Alert color="red" title="Token inválido">
            {integration.last_error} Informe um novo token para reconectar.
          </Alert>
        )}
        {integration.connected && integration.account && (
          <Text fz="sm" data-testid="pipedrive-account">
            Conectado ao Pipedrive{integration.account.company_domain ? ` (${integration.account.company_domain}.pipedrive.com)` : ''}
            {integration.account.email ? ` como ${integration.account.email}` : ''}.
          </Text>
        )}
        {integration.connected && integration.status === 'active' && (
          <>
            <BackfillSection integration={integration} />
            <ReconcileSection reconcile={integration.reconcile} />
          </>
        )}
        <ErrorText>{formError}</ErrorText>
        <PasswordInput
          label={integration.connected ? 'Novo token de API (opcional)' : 'Token de API do Pipedrive'}
          description="No Pipedrive: menu da sua conta > Configurações pessoais > API. O token fica guardado criptografado e não é exibido de novo."
          autoComplete="off"
          withAsterisk={!integration.connected}
          value={draft.api_token}
          error={tokenError}
          onChange={(e) => setDraft((d) => ({ ...d, api_token: e.currentTarget.value }))}
        />
        {integration.connected && (
          <>
            <Select
              label="Funil do Pipedrive"
              placeholder="O funil padrão do Pipedrive"
              clearable
              data={(options?.pipelines ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
              value={draft.pipeline_id || null}
              onChange={(v) => setDraft((d) => ({ ...d, pipeline_id: v ?? '' }))}
            />
            <Table withTableBorder verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Situação do atendimento</Table.Th>
                  <Table.Th>Etapa no Pipedrive</Table.Th>
                  <Table.Th>Situação do negócio</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {OUR_STATUSES.map((status) => (
                  <Table.Tr key={status}>
                    <Table.Td>{ATTENDANCE_STATUS_LABELS[status]}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Etapa para ${ATTENDANCE_STATUS_LABELS[status]}`}
                        data={stageData}
                        value={draft.funnel[status].stage_id ? String(draft.funnel[status].stage_id) : KEEP_STAGE}
                        onChange={(v) => setFunnel(status, { stage_id: v ? Number(v) : null })}
                        allowDeselect={false}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Situação do negócio para ${ATTENDANCE_STATUS_LABELS[status]}`}
                        data={PIPEDRIVE_DEAL_STATUSES.map((s) => ({ value: s, label: DEAL_STATUS_LABELS[s] }))}
                        value={draft.funnel[status].status}
                        onChange={(v) => v && setFunnel(status, { status: v as (typeof PIPEDRIVE_DEAL_STATUSES)[number] })}
                        allowDeselect={false}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Title order={3} fz="h5">
              Agentes no Pipedrive
            </Title>
            <Text fz="sm" c="dimmed">
              Cada agente vira o responsável pelo negócio no Pipedrive; sem escolha, vale o usuário do Pipedrive com o mesmo e-mail.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {integration.users.map((u) => (
                <Select
                  key={u.user_id}
                  label={u.name}
                  description={u.email}
                  placeholder="Nenhum"
                  clearable
                  data={userData}
                  value={draft.users[u.user_id] || null}
                  onChange={(v) => setDraft((d) => ({ ...d, users: { ...d.users, [u.user_id]: v ?? '' } }))}
                />
              ))}
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Campo do CPF (pessoas)"
                description="A chave do campo personalizado de pessoas que guarda o CPF, se houver."
                value={draft.person_cpf_field}
                onChange={(e) => setDraft((d) => ({ ...d, person_cpf_field: e.currentTarget.value }))}
              />
              <TextInput
                label="Campo do CNPJ (organizações)"
                description="A chave do campo personalizado de organizações que guarda o CNPJ, se houver."
                value={draft.org_cnpj_field}
                onChange={(e) => setDraft((d) => ({ ...d, org_cnpj_field: e.currentTarget.value }))}
              />
            </SimpleGrid>
          </>
        )}
        <Group justify="flex-end">
          {integration.connected && (
            <Button variant="default" color="red" onClick={confirm.open}>
              Desconectar
            </Button>
          )}
          <Button type="submit" loading={save.isPending} disabled={!integration.connected && !draft.api_token.trim()}>
            {integration.connected ? 'Salvar integração' : 'Conectar ao Pipedrive'}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmOpened}
        title="Desconectar do Pipedrive"
        confirmLabel="Desconectar"
        loading={disconnect.isPending}
        onClose={confirm.close}
        onConfirm={() => disconnect.mutate({})}
      >
        <Text>
          O webhook é removido do Pipedrive e os atendimentos deixam de ser enviados. Os negócios no Pipedrive e os atendimentos daqui
          continuam como estão.
        </Text>
      </ConfirmDialog>
    </form>
  );
}

export function PipedriveCard() {
  const trpc = useTRPC();
  const titleId = useId();
  // While a backfill runs, its progress is read again every few seconds.
  const query = useQuery({
    ...trpc.integrations.pipedrive.queryOptions(),
    refetchInterval: (q) => (q.state.data?.backfill.running ? 2_000 : false),
  });
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="h4" mb="xs" id={titleId}>
        Integrações
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Pipedrive: cada atendimento vira um negócio, e as mudanças feitas no Pipedrive (valor, etapa, responsável, ganho ou perda) voltam
        para o atendimento.
      </Text>
      {query.data ? (
        // Keyed by what was saved, so the form restarts from it.
        <PipedriveForm
          key={JSON.stringify([query.data.connected, query.data.status, query.data.funnel, query.data.users])}
          integration={query.data}
        />
      ) : query.isError ? (
        <Text c="dimmed">Não foi possível carregar a integração.</Text>
      ) : (
        <Stack aria-busy="true">
          <Skeleton h={24} w="40%" />
          <Skeleton h={56} />
        </Stack>
      )}
    </Card>
  );
}
