import { type Client, type ClientKind, createClientInput } from '@app/shared/clients';
import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { BR_STATES, type BrState, formatCnpj, formatCpf, formatPostalCode, onlyDigits } from '@app/shared/documents';
import { serverErrorText } from '@app/shared/errors';
import { shortDate } from '@app/shared/format';
import { businessDate } from '@app/shared/funnel';
import { MARKETING_CONSENT_LABEL, MARKETING_CONSENT_SOURCE_LABELS } from '@app/shared/marketing-consent-labels';
import {
  Anchor,
  Checkbox,
  Fieldset,
  Loader,
  MaskInput,
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
import { Link } from 'react-router';
import { DateField } from '../../components/DateField';
import { ErrorText } from '../../components/ErrorText';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { PhoneInput } from '../../components/PhoneInput';
import { StaleWritePanel } from '../../components/StaleWritePanel';
import { apiError } from '../../lib/api-error';
import { useSchemaForm } from '../../lib/form';
import { useStaleWrite } from '../../lib/stale-write';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { usePostalCodeLookup } from '../../lib/use-postal-code-lookup';
import { ClientContactsFields, contactValues } from './ClientContactsFields';
import { ClientDocumentsFields, documentValues } from './ClientDocumentsFields';
import { KIND_LABELS } from './labels';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** Edit this client; without it, create one. */
  client?: Client;
  onSaved?: (client: Client) => void;
};

const ADDRESS = CLIENT_LIST_LABELS.addresses;
/** Names of fields in the messages that name them ('CPF não é válido'). */
const LABELS = {
  ...ADDRESS.fields,
  ...CLIENT_LIST_LABELS.documents.fields,
  ...CLIENT_LIST_LABELS.contacts.fields,
  cpf: 'CPF',
  cnpj: 'CNPJ',
  birth_date: 'Data de nascimento',
};
/** The fields' names in the merge panel of a stale save. */
const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  birth_date: 'Data de nascimento',
  email: 'E-mail',
  phone: 'Telefone',
  notes: 'Observações',
  addresses: 'Endereço',
  contacts: CLIENT_LIST_LABELS.contacts.legend,
  documents: CLIENT_LIST_LABELS.documents.legend,
  marketing_consent: MARKETING_CONSENT_LABEL,
};
const MASKS = { cpf: '999.999.999-99', cnpj: '99.999.999/9999-99', cep: '99999-999' };
const DIGITS = { cpf: 11, cnpj: 14, cep: 8 };

const isState = (v: string): v is BrState => (BR_STATES as readonly string[]).includes(v);

/**
 * The form's values: the API's fields, blank ones as the inputs hold them. The form edits the
 * first address (a blank one is not sent); masked numbers are kept as shown ('123.456.789-09').
 */
function initialValues(c: Client | undefined) {
  const a = c?.addresses[0];
  return {
    kind: c?.kind ?? ('person' as ClientKind),
    name: c?.name ?? '',
    cpf: formatCpf(c?.cpf),
    cnpj: formatCnpj(c?.cnpj),
    birth_date: c?.birth_date ?? null,
    email: c?.email ?? '',
    phone: c?.phone ?? '',
    notes: c?.notes ?? '',
    addresses: [
      {
        postal_code: formatPostalCode(a?.postal_code),
        street: a?.street ?? '',
        number: a?.number ?? '',
        complement: a?.complement ?? '',
        neighborhood: a?.neighborhood ?? '',
        city: a?.city ?? '',
        state: a?.state ?? '',
      },
    ],
    contacts: contactValues(c),
    documents: documentValues(c),
    marketing_consent: c?.marketing_consent.granted ?? false,
  };
}

/** 'Consentimento em 05/03/2026 (aceite do orçamento)': when and where the standing consent was given. */
function consentNote(c: Client | undefined): string | null {
  const consent = c?.marketing_consent;
  if (!consent?.granted || !consent.granted_at) return null;
  const source = consent.source ? ` (${MARKETING_CONSENT_SOURCE_LABELS[consent.source]})` : '';
  return `Consentimento em ${shortDate(businessDate(new Date(consent.granted_at)))}${source}`;
}

function ClientForm({ client, onClose, onSaved }: Omit<Props, 'opened'>) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  /** Masked numbers show their errors once complete or left (not while typed). */
  const [docTouched, setDocTouched] = useState(false);
  /** The server's first error is on the CPF (the CPF-in-use flag): its error links to the client who has it. */
  const [cpfInUse, setCpfInUse] = useState(false);
  const numberRef = useRef<HTMLInputElement>(null);
  const form = useSchemaForm({ schema: createClientInput, initialValues: initialValues(client), labels: LABELS });
  const close = useUnsavedChanges(form.hasChanges());
  const v = form.values;
  const kind = v.kind;
  const address = v.addresses[0];
  const hasAddress = !!address && Object.values(address).some((part) => part.trim() !== '');

  const done = (saved: Client, message: string) => {
    queryClient.setQueryData(trpc.clients.get.queryKey({ id: saved.id }), saved);
    void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.attendances.pathKey() });
    toastSuccess(message);
    onSaved?.(saved);
    onClose();
  };
  const stale = useStaleWrite({
    version: client?.version,
    base: initialValues(client),
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.clients.get.queryOptions({ id: client?.id ?? 0 }, { staleTime: 0 }));
      return { values: initialValues(current), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });
  const onError = (error: unknown) => {
    if (stale.caught(error, form.getValues())) return;
    form.setServerErrors(error);
    const err = apiError(error);
    setCpfInUse(serverErrorText(err, err.status).cpfInUse);
  };
  const create = useMutation(trpc.clients.create.mutationOptions({ onSuccess: (c) => done(c, 'Cliente cadastrado.'), onError }));
  const update = useMutation(trpc.clients.update.mutationOptions({ onSuccess: (c) => done(c, 'Cliente atualizado.'), onError }));
  const pending = create.isPending || update.isPending;

  const cep = usePostalCodeLookup((found) => {
    form.setFieldValue('addresses.0.street', found.street);
    form.setFieldValue('addresses.0.neighborhood', found.neighborhood);
    form.setFieldValue('addresses.0.city', found.city);
    form.setFieldValue('addresses.0.state', isState(found.state) ? found.state : '');
    if (found.complement && !form.getValues().addresses[0]?.complement) form.setFieldValue('addresses.0.complement', found.complement);
    numberRef.current?.focus();
  });

  const submit = form.submit(({ kind: _kind, ...input }) => {
    // The form edits the first address; others (added through the API) are kept as they are.
    const others = (client?.addresses.slice(1) ?? []).map(({ id: _id, ...rest }) => ({ ...rest, state: rest.state as BrState }));
    const fields = { ...input, addresses: [...(input.addresses ?? []), ...others] };
    if (client) update.mutate({ id: client.id, ...fields, version: stale.version() });
    else create.mutate({ kind, ...fields });
  });

  /**
   * A masked input of the form: the mask owns what is typed (and its length), the form gets it as
   * shown. A maxLength would count the mask's blanks and cut what is typed.
   */
  const masked = (path: 'cpf' | 'cnpj' | 'addresses.0.postal_code', onText?: (digits: string) => void) => {
    const { value, onChange: _typed, onBlur, ...props } = form.getInputProps(path);
    return {
      ...props,
      maxLength: undefined,
      defaultValue: value,
      onChangeRaw: (_raw: string, text: string) => {
        form.setFieldValue(path, text);
        onText?.(onlyDigits(text));
      },
      onBlur: () => {
        onBlur();
        setDocTouched(true);
      },
    };
  };
  const switchKind = (next: ClientKind) => {
    // CPF and birth date belong to people, CNPJ to organizations: the other kind's are dropped.
    form.setFieldValue('kind', next);
    form.setFieldValue(next === 'person' ? 'cnpj' : 'cpf', '');
    if (next === 'organization') form.setFieldValue('birth_date', null);
    setDocTouched(false);
  };

  const docName = kind === 'person' ? 'cpf' : 'cnpj';
  const docComplete = onlyDigits(v[docName]).length === DIGITS[docName];
  const docError = docTouched || docComplete ? form.errors[docName] : null;
  const shownDocError =
    docError && cpfInUse && kind === 'person' ? (
      <>
        {docError}.{' '}
        <Anchor component={Link} to={`/clientes?busca=${onlyDigits(v.cpf)}`} onClick={onClose} fz="inherit">
          Ver cliente
        </Anchor>
      </>
    ) : (
      docError
    );
  const cepError = form.errors['addresses.0.postal_code'];
  const shownCepError = cep.error ?? (docTouched || onlyDigits(address?.postal_code ?? '').length === DIGITS.cep ? cepError : null);

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
        {!client && (
          <SegmentedControl
            fullWidth
            aria-label="Tipo de cliente"
            value={kind}
            onChange={(k) => switchKind(k as ClientKind)}
            data={(['person', 'organization'] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
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
            {...masked(docName, () => {
              if (docName === 'cpf') setCpfInUse(false);
            })}
            error={shownDocError}
          />
          {kind === 'person' && <DateField label="Data de nascimento" {...form.getInputProps('birth_date')} />}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="E-mail" type="email" inputMode="email" autoComplete="off" {...form.getInputProps('email')} />
          <PhoneInput form={form} path="phone" label="Telefone" />
        </SimpleGrid>

        <Fieldset legend={ADDRESS.legend} variant="filled" radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <MaskInput
                label={ADDRESS.fields.postal_code}
                mask={MASKS.cep}
                inputMode="numeric"
                autoComplete="off"
                description="O endereço é preenchido pelo CEP."
                {...masked('addresses.0.postal_code', (digits) => {
                  // Every complete CEP is looked up, also one typed over another complete one.
                  if (digits.length === DIGITS.cep) void cep.lookup(digits);
                  else cep.reset();
                })}
                rightSection={cep.loading ? <Loader size={16} aria-label="Buscando CEP" /> : null}
                error={shownCepError}
                withAsterisk={hasAddress}
              />
              <TextInput
                label={ADDRESS.fields.number}
                withAsterisk={hasAddress}
                ref={numberRef}
                {...form.getInputProps('addresses.0.number')}
              />
            </SimpleGrid>
            <TextInput label={ADDRESS.fields.street} withAsterisk={hasAddress} {...form.getInputProps('addresses.0.street')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <TextInput label={ADDRESS.fields.complement} {...form.getInputProps('addresses.0.complement')} />
              <TextInput
                label={ADDRESS.fields.neighborhood}
                withAsterisk={hasAddress}
                {...form.getInputProps('addresses.0.neighborhood')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2 }} spacing="sm">
              <TextInput label={ADDRESS.fields.city} withAsterisk={hasAddress} {...form.getInputProps('addresses.0.city')} />
              <Select
                label={ADDRESS.fields.state}
                withAsterisk={hasAddress}
                searchable
                data={[...BR_STATES]}
                {...form.getInputProps('addresses.0.state')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <ClientContactsFields form={form} />
        <ClientDocumentsFields form={form} />

        <Textarea label="Observações" autosize minRows={2} {...form.getInputProps('notes')} />

        <Checkbox
          label={MARKETING_CONSENT_LABEL}
          // Shown for the consent as saved: a tick not saved yet has no date.
          description={v.marketing_consent ? consentNote(client) : null}
          {...form.getInputProps('marketing_consent', { type: 'checkbox' })}
        />

        <FormActions onCancel={close} pending={pending} mt="xs">
          {client ? 'Salvar alterações' : 'Cadastrar cliente'}
        </FormActions>
      </Stack>
    </form>
  );
}

export function ClientFormModal({ opened, onClose, client, onSaved }: Props) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{client ? 'Editar cliente' : 'Novo cliente'}</Text>}
      centered
      size="lg"
      fullScreen={phone}
    >
      {/* Mounted only while open, so every opening starts from fresh values. */}
      {opened && <ClientForm client={client} onClose={onClose} onSaved={onSaved} />}
    </FormDialog>
  );
}
