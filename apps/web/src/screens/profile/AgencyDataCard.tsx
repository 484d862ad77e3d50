// "Dados da agência" on /perfil, for the owner: the name and the contact the agency's customers see
// on a budget's page, its PDF and e-mails, the logo (uploaded, then saved at once), and who the
// agency is on its contracts (CNPJ, Cadastur, address).
import { COSTS_VISIBILITIES, COSTS_VISIBILITY_LABELS } from '@app/shared/costs';
import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { BR_STATES, type BrState, formatCnpj, formatPostalCode, onlyDigits } from '@app/shared/documents';
import { updateCompanyInput } from '@app/shared/landing-pages';
import type { Company } from '@app/shared/users';
import {
  Button,
  Card,
  Center,
  Fieldset,
  Group,
  Image,
  Loader,
  MaskInput,
  Progress,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { ImageUploadActions } from '../../components/ImageUploadActions';
import { PhoneInput } from '../../components/PhoneInput';
import { StaleWritePanel } from '../../components/StaleWritePanel';
import { type SchemaForm, useSchemaForm } from '../../lib/form';
import { profileQuery } from '../../lib/session-queries';
import { useStaleWrite } from '../../lib/stale-write';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useImageUpload } from '../../lib/use-image-upload';
import { usePostalCodeLookup } from '../../lib/use-postal-code-lookup';

const contactInput = updateCompanyInput.omit({ logo_key: true, costs_visibility: true });
const ADDRESS = CLIENT_LIST_LABELS.addresses.fields;
const LABELS = {
  name: 'Nome da agência',
  cnpj: 'CNPJ',
  cadastur: 'Cadastur',
  contact_email: 'E-mail de contato',
  phone: 'Telefone',
  whatsapp: 'WhatsApp',
  website: 'Site',
  instagram: 'Instagram',
  postal_code: ADDRESS.postal_code,
  street: ADDRESS.street,
  street_number: ADDRESS.number,
  complement: ADDRESS.complement,
  neighborhood: ADDRESS.neighborhood,
  city: ADDRESS.city,
  state: ADDRESS.state,
};
const MASKS = { cnpj: '99.999.999/9999-99', postal_code: '99999-999' };
const DIGITS = { cnpj: 14, postal_code: 8 };

const isState = (v: string): v is BrState => (BR_STATES as readonly string[]).includes(v);

/** The form's values: the API's fields, blank ones as the inputs hold them; CNPJ and CEP masked as shown. */
function contactValues(company: Company) {
  return {
    id: company.id,
    name: company.name,
    cnpj: formatCnpj(company.cnpj),
    cadastur: company.cadastur ?? '',
    contact_email: company.contact_email ?? '',
    phone: company.phone ?? '',
    whatsapp: company.whatsapp ?? '',
    website: company.website ?? '',
    instagram: company.instagram ?? '',
    postal_code: formatPostalCode(company.postal_code),
    street: company.street ?? '',
    street_number: company.street_number ?? '',
    complement: company.complement ?? '',
    neighborhood: company.neighborhood ?? '',
    city: company.city ?? '',
    state: company.state,
  };
}

type ContactForm = SchemaForm<typeof contactInput, ReturnType<typeof contactValues>>;

function useCompanySaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (company: Company) => {
    queryClient.setQueryData(trpc.companies.get.queryKey({ id: company.id }), company);
    // The profile carries the agency's name.
    void queryClient.invalidateQueries({ queryKey: profileQuery(trpc).queryKey });
  };
}

function AgencyLogo({ company }: { company: Company }) {
  const trpc = useTRPC();
  const saved = useCompanySaved();
  const save = useMutation(trpc.companies.update.mutationOptions({ onSuccess: saved }));

  const { upload, progress, uploadError } = useImageUpload((key, done) =>
    save.mutate({ id: company.id, logo_key: key }, { onSuccess: () => toastSuccess('Logo atualizado.'), onSettled: done }),
  );
  const busy = progress !== null || save.isPending;

  return (
    <Stack gap="xs">
      <Text fz="sm" fw={500}>
        Logo da agência
      </Text>
      <Group gap="md" align="center">
        {company.logo_url ? (
          <Image
            src={company.logo_url}
            alt={`Logo de ${company.name}`}
            h={72}
            w={144}
            fit="contain"
            radius="md"
            data-testid="agency-logo"
          />
        ) : (
          <Center h={72} w={144} bg="var(--mantine-color-gray-0)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <IconBuildingStore size={28} color="var(--mantine-color-gray-5)" aria-label="Sem logo" />
          </Center>
        )}
        <ImageUploadActions
          hasImage={!!company.logo_url}
          busy={busy}
          onPick={(file) => void upload(file)}
          onRemove={() => save.mutate({ id: company.id, logo_key: null }, { onSuccess: () => toastSuccess('Logo removido.') })}
          inputLabel="Arquivo do logo"
          labels={{ send: 'Enviar logo', replace: 'Trocar logo' }}
        />
      </Group>
      {progress !== null && (
        <Progress value={progress} size="sm" radius="xl" animated={progress < 100} aria-label="Progresso do envio do logo" />
      )}
      <ErrorText>{uploadError}</ErrorText>
    </Stack>
  );
}

/**
 * A masked number (CNPJ, CEP): the form holds the text as shown, and its error shows once the number
 * is complete or the field was left, not while it is typed. A maxLength would count the mask's blanks.
 */
function MaskedField(props: {
  form: ContactForm;
  path: 'cnpj' | 'postal_code';
  description?: string;
  onDigits?: (digits: string) => void;
  rightSection?: ReactNode;
  lookupError?: string | null;
}) {
  const { form, path } = props;
  const [left, setLeft] = useState(false);
  const { value, onChange: _typed, onBlur, error, ...inputProps } = form.getInputProps(path);
  const complete = onlyDigits(form.values[path]).length === DIGITS[path];
  return (
    <MaskInput
      label={LABELS[path]}
      mask={MASKS[path]}
      inputMode="numeric"
      autoComplete="off"
      description={props.description}
      {...inputProps}
      maxLength={undefined}
      defaultValue={value}
      onChangeRaw={(_raw: string, text: string) => {
        form.setFieldValue(path, text);
        props.onDigits?.(onlyDigits(text));
      }}
      onBlur={() => {
        onBlur();
        setLeft(true);
      }}
      rightSection={props.rightSection}
      error={props.lookupError ?? (left || complete ? error : null)}
    />
  );
}

/** The agency's address, filled from its CEP. */
function AgencyAddressFields({ form }: { form: ContactForm }) {
  const numberRef = useRef<HTMLInputElement>(null);
  const cep = usePostalCodeLookup((found) => {
    form.setFieldValue('street', found.street);
    form.setFieldValue('neighborhood', found.neighborhood);
    form.setFieldValue('city', found.city);
    form.setFieldValue('state', isState(found.state) ? found.state : null);
    if (found.complement && !form.getValues().complement) form.setFieldValue('complement', found.complement);
    numberRef.current?.focus();
  });
  return (
    <Fieldset legend="Endereço" variant="filled" radius="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <MaskedField
            form={form}
            path="postal_code"
            description="O endereço é preenchido pelo CEP."
            onDigits={(digits) => {
              // Every complete CEP is looked up, also one typed over another complete one.
              if (digits.length === DIGITS.postal_code) void cep.lookup(digits);
              else cep.reset();
            }}
            rightSection={cep.loading ? <Loader size={16} aria-label="Buscando CEP" /> : null}
            lookupError={cep.error}
          />
          <TextInput label={LABELS.street_number} ref={numberRef} {...form.getInputProps('street_number')} />
        </SimpleGrid>
        <TextInput label={LABELS.street} autoComplete="address-line1" {...form.getInputProps('street')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={LABELS.complement} {...form.getInputProps('complement')} />
          <TextInput label={LABELS.neighborhood} {...form.getInputProps('neighborhood')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 3 }} spacing="sm">
          <TextInput label={LABELS.city} style={{ gridColumn: 'span 2' }} {...form.getInputProps('city')} />
          <Select label={LABELS.state} searchable clearable data={[...BR_STATES]} {...form.getInputProps('state')} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

function AgencyContactForm({ company }: { company: Company }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useCompanySaved();
  const form = useSchemaForm({ schema: contactInput, initialValues: contactValues(company), labels: LABELS });
  const stale = useStaleWrite({
    version: company.version,
    base: contactValues(company),
    readCurrent: async () => {
      const current = await queryClient.fetchQuery(trpc.companies.get.queryOptions({ id: company.id }, { staleTime: 0 }));
      return { values: contactValues(current), version: current.version };
    },
    // Taken by the form, then submitted on the version read.
    resave: (merged) => {
      form.setValues(merged);
      setTimeout(() => submit(), 0);
    },
  });
  const update = useMutation(
    trpc.companies.update.mutationOptions({
      onSuccess: (company) => {
        const values = contactValues(company);
        shownVersion.current = company.version;
        stale.saved(company.version, values);
        form.setValues(values);
        form.resetDirty(values);
        saved(company);
        toastSuccess('Dados da agência atualizados.');
      },
      onError: (error) => {
        if (!stale.caught(error, form.getValues())) form.setServerErrors(error);
      },
    }),
  );
  const submit = form.submit((input) => update.mutate({ ...input, version: stale.version() }));
  // Another save (the logo, the costs' visibility, another owner's) reaches the form at once while
  // nothing is typed in it; what is being typed stays, and its save offers the merge.
  const shownVersion = useRef(company.version);
  useEffect(() => {
    if (company.version === shownVersion.current || form.isDirty()) return;
    shownVersion.current = company.version;
    const values = contactValues(company);
    form.setValues(values);
    form.resetDirty(values);
    stale.saved(company.version, values);
  });
  return (
    <form noValidate aria-label="Dados da agência" onSubmit={submit}>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <StaleWritePanel state={stale} labels={LABELS} />
        <TextInput label={LABELS.name} withAsterisk autoComplete="organization" {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MaskedField form={form} path="cnpj" />
          <TextInput
            label={LABELS.cadastur}
            description="Registro no Ministério do Turismo."
            autoComplete="off"
            {...form.getInputProps('cadastur')}
          />
          <TextInput label={LABELS.contact_email} type="email" autoComplete="email" {...form.getInputProps('contact_email')} />
          <PhoneInput form={form} path="phone" label={LABELS.phone} placeholder="(11) 3333-4444" />
          <PhoneInput form={form} path="whatsapp" label={LABELS.whatsapp} placeholder="(11) 91234-5678" />
          <TextInput label={LABELS.website} type="url" placeholder="https://suaagencia.com.br" {...form.getInputProps('website')} />
          <TextInput label={LABELS.instagram} placeholder="@suaagencia" {...form.getInputProps('instagram')} />
        </SimpleGrid>
        <AgencyAddressFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Salvar dados da agência
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Quem vê custos e margens": saved as soon as the owner picks; the API leaves costs out for the others. */
function CostsVisibilityField({ company }: { company: Company }) {
  const trpc = useTRPC();
  const saved = useCompanySaved();
  const update = useMutation(
    trpc.companies.update.mutationOptions({
      onSuccess: (next) => {
        saved(next);
        toastSuccess('Visibilidade de custos e margens atualizada.');
      },
    }),
  );
  const value = update.isPending ? (update.variables?.costs_visibility ?? company.costs_visibility) : company.costs_visibility;
  return (
    <Radio.Group
      label="Quem vê custos e margens"
      description="Custos, receita, margens e comissões saem das telas e das respostas da API para os demais."
      value={value}
      onChange={(next) => {
        const picked = COSTS_VISIBILITIES.find((v) => v === next);
        if (picked && picked !== company.costs_visibility) update.mutate({ id: company.id, costs_visibility: picked });
      }}
    >
      <Stack gap="xs" mt="xs">
        {COSTS_VISIBILITIES.map((v) => (
          <Radio key={v} value={v} label={COSTS_VISIBILITY_LABELS[v]} disabled={update.isPending} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The owner's card: loads the agency, then its logo and contact form. */
export function AgencyDataCard({ companyId }: { companyId: number }) {
  const trpc = useTRPC();
  const titleId = useId();
  const company = useQuery(trpc.companies.get.queryOptions({ id: companyId }));
  const data = company.data;
  return (
    <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby={titleId} aria-busy={company.isPending}>
      <Title order={2} fz="h4" id={titleId}>
        Dados da agência
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        O que os seus clientes veem na página do orçamento, no PDF, nos e-mails e nos contratos.
      </Text>
      {data ? (
        <Stack gap="lg">
          <AgencyLogo company={data} />
          <AgencyContactForm company={data} />
          <CostsVisibilityField company={data} />
        </Stack>
      ) : company.isError ? (
        <Text c="dimmed">Não foi possível carregar os dados da agência.</Text>
      ) : (
        <Stack>
          <Skeleton h={72} w={144} />
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      )}
    </Card>
  );
}
