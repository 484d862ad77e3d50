// The "Dados pessoais" tab of the access report (owner only): who saw a document's full number,
// exported a titular's, the agency's or a list's data, or imported people, in the period; and for
// how long the agency keeps these entries (the daily cleaning deletes older ones).
import { dateTime } from '@app/shared/format';
import { PERSONAL_DATA_ACTION_LABELS, PERSONAL_DATA_RETENTION, type PersonalDataEntry } from '@app/shared/personal-data';
import { Anchor, Button, Card, EmptyState, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../components/ListScreen';
import { LoadFailed, LoadingRows } from '../../components/ScreenStates';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

function RecordCell({ entry }: { entry: PersonalDataEntry }) {
  const text = entry.detail ?? '—';
  if (entry.record_type === 'client' && entry.record_id) {
    return (
      <Anchor component={Link} to={`/clientes-pessoa-interna/${entry.record_id}`} fz="sm">
        {text}
      </Anchor>
    );
  }
  return <>{text}</>;
}

function RetentionSetting({ days }: { days: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<number | string>(days);
  useEffect(() => setValue(days), [days]);
  const save = useMutation(
    trpc.personalData.setRetention.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.personalData.report.queryKey() });
        toastSuccess('Prazo de guarda salvo.');
      },
    }),
  );
  const n = typeof value === 'number' ? value : Number.NaN;
  const invalid = !Number.isInteger(n) || n < PERSONAL_DATA_RETENTION.min || n > PERSONAL_DATA_RETENTION.max;
  return (
    <Card withBorder padding="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) save.mutate({ retention_days: n });
        }}
      >
        <Group align="flex-end" gap="md">
          <NumberInput
            label="Guardar estes registros por (dias)"
            description="Registros mais antigos são apagados pela limpeza diária."
            min={PERSONAL_DATA_RETENTION.min}
            max={PERSONAL_DATA_RETENTION.max}
            allowDecimal={false}
            value={value}
            onChange={setValue}
            error={invalid ? `Informe de ${PERSONAL_DATA_RETENTION.min} a ${PERSONAL_DATA_RETENTION.max} dias` : null}
            w={280}
          />
          <Button type="submit" variant="light" loading={save.isPending} disabled={invalid || n === days}>
            Salvar prazo
          </Button>
        </Group>
      </form>
    </Card>
  );
}

export function PersonalDataTab({ input, enabled }: { input: { start_date: string; end_date: string }; enabled: boolean }) {
  const trpc = useTRPC();
  const report = useQuery(trpc.personalData.report.queryOptions(input, { enabled, placeholderData: keepPreviousData }));
  const data = report.data;
  if (report.isError && !data) {
    return <LoadFailed icon={<IconShieldLock />} title="Não foi possível carregar os registros" onRetry={() => void report.refetch()} />;
  }
  if (!data) return <LoadingRows label="Carregando os registros de dados pessoais" />;
  return (
    <Stack gap="lg" aria-busy={report.isFetching}>
      <Text size="sm" c="dimmed">
        Documentos exibidos por completo, exportações de dados (do titular, da agência, de listas) e importações de pessoas: quem, o quê,
        quando e de qual endereço.
      </Text>
      {data.entries.length === 0 ? (
        <EmptyState icon={<IconShieldLock />} title="Nenhum registro no período" py="xl" />
      ) : (
        <ListTable
          query={report}
          rows={data.entries}
          rowKey={(row) => row.id}
          rowTestId="personal-data-entry"
          label="Leituras e exportações de dados pessoais"
          minWidth={720}
          primary={{ label: 'Quando', title: (row) => dateTime(row.created_at) }}
          columns={[
            { label: 'Usuário', cell: (row) => row.user_name ?? 'Usuário removido' },
            { label: 'O quê', cell: (row) => PERSONAL_DATA_ACTION_LABELS[row.action] },
            { label: 'Registro', cell: (row) => <RecordCell entry={row} /> },
            { label: 'Endereço', cell: (row) => row.ip_address ?? '—' },
          ]}
        />
      )}
      <RetentionSetting days={data.retention_days} />
    </Stack>
  );
}
