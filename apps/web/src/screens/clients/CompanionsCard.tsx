// A client's saved travel companions (spouse, children...), each another client of the agency: the
// budget's passenger picker offers them first, and the minors check knows a child's parents by them.
import { type Client, type ClientListItem, companionInput } from '@app/shared/clients';
import { COMPANION_RELATIONSHIP_LABELS, COMPANION_RELATIONSHIPS, type CompanionRelationship } from '@app/shared/crm-labels';
import { ActionIcon, Anchor, Button, Card, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorText } from '../../components/ErrorText';
import { AutocompletePicker } from '../../components/pickers/AutocompletePicker';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const RELATIONSHIP_OPTIONS = COMPANION_RELATIONSHIPS.map((r) => ({ value: r, label: COMPANION_RELATIONSHIP_LABELS[r] }));
const LABELS = { companion_client_id: 'Acompanhante', relationship: 'Relação' };

export function CompanionsCard({ client }: { client: Client }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const key = trpc.clients.companions.queryKey({ id: client.id });
  const list = useQuery(trpc.clients.companions.queryOptions({ id: client.id }));
  const form = useSchemaForm({
    schema: companionInput,
    initialValues: { id: client.id, companion_client_id: null as number | null, relationship: null as CompanionRelationship | null },
    labels: LABELS,
  });
  const saved = (data: { companions: NonNullable<typeof list.data>['companions'] }, message: string) => {
    queryClient.setQueryData(key, data);
    toastSuccess(message);
  };
  const save = useMutation(
    trpc.clients.saveCompanion.mutationOptions({
      onSuccess: (data) => {
        form.reset();
        saved(data, 'Acompanhante salvo.');
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const remove = useMutation(trpc.clients.removeCompanion.mutationOptions({ onSuccess: (data) => saved(data, 'Acompanhante removido.') }));
  const companions = list.data?.companions ?? [];

  return (
    <Card withBorder radius="lg" padding="md" data-testid="client-companions">
      <Stack gap="sm">
        <Text fw={600} component="h2">
          Acompanhantes
        </Text>
        {companions.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {list.isPending ? 'Carregando…' : 'Nenhum acompanhante. Salve o cônjuge e os filhos para escolhê-los primeiro nos orçamentos.'}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {companions.map((c) => (
              <Group key={c.client.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                <Text fz="sm">
                  <Anchor component={Link} to={`/clientes-pessoa-interna/${c.client.id}`}>
                    {c.client.name}
                  </Anchor>{' '}
                  <Text span fz="xs" c="dimmed">
                    {COMPANION_RELATIONSHIP_LABELS[c.relationship]}
                  </Text>
                </Text>
                <Tooltip label="Remover acompanhante">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remover ${c.client.name}`}
                    loading={remove.isPending && remove.variables?.companion_client_id === c.client.id}
                    onClick={() => remove.mutate({ id: client.id, companion_client_id: c.client.id })}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
          </Stack>
        )}
        <form onSubmit={form.submit((input) => save.mutate(input))} noValidate aria-label="Adicionar acompanhante">
          <Stack gap="xs">
            <ErrorText>{form.formError}</ErrorText>
            <AutocompletePicker
              label="Acompanhante"
              placeholder="Busque um cliente"
              search={(term) =>
                trpc.clients.list.queryOptions(
                  { search: term.trim() || undefined, is_active: 'true', kind: 'person', page: 1, per_page: 10 },
                  { trpc: { abortOnUnmount: true } },
                )
              }
              itemsOf={(data) => data.clients.filter((c) => c.id !== client.id)}
              optionText={(c: ClientListItem) => c.name}
              {...form.getInputProps('companion_client_id')}
              onChange={(id) => form.setFieldValue('companion_client_id', id)}
            />
            <Select
              label="Relação"
              description="O que ele é para este cliente"
              data={RELATIONSHIP_OPTIONS}
              {...form.getInputProps('relationship')}
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" size="xs" leftSection={<IconUserPlus size={14} aria-hidden />} loading={save.isPending}>
                Adicionar acompanhante
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
