// "Fechar venda": the proposal sold (the accepted one by default), the seller and commission, the
// payment plan (method, installments from a first due date, previewed as the API derives it) and
// notes. On success the closed sale opens.
import type { BudgetPaymentMethods, BudgetTree } from '@app/shared/budgets';
import { shortDate } from '@app/shared/format';
import { formatBasisPoints } from '@app/shared/installments';
import type { BudgetAcceptedInfo } from '@app/shared/landing-pages';
import { monthlyPlan, SALE_LIMITS, sellBudgetInput } from '@app/shared/sales';
import { Alert, Center, Group, Loader, NumberInput, Select, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField';
import { ErrorText } from '../../../components/ErrorText';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { Money } from '../../../components/Money';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useMoneyText } from '../../../lib/value-visibility';
import { useOwnerOptions } from '../../attendances/use-owner-options';
import { TravelChecks } from '../TravelChecks';
import { commissionCheck } from './commission';
import { closedSalePath } from './labels';
import { basisPointsToPercent, percentToBasisPoints } from './sale-rules';
import { useSaleRefresh } from './use-sale-refresh';

const LABELS = {
  proposal_id: 'Proposta',
  seller_user_id: 'Vendedor',
  commission_basis_points: 'Comissão',
  payment_method_id: 'Forma de pagamento',
  installments: 'Parcelas',
  first_due_date: 'Primeiro vencimento',
  notes: 'Observações',
};

const today = () => new Date().toLocaleDateString('sv-SE');

type Props = { budget: BudgetTree; payments: BudgetPaymentMethods | undefined; accepted: BudgetAcceptedInfo['accepted'] | undefined };

/** The form as the customer left it: the accepted proposal with the method and installments they chose. */
function initialValues({ budget, accepted }: Props) {
  const proposal =
    budget.proposals.find((p) => p.id === budget.accepted_proposal_id) ?? (budget.proposals.length === 1 ? budget.proposals[0] : undefined);
  const chosenByCustomer = accepted && accepted.proposal?.id === proposal?.id;
  return {
    id: budget.id,
    proposal_id: proposal?.id ?? (null as number | null),
    seller_user_id: budget.owner.id as number | null,
    commission_basis_points: 0,
    payment_method_id: (chosenByCustomer ? accepted.payment_method?.id : null) ?? (null as number | null),
    installments: (chosenByCustomer ? accepted.installments : null) ?? 1,
    first_due_date: today() as string | null,
    notes: '',
  };
}

function SellForm({ onClose, ...props }: Props & { onClose: () => void }) {
  const { budget, payments } = props;
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const navigate = useNavigate();
  const owners = useOwnerOptions();
  const form = useSchemaForm({ schema: sellBudgetInput, initialValues: initialValues(props), labels: LABELS });
  const close = useUnsavedChanges(form.hasChanges());
  const sell = useMutation(
    trpc.sales.sell.mutationOptions({
      onSuccess: (result) => {
        void refresh();
        toastSuccess(result.message);
        onClose();
        void navigate(closedSalePath(budget.id));
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );

  const v = form.values;
  const proposal = budget.proposals.find((p) => p.id === v.proposal_id);
  const methods = payments?.proposals.find((p) => p.proposal_id === v.proposal_id)?.payment_methods ?? [];
  const method = methods.find((m) => m.payment_method_id === v.payment_method_id);
  const maxInstallments = Math.min(
    SALE_LIMITS.installments,
    method ? Math.max(...method.installments.map((o) => o.count), 1) : SALE_LIMITS.installments,
  );
  const saleCents = proposal?.totals.sale_cents ?? 0;
  // Against the proposal's revenue when its cost is known to this user; only the commission otherwise.
  const commission = proposal ? commissionCheck(proposal.totals, v.commission_basis_points) : null;
  const plan = proposal && v.first_due_date ? monthlyPlan(saleCents, v.installments, v.first_due_date) : [];
  const moneyText = useMoneyText();

  const pick = (field: 'proposal_id' | 'seller_user_id' | 'payment_method_id') => ({
    ...form.getInputProps(field),
    value: v[field] === null ? null : String(v[field]),
    onChange: (value: string | null) => form.setFieldValue(field, value ? Number(value) : null),
  });

  return (
    <form onSubmit={form.submit((input) => sell.mutate({ ...input, version: budget.version }))} noValidate aria-label="Fechar venda">
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <Select
          label="Proposta vendida"
          withAsterisk
          allowDeselect={false}
          data={budget.proposals.map((p) => ({
            value: String(p.id),
            label: `${p.title} · ${moneyText(p.totals.sale_cents, budget.currency)}${p.id === budget.accepted_proposal_id ? ' (aceita)' : ''}`,
          }))}
          {...pick('proposal_id')}
          onChange={(value) => {
            form.setFieldValue('proposal_id', value ? Number(value) : null);
            form.setFieldValue('payment_method_id', null);
            form.setFieldValue('installments', 1);
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select label="Vendedor" withAsterisk searchable allowDeselect={false} data={owners.options} {...pick('seller_user_id')} />
          <NumberInput
            {...form.getInputProps('commission_basis_points')}
            label="Comissão do vendedor (%)"
            description={
              commission ? (
                <span data-testid="sell-commission">
                  <Money cents={commission.commission_cents} currency={budget.currency} /> sobre a venda
                </span>
              ) : undefined
            }
            min={0}
            max={100}
            decimalScale={2}
            decimalSeparator=","
            allowNegative={false}
            suffix=" %"
            value={basisPointsToPercent(v.commission_basis_points)}
            onChange={(value) => form.setFieldValue('commission_basis_points', percentToBasisPoints(Number(value) || 0))}
          />
        </SimpleGrid>
        {commission && commission.revenue_cents !== null && commission.remaining_cents !== null && (
          <Group gap="xl" data-testid="sell-commission-summary" aria-label="Comissão e receita da agência" role="group">
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                Receita da agência
              </Text>
              <Text fz="sm" fw={600} data-testid="sell-revenue">
                <Money cents={commission.revenue_cents} currency={budget.currency} />
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                Comissão do vendedor
              </Text>
              <Text fz="sm" fw={600}>
                <Money cents={commission.commission_cents} currency={budget.currency} />
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                Receita após a comissão
              </Text>
              <Text fz="sm" fw={600} c={commission.remaining_cents < 0 ? 'red' : undefined} data-testid="sell-remaining">
                <Money cents={commission.remaining_cents} currency={budget.currency} />
              </Text>
            </Stack>
          </Group>
        )}
        {commission?.exceedsRevenue && (
          <Alert color="yellow" variant="light" data-testid="sell-commission-warning">
            A comissão do vendedor (<Money cents={commission.commission_cents} currency={budget.currency} />) passa da receita da agência (
            <Money cents={commission.revenue_cents} currency={budget.currency} />
            ). Confira antes de fechar; a venda pode ser fechada assim mesmo.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="Forma de pagamento"
            placeholder="Não informada"
            clearable
            data={methods.map((m) => ({ value: String(m.payment_method_id), label: m.name }))}
            nothingFoundMessage="Nenhuma forma de pagamento ativa"
            {...pick('payment_method_id')}
            onChange={(value) => {
              form.setFieldValue('payment_method_id', value ? Number(value) : null);
              form.setFieldValue('installments', 1);
            }}
          />
          <Select
            label="Parcelas"
            allowDeselect={false}
            data={Array.from({ length: maxInstallments }, (_, i) => ({
              value: String(i + 1),
              label: i === 0 ? 'À vista (1x)' : `${i + 1}x`,
            }))}
            {...form.getInputProps('installments')}
            value={String(v.installments)}
            onChange={(value) => form.setFieldValue('installments', Number(value) || 1)}
          />
        </SimpleGrid>
        <DateField label="Primeiro vencimento" {...form.getInputProps('first_due_date')} />
        {!proposal && (
          <Text fz="sm" c="dimmed">
            Escolha a proposta vendida para ver as parcelas.
          </Text>
        )}
        {plan.length > 0 && (
          <Table.ScrollContainer minWidth={280}>
            <Table striped withTableBorder fz="sm" aria-label="Plano de pagamento" data-testid="sell-plan-preview">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Parcela</Table.Th>
                  <Table.Th>Vencimento</Table.Th>
                  <Table.Th ta="right">Valor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {plan.map((item) => (
                  <Table.Tr key={item.number}>
                    <Table.Td>{item.number}ª</Table.Td>
                    <Table.Td>{shortDate(item.due_date)}</Table.Td>
                    <Table.Td ta="right">
                      <Money cents={item.amount_cents} currency={budget.currency} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={2}>Total</Table.Th>
                  <Table.Th ta="right">
                    <Money cents={saleCents} currency={budget.currency} />
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        )}
        <Textarea label="Observações" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
        <TravelChecks budgetId={budget.id} />
        <Alert color="blue" variant="light">
          Os valores e as cotações desta proposta ficam congelados, o orçamento passa a vendido, o atendimento vai para Ganhos, cada serviço
          vendido ganha uma reserva a fazer e o checklist da venda (contrato, documentos e o de cada serviço) vira tarefas do vendedor.
          {v.commission_basis_points > 0 && ` Comissão de ${formatBasisPoints(v.commission_basis_points)}.`}
        </Alert>
        <FormActions onCancel={close} pending={sell.isPending}>
          Fechar venda
        </FormActions>
      </Stack>
    </form>
  );
}

/** The form opens once the customer's choices and the payment methods are known (or failed to load). */
function SellLoader({ budget, onClose }: { budget: BudgetTree; onClose: () => void }) {
  const trpc = useTRPC();
  const payments = useQuery(trpc.budgets.paymentMethods.queryOptions({ id: budget.id }));
  const info = useQuery(trpc.landingPages.acceptedInfo.queryOptions({ id: budget.id }));
  if (payments.isPending || info.isPending) {
    return (
      <Center h={200} aria-busy="true" aria-label="Carregando">
        <Loader />
      </Center>
    );
  }
  return <SellForm budget={budget} payments={payments.data} accepted={info.data?.accepted} onClose={onClose} />;
}

export function SellBudgetModal({ budget, opened, onClose }: { budget: BudgetTree; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormDialog opened={opened} onClose={onClose} title={<Text fw={600}>Fechar venda</Text>} centered size="lg" fullScreen={phone}>
      {opened && <SellLoader budget={budget} onClose={onClose} />}
    </FormDialog>
  );
}
