// A template's services edited from /modelos-de-orcamento: each one's title and prices (the fares of
// a per-passenger service, the total of one priced as a whole; a stay's are its rooms'), and removed
// with "Remover". Saved with the version it was read at.
import { SERVICE_TYPE_DECLARATIONS } from '@app/shared/budget-services';
import type { BudgetTemplate, BudgetTemplateListItem } from '@app/shared/budget-templates';
import { Button, Fieldset, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CurrencyInput } from '../../components/CurrencyInput';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { useUnsavedChanges } from '../../components/FormDialog';
import { apiError, errorText } from '../../lib/api-error';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

type Shown = BudgetTemplate['proposals'][number]['services'][number];
type Edited = {
  index: number;
  service: Shown;
  title: string;
  adult_cents: number;
  child_cents: number;
  infant_cents: number;
  total_cents: number;
};
const PRICE_LABELS = {
  adult_cents: 'Tarifa adulto',
  child_cents: 'Tarifa criança',
  infant_cents: 'Tarifa bebê',
  total_cents: 'Valor total',
} as const;
const PRICES = { per_pax: ['adult_cents', 'child_cents', 'infant_cents'], total: ['total_cents'], per_room: [] } as const;

const editedOf = (template: BudgetTemplate): Edited[][] =>
  template.proposals.map((p) => p.services.map((service, index) => ({ index, service, ...service })));

function Form({ template, onClose }: { template: BudgetTemplate; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [initial] = useState(() => editedOf(template));
  const [proposals, setProposals] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const close = useUnsavedChanges(JSON.stringify(proposals) !== JSON.stringify(initial));
  const save = useMutation(
    trpc.budgetTemplates.updateServices.mutationOptions({
      meta: { silent: true },
      onSuccess: () => {
        toastSuccess('Serviços do modelo salvos.');
        void queryClient.invalidateQueries({ queryKey: trpc.budgetTemplates.list.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.budgetTemplates.get.queryKey({ id: template.id }) });
        onClose();
      },
      onError: (e) => setError(errorText(apiError(e))),
    }),
  );
  const change = (p: number, i: number, fields: Partial<Edited>) =>
    setProposals((all) => all.map((list, at) => (at === p ? list.map((s, j) => (j === i ? { ...s, ...fields } : s)) : list)));
  const remove = (p: number, i: number) => setProposals((all) => all.map((list, at) => (at === p ? list.filter((_, j) => j !== i) : list)));

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        save.mutate({
          id: template.id,
          version: template.version,
          proposals: proposals.map((list) => ({
            services: list.map((s) => ({
              index: s.index,
              title: s.title,
              ...Object.fromEntries(PRICES[SERVICE_TYPE_DECLARATIONS[s.service.type].pricing].map((f) => [f, s[f]])),
            })),
          })),
        });
      }}
      noValidate
      aria-label={`Serviços do modelo ${template.name}`}
    >
      <Stack gap="md">
        <ErrorText>{error}</ErrorText>
        {template.proposals.map((proposal, p) => (
          <Fieldset key={`${p}-${proposal.title}`} legend={proposal.title} radius="md">
            <Stack gap="sm">
              {(proposals[p] ?? []).length === 0 && (
                <Text fz="sm" c="dimmed">
                  Sem serviços: a proposta sai do modelo ao salvar.
                </Text>
              )}
              {(proposals[p] ?? []).map((s, i) => {
                const declaration = SERVICE_TYPE_DECLARATIONS[s.service.type];
                return (
                  <Paper key={s.index} withBorder radius="md" p="sm" data-testid="template-service">
                    <Stack gap="xs">
                      <Group justify="space-between" gap="xs">
                        <Text fz="sm" c="dimmed">
                          {declaration.label}
                        </Text>
                        <Button
                          variant="subtle"
                          color="red"
                          size="xs"
                          leftSection={<IconTrash size={14} aria-hidden />}
                          onClick={() => remove(p, i)}
                        >
                          Remover {s.title}
                        </Button>
                      </Group>
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                        <TextInput
                          label="Título"
                          required
                          minLength={2}
                          maxLength={160}
                          value={s.title}
                          onChange={(e) => change(p, i, { title: e.currentTarget.value })}
                        />
                        {PRICES[declaration.pricing].map((field) => (
                          <CurrencyInput
                            key={field}
                            label={PRICE_LABELS[field]}
                            prefix={`${s.service.currency} `}
                            value={s[field]}
                            onChange={(cents) => change(p, i, { [field]: cents ?? 0 })}
                          />
                        ))}
                        {declaration.pricing === 'per_room' && (
                          <Text fz="xs" c="dimmed">
                            O valor da hospedagem é o dos quartos: mude-o num orçamento feito do modelo e salve-o de novo.
                          </Text>
                        )}
                      </SimpleGrid>
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
          </Fieldset>
        ))}
        <FormActions onCancel={close} pending={save.isPending}>
          Salvar serviços
        </FormActions>
      </Stack>
    </form>
  );
}

/** The template as it is now (its services are not in the list's answer), then the form. */
export function TemplateServicesForm({ template, onClose }: { template: BudgetTemplateListItem; onClose: () => void }) {
  const trpc = useTRPC();
  const shown = useQuery(trpc.budgetTemplates.get.queryOptions({ id: template.id }, { staleTime: 0 }));
  if (!shown.data) return shown.isError ? <Text c="dimmed">Não foi possível carregar o modelo.</Text> : <Skeleton h={240} />;
  return <Form template={shown.data} onClose={onClose} />;
}
