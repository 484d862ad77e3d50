// A plan of the catalogue, new or edited: name, monthly price, trial days, the payment provider's
// price, whether agencies see it, and the features it grants.
import { type AdminPlan, createPlanInput } from '@app/shared/billing';
import { FEATURE_KEYS, type FeatureKey } from '@app/shared/constants';
import { Checkbox, Fieldset, Modal, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrencyInput } from '../../components/CurrencyInput';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { FEATURE_LABELS } from '../billing/labels';

/** The features a plan may grant (super_admin is the system company's own, never a plan's). */
export const PLAN_FEATURES = FEATURE_KEYS.filter((k): k is FeatureKey => !!FEATURE_LABELS[k]);

type Props = { opened: boolean; onClose: () => void; plan?: AdminPlan };

function PlanForm({ plan, onClose }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    schema: createPlanInput,
    initialValues: {
      plan: {
        name: plan?.name ?? '',
        amount_cents: plan?.amount_cents ?? 0,
        trial_days: plan?.trial_days ?? 0,
        stripe_price_id: plan?.stripe_price_id ?? '',
        is_public: plan?.is_public ?? true,
        features: Object.fromEntries(FEATURE_KEYS.map((k) => [k, plan?.features[k] ?? false])) as Record<FeatureKey, boolean>,
      },
    },
    labels: { name: 'Nome', amount_cents: 'Preço mensal', trial_days: 'Dias de teste', stripe_price_id: 'Preço no Stripe' },
  });

  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.billing.admin.plans.pathKey() });
    toastSuccess(message);
    onClose();
  };
  const create = useMutation(
    trpc.billing.admin.createPlan.mutationOptions({
      onSuccess: (saved) => done(`Plano “${saved.name}” criado.`),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const update = useMutation(
    trpc.billing.admin.updatePlan.mutationOptions({
      onSuccess: (saved) => done(`Plano “${saved.name}” atualizado.`),
      onError: (error) => form.setServerErrors(error),
    }),
  );

  const submit = form.submit(({ plan: fields }) => {
    if (!plan) {
      create.mutate({ plan: fields });
      return;
    }
    // A blank provider price removes it; features merge key by key on the server.
    update.mutate({ id: plan.id, plan: { ...fields, stripe_price_id: fields.stripe_price_id ?? null } });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <TextInput label="Nome" withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('plan.name')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <CurrencyInput
            label="Preço mensal"
            description="0 é o plano grátis"
            withAsterisk
            value={form.values.plan.amount_cents}
            onChange={(cents) => form.setFieldValue('plan.amount_cents', cents ?? 0)}
            error={form.errors['plan.amount_cents']}
          />
          <NumberInput
            label="Dias de teste"
            description="Só em planos pagos"
            min={0}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('plan.trial_days')}
          />
        </SimpleGrid>
        <TextInput
          label="Preço no Stripe"
          description="O id do preço (price_...) cobrado no checkout; vazio em planos grátis"
          autoComplete="off"
          {...form.getInputProps('plan.stripe_price_id')}
        />
        <Switch label="Visível para as agências (catálogo)" {...form.getInputProps('plan.is_public', { type: 'checkbox' })} />
        <Fieldset
          legend={
            <Text fz="sm" fw={500}>
              Recursos do plano
            </Text>
          }
          variant="unstyled"
        >
          <Text fz="xs" c="dimmed" mb="xs">
            Valem na hora para todas as agências do plano.
          </Text>
          <Stack gap="xs">
            {PLAN_FEATURES.map((key) => (
              <Checkbox key={key} label={FEATURE_LABELS[key]} {...form.getInputProps(`plan.features.${key}`, { type: 'checkbox' })} />
            ))}
          </Stack>
        </Fieldset>
        <FormActions onCancel={onClose} pending={create.isPending || update.isPending} mt="xs">
          {plan ? 'Salvar alterações' : 'Criar plano'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function PlanFormModal({ opened, onClose, plan }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{plan ? `Editar ${plan.name}` : 'Novo plano'}</Text>} centered size="lg">
      {/* Mounted only while open, so every opening starts from the plan as it is. */}
      {opened && <PlanForm plan={plan} onClose={onClose} />}
    </Modal>
  );
}
