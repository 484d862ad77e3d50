// Starting from a package: save the open proposal (or the whole budget) as an agency template, add a
// template's proposals to the budget, and copy a service from an earlier budget into the proposal.
import { applyBudgetTemplateInput, type BudgetTemplateListItem, createBudgetTemplateInput } from '@app/shared/budget-templates';
import type { BudgetTree, ProposalTree } from '@app/shared/budgets';
import { shortDate } from '@app/shared/format';
import { copyServiceInput, type ServiceCopySource } from '@app/shared/service-copies';
import { Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { AutocompletePicker, type PickerProps } from '../../../components/pickers/AutocompletePicker';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';

/** What a template holds, after its name in a picker. */
export const templateOptionText = (t: BudgetTemplateListItem) =>
  [t.name, t.destination, t.days !== null ? `${t.days} dias` : null, t.services_count === 1 ? '1 serviço' : `${t.services_count} serviços`]
    .filter(Boolean)
    .join(' · ');

/** The agency's templates, searched by name or destination. */
export function TemplatePicker(props: PickerProps<BudgetTemplateListItem>) {
  const trpc = useTRPC();
  return (
    <AutocompletePicker
      placeholder="Busque pelo nome ou destino"
      {...props}
      search={(term) =>
        trpc.budgetTemplates.list.queryOptions(
          { search: term.trim() || undefined, page: 1, per_page: 10 },
          { trpc: { abortOnUnmount: true } },
        )
      }
      itemsOf={(data) => data.budget_templates}
      optionText={templateOptionText}
    />
  );
}

type Save = { budget: BudgetTree; proposal: ProposalTree | null };

function SaveTemplateForm({ budget, proposal, onClose }: Save & { onClose: () => void }) {
  const trpc = useTRPC();
  const form = useSchemaForm({
    schema: createBudgetTemplateInput,
    initialValues: {
      name: proposal ? `${budget.title} – ${proposal.title}` : budget.title,
      budget_id: budget.id,
      proposal_id: proposal?.id,
    },
    labels: { name: 'Nome do modelo' },
  });
  const close = useUnsavedChanges(form.isDirty());
  const save = useMutation(
    trpc.budgetTemplates.create.mutationOptions({
      onSuccess: () => {
        toastSuccess('Modelo salvo.');
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <form onSubmit={form.submit((input) => save.mutate(input))} noValidate aria-label="Salvar como modelo">
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <Text fz="sm" c="dimmed">
          {proposal
            ? 'A proposta entra no modelo com os serviços e preços; as datas contam a partir do início da viagem.'
            : 'Todas as propostas entram no modelo com os serviços e preços; as datas contam a partir do início da viagem.'}
        </Text>
        <TextInput label="Nome do modelo" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('name')} />
        <FormActions onCancel={close} pending={save.isPending}>
          Salvar modelo
        </FormActions>
      </Stack>
    </form>
  );
}

/** 'Salvar como modelo': `proposal` alone, or the whole budget when null. */
export function SaveTemplateDialog({ opened, onClose, ...save }: Save & { opened: boolean; onClose: () => void }) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{save.proposal ? 'Salvar proposta como modelo' : 'Salvar orçamento como modelo'}</Text>}
      centered
    >
      {opened && <SaveTemplateForm {...save} onClose={onClose} />}
    </FormDialog>
  );
}

function ApplyTemplateForm({
  budget,
  onClose,
  onApplied,
}: {
  budget: BudgetTree;
  onClose: () => void;
  onApplied: (proposalId: number) => void;
}) {
  const trpc = useTRPC();
  const form = useSchemaForm({
    schema: applyBudgetTemplateInput,
    initialValues: { template_id: null as number | null, budget_id: budget.id },
    labels: { template_id: 'Modelo' },
  });
  const close = useUnsavedChanges(form.values.template_id !== null);
  const apply = useMutation(
    trpc.budgetTemplates.applyToBudget.mutationOptions({
      onSuccess: (answer) => {
        toastSuccess(answer.proposal_ids.length === 1 ? 'Proposta criada a partir do modelo.' : 'Propostas criadas a partir do modelo.');
        onClose();
        if (answer.proposal_ids[0]) onApplied(answer.proposal_ids[0]);
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <form onSubmit={form.submit((input) => apply.mutate(input))} noValidate aria-label="Proposta de um modelo">
      <Stack gap="md">
        <ErrorText>{form.formError ?? form.errors.budget_id}</ErrorText>
        <Text fz="sm" c="dimmed">
          As propostas do modelo entram depois das deste orçamento, nas datas da viagem
          {budget.start_date ? ` (a partir de ${shortDate(budget.start_date)})` : ''} e para os seus passageiros.
        </Text>
        <TemplatePicker label="Modelo" withAsterisk data-autofocus {...form.getInputProps('template_id')} />
        <FormActions onCancel={close} pending={apply.isPending}>
          Usar modelo
        </FormActions>
      </Stack>
    </form>
  );
}

export function ApplyTemplateDialog({
  budget,
  opened,
  onClose,
  onApplied,
}: {
  budget: BudgetTree;
  opened: boolean;
  onClose: () => void;
  onApplied: (proposalId: number) => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={<Text fw={600}>Nova proposta de um modelo</Text>} centered>
      {opened && <ApplyTemplateForm budget={budget} onClose={onClose} onApplied={onApplied} />}
    </FormDialog>
  );
}

const sourceText = (s: ServiceCopySource) =>
  [s.title, s.start_date ? shortDate(s.start_date) : null, `${s.budget.title}${s.budget.destination ? ` (${s.budget.destination})` : ''}`]
    .filter(Boolean)
    .join(' · ');

function CopyServiceForm({
  budget,
  proposal,
  onClose,
  onCopied,
}: {
  budget: BudgetTree;
  proposal: ProposalTree;
  onClose: () => void;
  onCopied: () => void;
}) {
  const trpc = useTRPC();
  const form = useSchemaForm({
    schema: copyServiceInput,
    initialValues: { service_id: null as number | null, proposal_id: proposal.id },
    labels: { service_id: 'Serviço' },
  });
  const close = useUnsavedChanges(form.values.service_id !== null);
  const copy = useMutation(
    trpc.serviceCopies.copy.mutationOptions({
      onSuccess: () => {
        toastSuccess('Serviço copiado.');
        onCopied();
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <form onSubmit={form.submit((input) => copy.mutate(input))} noValidate aria-label="Copiar serviço de outro orçamento">
      <Stack gap="md">
        <ErrorText>{form.formError ?? form.errors.proposal_id}</ErrorText>
        <Text fz="sm" c="dimmed">
          O serviço entra no fim de “{proposal.title}” com preços e detalhes; as datas acompanham o início desta viagem.
        </Text>
        <AutocompletePicker
          label="Serviço"
          withAsterisk
          data-autofocus
          placeholder="Busque pelo título do serviço ou destino do orçamento"
          search={(term) =>
            trpc.serviceCopies.list.queryOptions(
              { search: term.trim() || undefined, exclude_budget_id: budget.id, page: 1, per_page: 10 },
              { trpc: { abortOnUnmount: true } },
            )
          }
          itemsOf={(data) => data.services}
          optionText={sourceText}
          {...form.getInputProps('service_id')}
        />
        <FormActions onCancel={close} pending={copy.isPending}>
          Copiar serviço
        </FormActions>
      </Stack>
    </form>
  );
}

export function CopyServiceDialog({
  budget,
  proposal,
  opened,
  onClose,
  onCopied,
}: {
  budget: BudgetTree;
  proposal: ProposalTree;
  opened: boolean;
  onClose: () => void;
  onCopied: () => void;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={<Text fw={600}>Copiar serviço de outro orçamento</Text>} centered size="lg">
      {opened && <CopyServiceForm budget={budget} proposal={proposal} onClose={onClose} onCopied={onCopied} />}
    </FormDialog>
  );
}
