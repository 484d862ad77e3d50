// "Dados fiscais (NFS-e)" on /perfil, for the owner of an agency whose plan has nfse: the agency's
// CNPJ, inscrição municipal, município, regime, service and ISS rate, what the note is on, the
// environment (homologação until the owner switches) and who issues: the national issuer with the A1
// certificate (.pfx with its password, sent once, never shown back: only its holder and validity) or
// the Focus NFe gateway with the agency's token (sent once, never shown back).
import { dateTime } from '@app/shared/format';
import {
  NFSE_BASES,
  NFSE_BASIS_LABELS,
  NFSE_ENVIRONMENT_LABELS,
  NFSE_ENVIRONMENTS,
  NFSE_ISSUER_LABELS,
  NFSE_ISSUERS,
  NFSE_MESSAGES,
  NFSE_TAX_REGIME_LABELS,
  NFSE_TAX_REGIMES,
  type NfseBasis,
  type NfseEnvironment,
  type NfseIssuer,
  type NfseSettings,
  type NfseTaxRegime,
  type SaveNfseSettingsInput,
} from '@app/shared/nfse';
import {
  Button,
  Card,
  FileInput,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { apiError, errorText, markShownByForm } from '../../lib/api-error';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

type Draft = {
  cnpj: string;
  municipal_registration: string;
  city_code: string;
  tax_regime: NfseTaxRegime | null;
  service_code: string;
  service_description: string;
  iss_rate_percent: number | string;
  basis: NfseBasis;
  environment: NfseEnvironment;
  auto_issue: boolean;
  issuer: NfseIssuer;
  certificate: File | null;
  certificate_password: string;
  gateway_token: string;
};

const draftOf = (s: NfseSettings): Draft => ({
  cnpj: s.cnpj ?? '',
  municipal_registration: s.municipal_registration ?? '',
  city_code: s.city_code ?? '',
  tax_regime: s.tax_regime,
  service_code: s.service_code,
  service_description: s.service_description ?? 'Agenciamento de turismo',
  iss_rate_percent: s.iss_rate_basis_points === null ? '' : s.iss_rate_basis_points / 100,
  basis: s.basis,
  environment: s.environment,
  auto_issue: s.auto_issue,
  issuer: s.issuer,
  certificate: null,
  certificate_password: '',
  gateway_token: '',
});

const digits = (v: string) => v.replace(/\D/g, '');
const options = <K extends string>(keys: readonly K[], labels: Record<K, string>) => keys.map((value) => ({ value, label: labels[value] }));

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function NfseForm({ settings }: { settings: NfseSettings }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const save = useMutation(
    trpc.nfse.saveSettings.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.nfse.settings.queryKey(), data);
        setDraft(draftOf(data));
        setErrors({});
        setFormError(null);
        toastSuccess(NFSE_MESSAGES.saved);
      },
      onError: (error) => {
        const err = apiError(error);
        setErrors(err.errors);
        setFormError(Object.keys(err.errors).length ? null : errorText(err));
        markShownByForm(error);
      },
    }),
  );
  const submit = async () => {
    const rate = typeof draft.iss_rate_percent === 'number' ? Math.round(draft.iss_rate_percent * 100) : 0;
    const input: SaveNfseSettingsInput = {
      cnpj: digits(draft.cnpj),
      municipal_registration: draft.municipal_registration,
      city_code: digits(draft.city_code),
      tax_regime: draft.tax_regime ?? ('' as NfseTaxRegime),
      service_code: digits(draft.service_code),
      service_description: draft.service_description,
      iss_rate_basis_points: rate,
      basis: draft.basis,
      environment: draft.environment,
      auto_issue: draft.auto_issue,
      issuer: draft.issuer,
      ...(draft.issuer === 'national' && draft.certificate
        ? { certificate_pfx_base64: await base64Of(draft.certificate), certificate_password: draft.certificate_password }
        : {}),
      ...(draft.issuer === 'gateway' && draft.gateway_token.trim() ? { gateway_token: draft.gateway_token.trim() } : {}),
    };
    save.mutate(input);
  };
  const err = (key: string) => errors[key]?.[0];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="CNPJ" required value={draft.cnpj} onChange={(e) => set('cnpj', e.currentTarget.value)} error={err('cnpj')} />
        <TextInput
          label="Inscrição municipal"
          required
          value={draft.municipal_registration}
          onChange={(e) => set('municipal_registration', e.currentTarget.value)}
          error={err('municipal_registration')}
        />
        <TextInput
          label="Município (código IBGE)"
          required
          value={draft.city_code}
          onChange={(e) => set('city_code', e.currentTarget.value)}
          error={err('city_code')}
        />
        <Select
          label="Regime tributário"
          required
          data={options(NFSE_TAX_REGIMES, NFSE_TAX_REGIME_LABELS)}
          value={draft.tax_regime}
          onChange={(v) => set('tax_regime', v as NfseTaxRegime | null)}
          error={err('tax_regime')}
        />
        <TextInput
          label="Código de tributação nacional"
          required
          value={draft.service_code}
          onChange={(e) => set('service_code', e.currentTarget.value)}
          error={err('service_code')}
        />
        <NumberInput
          label="Alíquota do ISS (%)"
          required
          min={0.01}
          max={100}
          decimalScale={2}
          decimalSeparator=","
          value={draft.iss_rate_percent}
          onChange={(v) => set('iss_rate_percent', v)}
          error={err('iss_rate_basis_points')}
        />
      </SimpleGrid>
      <Textarea
        label="Descrição do serviço"
        required
        autosize
        minRows={2}
        value={draft.service_description}
        onChange={(e) => set('service_description', e.currentTarget.value)}
        error={err('service_description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="A NFS-e é sobre"
          required
          allowDeselect={false}
          data={options(NFSE_BASES, NFSE_BASIS_LABELS)}
          value={draft.basis}
          onChange={(v) => v && set('basis', v as NfseBasis)}
          error={err('basis')}
        />
        <Select
          label="Ambiente"
          required
          allowDeselect={false}
          data={options(NFSE_ENVIRONMENTS, NFSE_ENVIRONMENT_LABELS)}
          value={draft.environment}
          onChange={(v) => v && set('environment', v as NfseEnvironment)}
          error={err('environment')}
        />
      </SimpleGrid>
      <Switch
        label="Emitir a NFS-e automaticamente quando a venda for recebida por completo"
        description="Ao registrar o recebimento da última parcela em aberto da venda, a nota é enviada para emissão sem precisar do botão."
        checked={draft.auto_issue}
        onChange={(e) => set('auto_issue', e.currentTarget.checked)}
      />
      <Select
        label="Emissor"
        required
        allowDeselect={false}
        data={options(NFSE_ISSUERS, NFSE_ISSUER_LABELS)}
        value={draft.issuer}
        onChange={(v) => v && set('issuer', v as NfseIssuer)}
        error={err('issuer')}
      />
      {draft.issuer === 'gateway' ? (
        <Stack gap="xs">
          <Text fz="sm" data-testid="nfse-gateway-token">
            {settings.gateway_token_set
              ? 'Token do provedor salvo. Informe outro só para substituí-lo.'
              : 'Informe o token da agência no Focus NFe (o certificado fica cadastrado no provedor).'}
          </Text>
          <PasswordInput
            label="Token do provedor"
            autoComplete="off"
            value={draft.gateway_token}
            onChange={(e) => set('gateway_token', e.currentTarget.value)}
            error={err('gateway_token')}
          />
        </Stack>
      ) : (
        <>
          <Text fz="sm" data-testid="nfse-certificate">
            {settings.certificate
              ? `Certificado A1 de ${settings.certificate.subject}, válido até ${dateTime(settings.certificate.valid_until)}. Envie outro só para substituí-lo.`
              : 'Nenhum certificado A1 enviado: a emissão pede o arquivo .pfx da agência com a senha.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FileInput
              label="Certificado digital A1 (.pfx)"
              accept=".pfx,.p12,application/x-pkcs12"
              clearable
              value={draft.certificate}
              onChange={(file) => set('certificate', file)}
              error={err('certificate_pfx_base64')}
            />
            <PasswordInput
              label="Senha do certificado"
              disabled={!draft.certificate}
              value={draft.certificate_password}
              onChange={(e) => set('certificate_password', e.currentTarget.value)}
              error={err('certificate_password')}
            />
          </SimpleGrid>
        </>
      )}
      <ErrorText>{formError}</ErrorText>
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={() => void submit()}>
          Salvar dados fiscais
        </Button>
      </Group>
    </Stack>
  );
}

export function NfseSettingsCard() {
  const trpc = useTRPC();
  const query = useQuery(trpc.nfse.settings.queryOptions());
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="nfse-settings">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Dados fiscais (NFS-e)
        </Title>
        {query.data ? (
          <NfseForm settings={query.data} />
        ) : query.isError ? (
          <ErrorText>{errorText(apiError(query.error))}</ErrorText>
        ) : (
          <Skeleton h={240} />
        )}
      </Stack>
    </Card>
  );
}
