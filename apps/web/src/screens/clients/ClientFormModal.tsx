import type { Client, ClientKind, PostalCodeAddress } from '@app/shared/clients';
import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { NOTES_MAX_LENGTH } from '@app/shared/crm-rules';
import {
  BR_STATES,
  type BrState,
  formatCnpj,
  formatCpf,
  formatPostalCode,
  isValidCnpj,
  isValidCpf,
  onlyDigits,
} from '@app/shared/documents';
import { serverErrorText } from '@app/shared/errors';
import {
  Alert,
  Anchor,
  Button,
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
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiError } from '../../lib/api-error';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useForm } from '../../lib/use-form';
import { ClientContactsFields, contactsInput, useContactRows } from './ClientContactsFields';
import { ClientDocumentsFields, documentsInput, useDocumentRows } from './ClientDocumentsFields';
import { INVALID, KIND_LABELS } from './labels';
import { formatPhone } from './phone';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Edit this client; without it, create one. */
  client?: Client;
  onSaved?: (client: Client) => void;
};

type Values = {
  kind: string;
  name: string;
  cpf: string;
  cnpj: string;
  birth_date: string;
  email: string;
  phone: string;
  notes: string;
  postal_code: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
};

const ADDRESS_FIELDS = ['postal_code', 'street', 'number', 'complement', 'neighborhood', 'city', 'state'] as const;
const REQUIRED_ADDRESS_FIELDS = ['postal_code', 'street', 'number', 'neighborhood', 'city', 'state'] as const;
const LABELS = { name: 'Nome', email: 'E-mail' };
const ADDRESS = CLIENT_LIST_LABELS.addresses;
const MASKS = { cpf: '999.999.999-99', cnpj: '99.999.999/9999-99', cep: '99999-999' };
const CPF_LENGTH = 11;
const CNPJ_LENGTH = 14;
const CEP_LENGTH = 8;

const isState = (v: string): v is BrState => (BR_STATES as readonly string[]).includes(v);

function initialValues(c: Client | undefined): Values {
  const a = c?.addresses[0];
  return {
    kind: c?.kind ?? 'person',
    name: c?.name ?? '',
    cpf: c?.cpf ?? '',
    cnpj: c?.cnpj ?? '',
    birth_date: c?.birth_date ?? '',
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    notes: c?.notes ?? '',
    postal_code: a?.postal_code ?? '',
    street: a?.street ?? '',
    number: a?.number ?? '',
    complement: a?.complement ?? '',
    neighborhood: a?.neighborhood ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
  };
}

/** CPF (people) or CNPJ (organizations): check digits as the API checks them; empty is allowed. */
function documentError(kind: string, v: Values): string | null {
  if (kind === 'person') return v.cpf && !isValidCpf(v.cpf) ? `CPF ${INVALID}` : null;
  return v.cnpj && !isValidCnpj(v.cnpj) ? `CNPJ ${INVALID}` : null;
}

function ClientForm({ client, onClose, onSaved }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ClientKind>(client?.kind ?? 'person');
  const [docTouched, setDocTouched] = useState(false);
  /** Section 5: the server's text when its first error is on the CPF (the CPF-in-use flag). */
  const [cpfServerText, setCpfServerText] = useState<string | null>(null);
  const [cep, setCep] = useState<{ loading: boolean; error: string | null }>({ loading: false, error: null });
  const numberRef = useRef<HTMLInputElement>(null);
  /** The CEP last asked for: an older answer arriving late is ignored. */
  const cepAsked = useRef('');
  const contacts = useContactRows(client);
  const documents = useDocumentRows(client);

  // An address is optional, but once any part of it is filled the rest is needed. use-form reads
  // this same object when it validates, so the rules added below follow the values of each render.
  const rules: Partial<Record<keyof Values, string>> = { name: 'required|minmax:2,160', email: 'email' };
  const form = useForm<Values>({ initialValues: initialValues(client), rules, labels: LABELS });
  const v = form.values;
  const hasAddress = ADDRESS_FIELDS.some((f) => v[f].trim() !== '');
  if (hasAddress) for (const f of REQUIRED_ADDRESS_FIELDS) rules[f] = 'required';
  const docError = documentError(kind, v);
  const cepInvalid = v.postal_code !== '' && v.postal_code.length !== CEP_LENGTH ? `CEP ${INVALID}` : null;

  const done = (saved: Client, message: string) => {
    queryClient.setQueryData(trpc.clients.get.queryKey({ id: saved.id }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
    toastSuccess(message);
    onSaved?.(saved);
    onClose();
  };
  const focus = (name: string) => form.formRef.current?.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`)?.focus();
  const onError = (error: unknown) => {
    const err = apiError(error);
    // Row errors ('contacts.0.email') go to their rows; use-form would read them as its own 'email'.
    const rowInput = contacts.setServerErrors(err.errors) ?? documents.setServerErrors(err.errors);
    const own = Object.entries(err.errors).filter(([path]) => !/^(contacts|documents)(\.|$)/.test(path));
    form.setServerErrors({ data: { ...err, errors: Object.fromEntries(own) } });
    if (rowInput && own.length === 0) focus(rowInput);
    const { text, cpfInUse } = serverErrorText(err, err.status);
    if (cpfInUse) setCpfServerText(text);
  };
  const create = useMutation(trpc.clients.create.mutationOptions({ onSuccess: (c) => done(c, 'Cliente cadastrado.'), onError }));
  const update = useMutation(trpc.clients.update.mutationOptions({ onSuccess: (c) => done(c, 'Cliente atualizado.'), onError }));
  const pending = create.isPending || update.isPending;

  const lookup = async (digits: string) => {
    cepAsked.current = digits;
    setCep({ loading: true, error: null });
    try {
      const address: PostalCodeAddress = await queryClient.fetchQuery(
        // Section 7: the postal-code lookup; its failures are told beside the field, not in the bar.
        trpc.postalCodes.lookup.queryOptions(
          { cep: digits },
          { meta: { silent: true }, retry: false, staleTime: Number.POSITIVE_INFINITY },
        ),
      );
      if (cepAsked.current !== digits) return;
      form.setFieldValue('street', address.street);
      form.setFieldValue('neighborhood', address.neighborhood);
      form.setFieldValue('city', address.city);
      form.setFieldValue('state', isState(address.state) ? address.state : '');
      if (address.complement && !form.values.complement) form.setFieldValue('complement', address.complement);
      setCep({ loading: false, error: null });
      numberRef.current?.focus();
    } catch (error) {
      if (cepAsked.current !== digits) return;
      const status = apiError(error).status;
      setCep({
        loading: false,
        error:
          status === 404
            ? 'CEP não encontrado'
            : status === 400
              ? `CEP ${INVALID}`
              : 'Não foi possível consultar o CEP. Preencha o endereço.',
      });
    }
  };

  const submit = form.onSubmit((values) => {
    if (docError || cepInvalid) {
      const field = docError ? (kind === 'person' ? 'cpf' : 'cnpj') : 'postal_code';
      focus(field);
      return;
    }
    const rowError = contacts.validate() ?? documents.validate();
    if (rowError) {
      focus(rowError);
      return;
    }
    const filled = ADDRESS_FIELDS.some((f) => values[f].trim() !== '');
    const address = {
      postal_code: values.postal_code,
      street: values.street.trim(),
      number: values.number.trim(),
      complement: values.complement.trim() || null,
      neighborhood: values.neighborhood.trim(),
      city: values.city.trim(),
      state: values.state as BrState,
    };
    // The form edits the first address; others (added through the API) are kept as they are.
    const others = (client?.addresses.slice(1) ?? []).map(({ id: _id, ...rest }) => ({ ...rest, state: rest.state as BrState }));
    const fields = {
      name: values.name.trim(),
      email: values.email.trim().toLowerCase() || null,
      phone: values.phone.trim() || null,
      notes: values.notes.trim() || null,
      addresses: filled ? [address, ...others] : others,
      contacts: contactsInput(contacts),
      documents: documentsInput(documents),
      ...(kind === 'person' ? { cpf: values.cpf || null, birth_date: values.birth_date || null } : { cnpj: values.cnpj || null }),
    };
    if (client) update.mutate({ id: client.id, ...fields });
    else create.mutate({ kind, ...fields });
  });

  const docName = kind === 'person' ? 'cpf' : 'cnpj';
  const docValue = kind === 'person' ? formatCpf(client?.cpf) : formatCnpj(client?.cnpj);
  const docLength = kind === 'person' ? CPF_LENGTH : CNPJ_LENGTH;
  const shownDocError =
    (kind === 'person' ? cpfServerText : null) ?? form.errors[docName] ?? (docTouched || v[docName].length === docLength ? docError : null);

  return (
    <form
      ref={form.formRef}
      onSubmit={(event) => {
        setDocTouched(true);
        // The rows show their messages together with the fields above, even when those fail first.
        contacts.validate();
        documents.validate();
        submit(event);
      }}
      noValidate
    >
      <Stack gap="md">
        {form.formError && (
          <Text c="red" fz="sm" role="alert">
            {form.formError}
          </Text>
        )}
        {!client && (
          <SegmentedControl
            fullWidth
            aria-label="Tipo de cliente"
            value={kind}
            onChange={(k) => {
              setKind(k as ClientKind);
              setDocTouched(false);
            }}
            data={(['person', 'organization'] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
        )}
        <TextInput
          label={kind === 'person' ? 'Nome' : 'Razão social'}
          withAsterisk
          maxLength={160}
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <MaskInput
            // A new mask per kind: CPF and CNPJ are different inputs.
            key={docName}
            label={kind === 'person' ? 'CPF' : 'CNPJ'}
            name={docName}
            mask={kind === 'person' ? MASKS.cpf : MASKS.cnpj}
            inputMode="numeric"
            autoComplete="off"
            defaultValue={docValue}
            onChangeRaw={(raw) => {
              form.setFieldValue(docName, onlyDigits(raw));
              if (docName === 'cpf') setCpfServerText(null);
            }}
            onBlur={() => setDocTouched(true)}
            error={shownDocError}
          />
          {kind === 'person' && <TextInput type="date" label="Data de nascimento" {...form.getInputProps('birth_date')} />}
        </SimpleGrid>
        {cpfServerText && kind === 'person' && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
            <Text fz="sm">
              Já existe um cliente com este CPF.{' '}
              <Anchor component={Link} to={`/clientes?busca=${v.cpf}`} onClick={onClose} fz="sm">
                Ver cliente
              </Anchor>
            </Text>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="E-mail" type="email" inputMode="email" maxLength={254} autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label="Telefone"
            type="tel"
            inputMode="tel"
            maxLength={30}
            autoComplete="off"
            {...form.getInputProps('phone')}
            onBlur={() => form.setFieldValue('phone', formatPhone(v.phone))}
          />
        </SimpleGrid>

        <Fieldset legend={ADDRESS.legend} variant="filled" radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <MaskInput
                label={ADDRESS.fields.postal_code}
                name="postal_code"
                mask={MASKS.cep}
                inputMode="numeric"
                autoComplete="off"
                description="O endereço é preenchido pelo CEP."
                defaultValue={formatPostalCode(v.postal_code)}
                onChangeRaw={(raw) => {
                  const digits = onlyDigits(raw);
                  form.setFieldValue('postal_code', digits);
                  setCep({ loading: false, error: null });
                  // Every complete CEP is looked up, also one typed over another complete one.
                  if (digits.length === CEP_LENGTH) void lookup(digits);
                  else cepAsked.current = '';
                }}
                rightSection={cep.loading ? <Loader size={16} aria-label="Buscando CEP" /> : null}
                error={cep.error ?? form.errors.postal_code ?? (docTouched ? cepInvalid : null)}
                withAsterisk={hasAddress}
              />
              <TextInput
                label={ADDRESS.fields.number}
                withAsterisk={hasAddress}
                maxLength={20}
                ref={numberRef}
                {...form.getInputProps('number')}
              />
            </SimpleGrid>
            <TextInput label={ADDRESS.fields.street} withAsterisk={hasAddress} maxLength={160} {...form.getInputProps('street')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label={ADDRESS.fields.complement} maxLength={120} {...form.getInputProps('complement')} />
              <TextInput
                label={ADDRESS.fields.neighborhood}
                withAsterisk={hasAddress}
                maxLength={120}
                {...form.getInputProps('neighborhood')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2 }} spacing="sm">
              <TextInput label={ADDRESS.fields.city} withAsterisk={hasAddress} maxLength={120} {...form.getInputProps('city')} />
              <Select
                label={ADDRESS.fields.state}
                withAsterisk={hasAddress}
                searchable
                data={[...BR_STATES]}
                {...form.getSelectProps('state')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <ClientContactsFields list={contacts} />
        <ClientDocumentsFields list={documents} />

        <Textarea label="Observações" autosize minRows={2} maxLength={NOTES_MAX_LENGTH} {...form.getInputProps('notes')} />

        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" loading={pending}>
            {client ? 'Salvar alterações' : 'Cadastrar cliente'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ClientFormModal({ opened, onClose, client, onSaved }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{client ? 'Editar cliente' : 'Novo cliente'}</Text>}
      centered
      size="lg"
      fullScreen={phone}
    >
      {/* Mounted only while open, so every opening starts from fresh values. */}
      {opened && <ClientForm client={client} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
