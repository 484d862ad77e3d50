import type { ClientKind } from '@app/shared/crm-labels';
import { BR_STATES, type BrState, formatCnpj, formatCpf, formatPostalCode, onlyDigits } from '@app/shared/documents';
import {
  BANK_ACCOUNT_TYPE_LABELS,
  BANK_ACCOUNT_TYPES,
  type BankAccountType,
  PIX_KEY_TYPE_LABELS,
  PIX_KEY_TYPES,
  type PixKeyType,
} from '@app/shared/pix';
import { SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from '@app/shared/service-types';
import { createSupplierInput, type Supplier } from '@app/shared/suppliers';
import {
  Chip,
  Fieldset,
  Group,
  Loader,
  MaskInput,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { PhoneInput } from '../../components/PhoneInput';
import { StaleWritePanel } from '../../components/StaleWritePanel';
import { type SchemaForm, useSchemaForm } from '../../lib/form';
import { useStaleWrite } from '../../lib/stale-write';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { usePostalCodeLookup } from '../../lib/use-postal-code-lookup';
import { useSeesCosts } from '../../lib/use-session';
import { formatDocument, KIND_LABELS } from './labels';
import { PercentInput } from './PercentInput';
import { CONTACT_LABELS, SupplierContactsFields, supplierContactValues } from './SupplierContactsFields';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Edit this supplier; without it, create one. */
  supplier?: Supplier;
  onSaved?: (supplier: Supplier) => void;
};

const ADDRESS_LABELS = {
  postal_code: 'CEP',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'UF',
};
/** Names of fields in the messages that name them ('CNPJ não é válido'), by the last part of their path. */
const LABELS = {
  ...ADDRESS_LABELS,
  ...CONTACT_LABELS,
  cpf: 'CPF',
  cnpj: 'CNPJ',
  trade_name: 'Nome fantasia',
  website: 'Site',
  commission_basis_points: 'Comissão',
  bank_code: 'Código do banco',
  bank_name: 'Banco',
  bank_branch: 'Agência',
  bank_account: 'Conta',
  bank_account_type: 'Tipo de conta',
  bank_holder_name: 'Titular',
  bank_holder_document: 'CPF/CNPJ do titular',
  pix_key_type: 'Tipo da chave Pix',
  pix_key: 'Chave Pix',
};
/** The fields' names in the merge panel of a stale save. */
const FIELD_LABELS: Record<string, string> = {
  ...LABELS,
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone',
  notes: 'Observações',
  service_types: 'Tipos de serviço',
  contacts: 'Contatos',
};
const MASKS = { cpf: '999.999.999-99', cnpj: '99.999.999/9999-99', cep: '99999-999' };
const DIGITS = { cpf: 11, cnpj: 14, cep: 8 };
const PIX_PLACEHOLDERS: Record<PixKeyType, string> = {
  cpf: '000.000.000-00',
  cnpj: '00.000.000/0000-00',
  email: 'financeiro@fornecedor.com.br',
  phone: '(11) 98765-4321',
  random: '123e4567-e89b-12d3-a456-426614174000',
};

const isState = (v: string): v is BrState => (BR_STATES as readonly string[]).includes(v);

/** The form's values: the API's fields, blank ones as the inputs hold them; masked numbers as shown. */
function initialValues(s: Supplier | undefined) {
  const a = s?.address;
  return {
    // Most suppliers are companies (hotels, airlines, operators).
    kind: s?.kind ?? ('organization' as ClientKind),
    name: s?.name ?? '',
    trade_name: s?.trade_name ?? '',
    cpf: formatCpf(s?.cpf),
    cnpj: formatCnpj(s?.cnpj),
    email: s?.email ?? '',
    phone: s?.phone ?? '',
    website: s?.website ?? '',
    service_types: s?.service_types ?? ([] as ServiceType[]),
    commission_basis_points: s?.commission_basis_points ?? (null as number | null),
    notes: s?.notes ?? '',
    address: {
      postal_code: formatPostalCode(a?.postal_code),
      street: a?.street ?? '',
      number: a?.number ?? '',
      complement: a?.complement ?? '',
      neighborhood: a?.neighborhood ?? '',
      city: a?.city ?? '',
      state: a?.state ?? '',
    },
    bank_code: s?.bank_code ?? '',
    bank_name: s?.bank_name ?? '',
    bank_branch: s?.bank_branch ?? '',
    bank_account: s?.bank_account ?? '',
    bank_account_type: s?.bank_account_type ?? (null as BankAccountType | null),
    bank_holder_name: s?.bank_holder_name ?? '',
    bank_holder_document: formatDocument(s?.bank_holder_document),
    pix_key_type: s?.pix_key_type ?? (null as PixKeyType | null),
    pix_key: s?.pix_key ?? '',
    contacts: supplierContactValues(s),
  };
}

type SupplierForm = SchemaForm<typeof createSupplierInput, ReturnType<typeof initialValues>>;

/** The address, filled from its CEP. */
function AddressFields({ form, showErrors }: { form: SupplierForm; showErrors: boolean }) {
  const numberRef = useRef<HTMLInputElement>(null);
  const cep = usePostalCodeLookup((found) => {
    form.setFieldValue('address.street', found.street);
    form.setFieldValue('address.neighborhood', found.neighborhood);
    form.setFieldValue('address.city', found.city);
    form.setFieldValue('address.state', isState(found.state) ? found.state : '');
    if (found.complement && !form.getValues().address.complement) form.setFieldValue('address.complement', found.complement);
    numberRef.current?.focus();
  });
  const { value, onChange: _typed, ...cepProps } = form.getInputProps('address.postal_code');
  const cepError = form.errors['address.postal_code'];
  const complete = onlyDigits(form.values.address.postal_code).length === DIGITS.cep;

  return (
    <Fieldset legend="Endereço" variant="filled" radius="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <MaskInput
            label={ADDRESS_LABELS.postal_code}
            mask={MASKS.cep}
            inputMode="numeric"
            autoComplete="off"
            description="O endereço é preenchido pelo CEP."
            {...cepProps}
            maxLength={undefined}
            defaultValue={value}
            onChangeRaw={(_raw: string, text: string) => {
              form.setFieldValue('address.postal_code', text);
              const digits = onlyDigits(text);
              cep.reset();
              // Every complete CEP is looked up, also one typed over another complete one.
              if (digits.length === DIGITS.cep) void cep.lookup(digits);
            }}
            rightSection={cep.loading ? <Loader size={16} aria-label="Buscando CEP" /> : null}
            error={cep.error ?? (showErrors || complete ? cepError : null)}
          />
          <TextInput label={ADDRESS_LABELS.number} ref={numberRef} {...form.getInputProps('address.number')} />
        </SimpleGrid>
        <TextInput label={ADDRESS_LABELS.street} {...form.getInputProps('address.street')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={ADDRESS_LABELS.complement} {...form.getInputProps('address.complement')} />
          <TextInput label={ADDRESS_LABELS.neighborhood} {...form.getInputProps('address.neighborhood')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <TextInput label={ADDRESS_LABELS.city} {...form.getInputProps('address.city')} />
          <Select label={ADDRESS_LABELS.state} searchable clearable data={[...BR_STATES]} {...form.getInputProps('address.state')} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** How the agency pays the supplier: Pix (key and its type, together) and the bank account. */
function PaymentFields({ form }: { form: SupplierForm }) {
  const pixType = form.values.pix_key_type;
  return (
    <Fieldset legend="Pagamento" variant="filled" radius="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={LABELS.pix_key_type}
            placeholder="Sem Pix"
            clearable
            data={PIX_KEY_TYPES.map((t) => ({ value: t, label: PIX_KEY_TYPE_LABELS[t] }))}
            {...form.getInputProps('pix_key_type')}
          />
          <TextInput
            label={LABELS.pix_key}
            autoComplete="off"
            placeholder={pixType ? PIX_PLACEHOLDERS[pixType] : undefined}
            withAsterisk={!!pixType}
            {...form.getInputProps('pix_key')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={LABELS.bank_code} inputMode="numeric" placeholder="341" {...form.getInputProps('bank_code')} />
          <TextInput label={LABELS.bank_name} {...form.getInputProps('bank_name')} />
          <TextInput label={LABELS.bank_branch} inputMode="numeric" {...form.getInputProps('bank_branch')} />
          <TextInput label={LABELS.bank_account} inputMode="numeric" {...form.getInputProps('bank_account')} />
          <Select
            label={LABELS.bank_account_type}
            clearable
            data={BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: BANK_ACCOUNT_TYPE_LABELS[t] }))}
            {...form.getInputProps('bank_account_type')}
          />
          <TextInput label={LABELS.bank_holder_name} {...form.getInputProps('bank_holder_name')} />
          <TextInput label={LABELS.bank_holder_document} inputMode="numeric" {...form.getInputProps('bank_holder_document')} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function SupplierForm({ supplier, onClose, onSaved }: Omit<Props, 'opened'>) {
  const seesCosts = useSeesCosts();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  /** Masked numbers show their errors once complete or left (not while typed). */
  const [docTouched, setDocTouched] = useState(false);
  const form = useSchemaForm({ schema: createSupplierInput, initialValues: initialValues(supplier), labels: LABELS });
  const v = form.values;
  const kind = v.kind;

  const done = (saved: Supplier, message: string) => {
    queryClient.setQueryData(trpc.suppliers.get.queryKey({ id: saved.id }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.suppliers.list.queryKey() });
    toastSuccess(message);
    onSaved?.(saved);
    onClose();
  };
  const stale = useStaleWrite({
    version: supplier?.version,
    base: initialValues(supplier),
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.suppliers.get.queryOptions({ id: supplier?.id ?? 0 }, { staleTime: 0 }));
      return { values: initialValues(current), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });
  const onError = (error: unknown) => {
    if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
  };
  const create = useMutation(trpc.suppliers.create.mutationOptions({ onSuccess: (s) => done(s, 'Fornecedor cadastrado.'), onError }));
  const update = useMutation(trpc.suppliers.update.mutationOptions({ onSuccess: (s) => done(s, 'Fornecedor atualizado.'), onError }));
  const pending = create.isPending || update.isPending;

  const submit = form.submit(({ kind: _kind, ...fields }) => {
    if (supplier) update.mutate({ id: supplier.id, ...fields, version: stale.version() });
    else create.mutate({ kind, ...fields });
  });

  const switchKind = (next: ClientKind) => {
    // A CPF belongs to people, a CNPJ and a trade name to companies: the other kind's are dropped.
    form.setFieldValue('kind', next);
    form.setFieldValue(next === 'person' ? 'cnpj' : 'cpf', '');
    if (next === 'person') form.setFieldValue('trade_name', '');
    setDocTouched(false);
  };

  const docName = kind === 'person' ? 'cpf' : 'cnpj';
  const { value: docValue, onChange: _typed, onBlur: docBlur, ...docProps } = form.getInputProps(docName);
  const docComplete = onlyDigits(v[docName]).length === DIGITS[docName];

  return (
    <form
      onSubmit={(event) => {
        setDocTouched(true);
        submit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <StaleWritePanel state={stale} labels={FIELD_LABELS} />
        {!supplier && (
          <SegmentedControl
            fullWidth
            aria-label="Tipo de fornecedor"
            value={kind}
            onChange={(k) => switchKind(k as ClientKind)}
            data={(['organization', 'person'] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
        )}
        <TextInput
          label={kind === 'person' ? 'Nome' : 'Razão social'}
          withAsterisk
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MaskInput
            // A new mask per kind: CPF and CNPJ are different inputs.
            key={docName}
            label={kind === 'person' ? 'CPF' : 'CNPJ'}
            mask={kind === 'person' ? MASKS.cpf : MASKS.cnpj}
            inputMode="numeric"
            autoComplete="off"
            {...docProps}
            maxLength={undefined}
            defaultValue={docValue}
            onChangeRaw={(_raw: string, text: string) => form.setFieldValue(docName, text)}
            onBlur={() => {
              docBlur();
              setDocTouched(true);
            }}
            error={docTouched || docComplete ? form.errors[docName] : null}
          />
          {kind === 'organization' && <TextInput label={LABELS.trade_name} {...form.getInputProps('trade_name')} />}
        </SimpleGrid>

        <Fieldset legend="Tipos de serviço" variant="unstyled">
          <Chip.Group multiple value={v.service_types} onChange={(types) => form.setFieldValue('service_types', types as ServiceType[])}>
            <Group gap="xs" wrap="wrap">
              {SERVICE_TYPES.map((type) => (
                <Chip key={type} value={type} size="sm">
                  {SERVICE_TYPE_LABELS[type]}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <ErrorText>{form.errors.service_types}</ErrorText>
        </Fieldset>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="E-mail" type="email" inputMode="email" autoComplete="off" {...form.getInputProps('email')} />
          <PhoneInput form={form} path="phone" label="Telefone" />
          <TextInput label={LABELS.website} type="url" inputMode="url" placeholder="https://" {...form.getInputProps('website')} />
          {seesCosts && (
            <PercentInput
              label="Comissão padrão"
              description="O que o fornecedor paga à agência"
              {...form.getInputProps('commission_basis_points')}
            />
          )}
        </SimpleGrid>

        <AddressFields form={form} showErrors={docTouched} />
        <PaymentFields form={form} />
        <SupplierContactsFields form={form} />

        <Textarea label="Observações" autosize minRows={2} {...form.getInputProps('notes')} />

        <FormActions onCancel={onClose} pending={pending} mt="xs">
          {supplier ? 'Salvar alterações' : 'Cadastrar fornecedor'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function SupplierFormModal({ opened, onClose, supplier, onSaved }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{supplier ? 'Editar fornecedor' : 'Novo fornecedor'}</Text>}
      centered
      size="lg"
      fullScreen={phone}
    >
      {/* Mounted only while open, so every opening starts from fresh values. */}
      {opened && <SupplierForm supplier={supplier} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
