// Create or edit a payment method. The fields follow the kind (a Pix key for Pix, card brands for
// credit card, installments for credit card and boleto, due days for invoiced) and validate with the
// API's own schema; the installments table edits the interest of each count and shows, for an
// example amount, what the customer would pay (the same rule budgets price proposals with).
import { dateTime, toCurrency } from '@app/shared/format';
import {
  allowsInstallments,
  createPaymentMethodInput,
  formatBasisPoints,
  installmentOptions,
  MAX_INSTALLMENTS,
  MAX_INTEREST_BASIS_POINTS,
  PAYMENT_METHOD_KIND_LABELS,
  PAYMENT_METHOD_KINDS,
  type PaymentMethod,
  type PaymentMethodKind,
} from '@app/shared/payment-methods';
import { PIX_KEY_TYPE_LABELS, PIX_KEY_TYPES, type PixKeyType } from '@app/shared/pix';
import { firstPartDiffers, installmentsText } from '@app/shared/splits';
import {
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CurrencyInput } from '../../components/CurrencyInput';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { type SchemaForm, useSchemaForm } from '../../lib/form';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

type Props = { opened: boolean; method?: PaymentMethod; onClose: () => void };

/** Names of fields in the messages that name them ('Chave Pix não é uma chave Pix válida...'). */
const LABELS = {
  kind: 'Tipo',
  name: 'Nome',
  pix_key_type: 'Tipo de chave',
  pix_key: 'Chave Pix',
  card_brand_ids: 'Bandeiras',
  max_installments: 'Parcelas',
  installment_interest: 'Juros',
  min_installment_cents: 'Parcela mínima',
  due_days: 'Vencimento',
  instructions: 'Instruções',
};

/** An amount to show the installments with until the user types one: R$ 1.000,00. */
const EXAMPLE_CENTS = 100_000;

function initialValues(m: PaymentMethod | undefined) {
  return {
    kind: m?.kind ?? ('credit_card' as PaymentMethodKind),
    name: m?.name ?? '',
    pix_key_type: m?.pix_key_type ?? (null as PixKeyType | null),
    pix_key: m?.pix_key ?? '',
    card_brand_ids: m?.card_brands.map((b) => b.id) ?? ([] as number[]),
    max_installments: (m?.max_installments ?? 1) as number | string,
    installment_interest: m?.installment_interest ?? [0],
    min_installment_cents: m?.min_installment_cents ?? (null as number | null),
    due_days: (m?.due_days ?? '') as number | string,
    instructions: m?.instructions ?? '',
  };
}
type Values = ReturnType<typeof initialValues>;
type Form = SchemaForm<typeof createPaymentMethodInput, Values>;

/** The rates of `count` installments: the ones kept, new counts "sem juros". */
const resized = (rates: number[], count: number) => Array.from({ length: count }, (_, i) => rates[i] ?? 0);
const countOf = (value: number | string) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_INSTALLMENTS ? n : 1;
};

/** A kind's own fields; the others go blank, so a new kind is sent without the old kind's. */
function kindChange(kind: PaymentMethodKind, values: Values): Partial<Values> {
  return {
    kind,
    ...(kind !== 'pix' ? { pix_key_type: null, pix_key: '' } : {}),
    ...(kind !== 'credit_card' ? { card_brand_ids: [] } : {}),
    ...(allowsInstallments(kind)
      ? {}
      : { max_installments: 1, installment_interest: resized(values.installment_interest, 1), min_installment_cents: null }),
    ...(kind !== 'invoiced' ? { due_days: '' } : {}),
  };
}

/** The card_flag_params rows to choose from: the active ones, and those the method already has. */
function CardBrandsInput({ form, method }: { form: Form; method?: PaymentMethod }) {
  const trpc = useTRPC();
  const brands = useQuery(trpc.referenceLists.card_flag_params.list.queryOptions({ is_active: 'true', per_page: 100 }));
  const options = new Map((method?.card_brands ?? []).map((b) => [String(b.id), b.name]));
  for (const b of brands.data?.items ?? []) options.set(String(b.id), b.name);
  return (
    <MultiSelect
      label={LABELS.card_brand_ids}
      withAsterisk
      placeholder={brands.isPending ? 'Carregando bandeiras…' : 'Escolha as bandeiras aceitas'}
      searchable
      nothingFoundMessage="Nenhuma bandeira encontrada"
      data={[...options].map(([value, label]) => ({ value, label }))}
      value={form.values.card_brand_ids.map(String)}
      onChange={(ids) => form.setFieldValue('card_brand_ids', ids.map(Number))}
      error={form.errors.card_brand_ids}
    />
  );
}

/** An installment of the preview: 'R$ 333,33', or '1ª de R$ 333,34 + 2x de R$ 333,33' when the first takes the leftover cents. */
function installmentAmount(o: { count: number; first_installment_cents: number; installment_cents: number }): string {
  const split = { count: o.count, first_cents: o.first_installment_cents, each_cents: o.installment_cents };
  return firstPartDiffers(split) ? installmentsText(split, (cents) => toCurrency(cents)) : toCurrency(o.installment_cents);
}

/** The interest of each installment count and, for an example amount, the installments it makes. */
function InstallmentsTable({ form }: { form: Form }) {
  const [example, setExample] = useState<number | null>(EXAMPLE_CENTS);
  const [freeUpTo, setFreeUpTo] = useState<number | string>(1);
  const [rate, setRate] = useState<number | string>('');
  const count = countOf(form.values.max_installments);
  const rates = resized(form.values.installment_interest, count);
  const options = new Map(
    installmentOptions(
      {
        kind: form.values.kind,
        max_installments: count,
        installment_interest: rates,
        min_installment_cents: form.values.min_installment_cents,
      },
      example ?? 0,
    ).map((o) => [o.count, o]),
  );
  const setRates = (next: number[]) => form.setFieldValue('installment_interest', next);
  const fill = () => {
    const free = Math.min(count, Math.max(0, Math.floor(Number(freeUpTo) || 0)));
    const basisPoints = Math.round(Number(rate || 0) * 100);
    setRates(Array.from({ length: count }, (_, i) => (i < free ? 0 : basisPoints)));
  };
  const percent = {
    min: 0,
    max: MAX_INTEREST_BASIS_POINTS / 100,
    decimalScale: 2,
    decimalSeparator: ',',
    allowNegative: false,
    hideControls: true,
  };

  return (
    <Fieldset legend="Juros por número de parcelas" variant="filled">
      <Stack gap="sm">
        <Text fz="xs" c="dimmed">
          Juros ao mês de cada número de parcelas (0 = sem juros). Parcelas com juros são iguais (Tabela Price).
        </Text>
        {count > 1 && (
          <Group gap="xs" align="flex-end" wrap="wrap">
            <NumberInput
              label="Sem juros até"
              suffix="x"
              min={1}
              max={count}
              allowDecimal={false}
              value={freeUpTo}
              onChange={setFreeUpTo}
              w={120}
            />
            <NumberInput label="Juros a.m. das demais" suffix="%" value={rate} onChange={setRate} w={170} {...percent} />
            <Button variant="light" onClick={fill}>
              Aplicar
            </Button>
          </Group>
        )}
        <CurrencyInput label="Valor de exemplo" value={example} onChange={setExample} w={220} />
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} data-testid="installments-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parcelas</Table.Th>
                <Table.Th w={130}>Juros a.m.</Table.Th>
                <Table.Th>Parcela</Table.Th>
                <Table.Th>Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rates.map((basisPoints, index) => {
                const n = index + 1;
                const o = options.get(n);
                return (
                  <Table.Tr key={n}>
                    <Table.Td>{n}x</Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={`Juros de ${n}x (% ao mês)`}
                        size="xs"
                        suffix="%"
                        value={basisPoints / 100}
                        onChange={(v) => setRates(rates.map((r, i) => (i === index ? Math.round(Number(v || 0) * 100) : r)))}
                        error={form.errors[`installment_interest.${index}`]}
                        {...percent}
                      />
                    </Table.Td>
                    <Table.Td>
                      {o ? (
                        <Text fz="sm">
                          {installmentAmount(o)} {o.interest_free ? 'sem juros' : `(${formatBasisPoints(o.interest_basis_points)} a.m.)`}
                        </Text>
                      ) : (
                        <Text fz="xs" c="dimmed">
                          abaixo da parcela mínima
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{o ? toCurrency(o.total_cents) : '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ErrorText>{form.errors.installment_interest as string | undefined}</ErrorText>
      </Stack>
    </Fieldset>
  );
}

function PaymentMethodForm({ method, onClose }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useSchemaForm({ schema: createPaymentMethodInput, initialValues: initialValues(method), labels: LABELS });
  const close = useUnsavedChanges(form.hasChanges());
  const kind = form.values.kind;
  const done = (message: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.paymentMethods.pathKey() });
    toastSuccess(message);
    onClose();
  };
  const create = useMutation(
    trpc.paymentMethods.create.mutationOptions({
      onSuccess: () => done('Forma de pagamento cadastrada.'),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const update = useMutation(
    trpc.paymentMethods.update.mutationOptions({
      onSuccess: () => done('Forma de pagamento atualizada.'),
      onError: (error) => form.setServerErrors(error),
    }),
  );
  const submit = form.submit((input) => {
    if (method) update.mutate({ ...input, id: method.id });
    else create.mutate(input);
  });
  const onMaxInstallments = (value: number | string) => {
    form.setValues({ max_installments: value, installment_interest: resized(form.values.installment_interest, countOf(value)) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={LABELS.kind}
            withAsterisk
            allowDeselect={false}
            data={PAYMENT_METHOD_KINDS.map((k) => ({ value: k, label: PAYMENT_METHOD_KIND_LABELS[k] }))}
            {...form.getInputProps('kind')}
            onChange={(next) => next && form.setValues(kindChange(next as PaymentMethodKind, form.values))}
          />
          <TextInput label={LABELS.name} withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('name')} />
        </SimpleGrid>
        {kind === 'pix' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={LABELS.pix_key_type}
              withAsterisk
              data={PIX_KEY_TYPES.map((t) => ({ value: t, label: PIX_KEY_TYPE_LABELS[t] }))}
              {...form.getInputProps('pix_key_type')}
            />
            <TextInput label={LABELS.pix_key} withAsterisk autoComplete="off" {...form.getInputProps('pix_key')} />
          </SimpleGrid>
        )}
        {kind === 'credit_card' && <CardBrandsInput form={form} method={method} />}
        {allowsInstallments(kind) && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NumberInput
              label="Máximo de parcelas"
              withAsterisk
              min={1}
              max={MAX_INSTALLMENTS}
              allowDecimal={false}
              {...form.getInputProps('max_installments')}
              onChange={onMaxInstallments}
            />
            <CurrencyInput
              label={LABELS.min_installment_cents}
              description="Parcelas menores não são oferecidas"
              value={form.values.min_installment_cents}
              onChange={(cents) => form.setFieldValue('min_installment_cents', cents)}
              error={form.errors.min_installment_cents}
            />
          </SimpleGrid>
        )}
        {allowsInstallments(kind) && <InstallmentsTable form={form} />}
        {kind === 'invoiced' && (
          <NumberInput
            label="Vencimento (dias após a venda)"
            withAsterisk
            allowDecimal={false}
            suffix=" dias"
            w={{ base: '100%', sm: 260 }}
            {...form.getInputProps('due_days')}
          />
        )}
        <Textarea
          label={LABELS.instructions}
          description="Dados bancários, como pagar: o cliente lê na proposta"
          autosize
          minRows={2}
          {...form.getInputProps('instructions')}
        />
        {method && (
          <Text fz="xs" c="dimmed">
            Cadastrada em {dateTime(method.created_at)}
          </Text>
        )}
        <FormActions onCancel={close} pending={create.isPending || update.isPending} mt="xs">
          {method ? 'Salvar alterações' : 'Cadastrar'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function PaymentMethodFormModal({ opened, method, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{method ? 'Editar forma de pagamento' : 'Nova forma de pagamento'}</Text>}
      centered
      size="lg"
      fullScreen={phone}
    >
      {/* Mounted only while open, so every opening starts from fresh values. */}
      {opened && <PaymentMethodForm method={method} onClose={onClose} />}
    </FormDialog>
  );
}
