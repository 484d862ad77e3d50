// The closed sale's "Contrato" card: the contract in force and its state, and what can be done with
// it in that state — generate it from a template, open its PDF, send it to the client, upload the
// signed copy, send it for electronic signature (with the d4sign feature), cancel it.
import { CONTRACT_MAIL_LIMITS, type Contract, sendContractInput } from '@app/shared/contracts';
import { CONTRACT_UPLOAD, uploadHint } from '@app/shared/files';
import { dateTime } from '@app/shared/format';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBan, IconEye, IconFileText, IconMail, IconSignature } from '@tabler/icons-react';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DetailField } from '../../../components/DetailFields';
import { ErrorText } from '../../../components/ErrorText';
import { Feature } from '../../../components/Feature';
import { FormActions } from '../../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../../components/FormDialog';
import { RecipientsInput, recipientsError } from '../../../components/RecipientsInput';
import { UploadButton } from '../../../components/UploadButton';
import { UploadProgress } from '../../../components/UploadProgress';
import { useSchemaForm } from '../../../lib/form';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { sendMultipart } from '../../../lib/upload';
import { ContractStatusBadge } from './badges';
import { CONTRACT_NEXT_STEP } from './labels';
import { SectionCard } from './SaleSummary';
import { currentContract } from './sale-rules';
import { useSaleRefresh } from './use-sale-refresh';
import { useUpload } from './use-upload';

function GenerateContractForm({ budgetId, onClose }: { budgetId: number; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const templates = useQuery(trpc.contractTemplates.list.queryOptions());
  const active = (templates.data?.items ?? []).filter((t) => t.active);
  const [chosen, setChosen] = useState<string | null>(null);
  const standard = active.find((t) => t.is_default);
  const proposed = (standard ?? active[0])?.id.toString() ?? null;
  const templateId = chosen ?? proposed;
  const close = useUnsavedChanges(templateId !== proposed);
  const generate = useMutation(
    trpc.contracts.generate.mutationOptions({
      onSuccess: () => {
        void refresh();
        toastSuccess('Contrato gerado.');
        onClose();
      },
    }),
  );
  return (
    <form
      noValidate
      aria-label="Gerar contrato"
      onSubmit={(e) => {
        e.preventDefault();
        generate.mutate({ budget_id: budgetId, ...(templateId ? { template_id: Number(templateId) } : {}) });
      }}
    >
      <Stack gap="md">
        <Select
          label="Modelo de contrato"
          data={active.map((t) => ({ value: String(t.id), label: t.name }))}
          value={templateId}
          onChange={setChosen}
          allowDeselect={false}
          placeholder={templates.isPending ? 'Carregando modelos…' : 'Nenhum modelo ativo'}
          description={standard && `Padrão da agência: ${standard.name}`}
          data-autofocus
        />
        <Text fz="xs" c="dimmed">
          O contrato é preenchido com os dados da venda (cliente, passageiros, serviços, valores e plano de pagamento) e guardado em PDF. Os
          modelos ficam em Parametrização › Financeiro › Modelos de contrato.
        </Text>
        <FormActions onCancel={close} pending={generate.isPending}>
          Gerar contrato
        </FormActions>
      </Stack>
    </form>
  );
}

function GenerateContractModal({ budgetId, opened, onClose }: { budgetId: number; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const generating = useIsMutating({ mutationKey: trpc.contracts.generate.mutationKey() }) > 0;
  return (
    <FormDialog opened={opened} onClose={onClose} title={<Text fw={600}>Gerar contrato</Text>} centered closeOnClickOutside={!generating}>
      {/* Mounted only while open: every opening proposes the agency's default template. */}
      {opened && <GenerateContractForm budgetId={budgetId} onClose={onClose} />}
    </FormDialog>
  );
}

function SendContractForm({ contract, clientEmail, onClose }: { contract: Contract; clientEmail: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const form = useSchemaForm({
    schema: sendContractInput,
    initialValues: { contract_id: contract.id, to: clientEmail ? [clientEmail] : ([] as string[]), message: '' },
    labels: { to: 'Destinatários', message: 'Mensagem' },
  });
  const close = useUnsavedChanges(form.hasChanges());
  const send = useMutation(
    trpc.contracts.send.mutationOptions({
      onSuccess: () => {
        void refresh();
        toastSuccess('Contrato na fila de envio.');
        onClose();
      },
      onError: (error) => form.setServerErrors(error),
    }),
  );
  return (
    <form noValidate aria-label="Enviar contrato ao cliente" onSubmit={form.submit((input) => send.mutate(input))}>
      <Stack gap="md">
        <ErrorText>{form.formError}</ErrorText>
        <RecipientsInput
          max={CONTRACT_MAIL_LIMITS.recipients}
          inputProps={form.getInputProps('to')}
          onChange={(to) => form.setFieldValue('to', to)}
          error={recipientsError(form.errors)}
        />
        <Textarea label="Mensagem" autosize minRows={3} {...form.getInputProps('message')} />
        <Text fz="xs" c="dimmed">
          O contrato vai em PDF anexado ao e-mail. O cliente assina e devolve; envie então a cópia assinada aqui.
        </Text>
        <FormActions onCancel={close} pending={send.isPending}>
          Enviar
        </FormActions>
      </Stack>
    </form>
  );
}

/** Opens one of the contract's files in a new tab through a short-lived link (asked for at the click). */
function useOpenContractFile(contractId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  const open = async (which: 'pdf_url' | 'signed_pdf_url') => {
    // The tab opens at the click (a popup opened after a wait is blocked); the link follows.
    const tab = window.open('', '_blank');
    setOpening(true);
    try {
      const links = await queryClient.fetchQuery({ ...trpc.contracts.showPdf.queryOptions({ id: contractId }), staleTime: 0 });
      const url = links[which];
      if (!url) {
        tab?.close();
        return;
      }
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch {
      // The notification bar already says why.
      tab?.close();
    } finally {
      setOpening(false);
    }
  };
  return { open, opening };
}

function ContractActions({
  contract,
  clientEmail,
  signatureAvailable,
}: {
  contract: Contract;
  clientEmail: string | null;
  signatureAvailable: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const phone = useMediaQuery('(max-width: 36em)');
  const upload = useUpload(CONTRACT_UPLOAD, 'Erro ao anexar a cópia assinada');
  const files = useOpenContractFile(contract.id);
  const [sending, setSending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [signing, setSigning] = useState(false);
  const hintId = useId();

  const cancel = useMutation(
    trpc.contracts.cancel.mutationOptions({
      onSuccess: () => {
        void refresh();
        toastSuccess('Contrato cancelado.');
      },
      onSettled: () => setCancelling(false),
    }),
  );
  const requestSignature = useMutation(
    trpc.contracts.requestSignature.mutationOptions({
      onSuccess: () => {
        void refresh();
        toastSuccess('Contrato enviado para assinatura eletrônica.');
      },
      onSettled: () => setSigning(false),
    }),
  );

  const sendSigned = async (file: File) => {
    const done = await upload.start(file, (picked, opts) =>
      sendMultipart('POST', '/api/contracts/upload', { file: picked, fields: { contract_id: String(contract.id) } }, opts),
    );
    if (done) {
      await refresh();
      toastSuccess('Cópia assinada anexada.');
    }
  };

  const open = contract.status === 'generated' || contract.status === 'sent';
  return (
    <Stack gap="sm">
      <Group gap="xs">
        {contract.has_pdf && (
          <Button
            variant="light"
            leftSection={<IconEye size={16} aria-hidden />}
            loading={files.opening}
            onClick={() => void files.open('pdf_url')}
          >
            Visualizar PDF
          </Button>
        )}
        {contract.has_signed_copy && (
          <Button variant="light" leftSection={<IconFileText size={16} aria-hidden />} onClick={() => void files.open('signed_pdf_url')}>
            Ver cópia assinada
          </Button>
        )}
        {open && (
          <Button leftSection={<IconMail size={16} aria-hidden />} onClick={() => setSending(true)}>
            {contract.sent_at ? 'Reenviar ao cliente' : 'Enviar ao cliente'}
          </Button>
        )}
      </Group>
      {open && (
        <>
          <Group gap="xs">
            <UploadButton
              rule={CONTRACT_UPLOAD}
              onPick={(file) => void sendSigned(file)}
              busy={upload.busy}
              inputLabel="Arquivo da cópia assinada do contrato"
              variant="default"
              aria-describedby={hintId}
            >
              Anexar cópia assinada
            </UploadButton>
            {!contract.signature_requested_at && signatureAvailable && (
              <Feature name="d4sign">
                <Button variant="default" leftSection={<IconSignature size={16} aria-hidden />} onClick={() => setSigning(true)}>
                  Enviar para assinatura eletrônica
                </Button>
              </Feature>
            )}
          </Group>
          {!contract.signature_requested_at && !signatureAvailable && (
            <Feature name="d4sign">
              <Text fz="xs" c="dimmed" data-testid="signature-unavailable">
                A assinatura eletrônica ainda não foi configurada neste servidor: peça ao administrador do sistema para ativá-la.
              </Text>
            </Feature>
          )}
          <Text fz="xs" c="dimmed" id={hintId}>
            Cópia assinada: {uploadHint(CONTRACT_UPLOAD)}
          </Text>
          <UploadProgress progress={upload.progress} noun="da cópia assinada" onCancel={upload.cancel} testId="contract-upload-progress" />
          <ErrorText testId="contract-upload-error">{upload.problem}</ErrorText>
        </>
      )}
      <Group>
        <Button variant="subtle" color="red" leftSection={<IconBan size={16} aria-hidden />} onClick={() => setCancelling(true)}>
          Cancelar contrato
        </Button>
      </Group>

      <FormDialog
        opened={sending}
        onClose={() => setSending(false)}
        title={<Text fw={600}>Enviar contrato ao cliente</Text>}
        centered
        size="lg"
        fullScreen={phone}
      >
        {sending && <SendContractForm contract={contract} clientEmail={clientEmail} onClose={() => setSending(false)} />}
      </FormDialog>
      <ConfirmDialog
        opened={cancelling}
        title="Cancelar contrato"
        confirmLabel="Cancelar contrato"
        cancelLabel="Voltar"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: contract.id })}
        onClose={() => setCancelling(false)}
      >
        <Text fz="sm">O contrato deixa de valer e fica registrado como cancelado. Para ter um contrato de novo, gere outro.</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={signing}
        title="Enviar para assinatura eletrônica"
        confirmLabel="Enviar"
        color="blue"
        loading={requestSignature.isPending}
        onConfirm={() => requestSignature.mutate({ id: contract.id })}
        onClose={() => setSigning(false)}
      >
        <Text fz="sm">
          O cliente recebe do serviço de assinatura um e-mail para assinar o contrato; a cópia assinada chega aqui sozinha.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

export function ContractCard({
  budgetId,
  contracts,
  clientEmail,
  signatureAvailable,
}: {
  budgetId: number;
  contracts: Contract[];
  clientEmail: string | null;
  signatureAvailable: boolean;
}) {
  const contract = currentContract(contracts);
  const [generating, setGenerating] = useState(false);
  const state = contract?.status ?? 'none';
  const canGenerate = !contract || contract.status === 'cancelled';
  const facts = contract
    ? [
        ['Modelo', contract.template_name],
        ['Gerado em', contract.created_at && dateTime(contract.created_at)],
        ['Enviado ao cliente em', contract.sent_at && dateTime(contract.sent_at)],
        ['Assinatura eletrônica pedida em', contract.signature_requested_at && dateTime(contract.signature_requested_at)],
        ['Cópia assinada', contract.signed_filename],
        ['Assinado em', contract.signed_at && dateTime(contract.signed_at)],
        ['Cancelado em', contract.cancelled_at && dateTime(contract.cancelled_at)],
      ].filter((f): f is [string, string] => !!f[1])
    : [];
  return (
    <SectionCard title="Contrato" testId="contract-card">
      <Group gap="xs">
        {contract ? (
          <ContractStatusBadge status={contract.status} />
        ) : (
          <Text fz="sm" c="dimmed">
            Nenhum contrato gerado.
          </Text>
        )}
      </Group>
      {facts.length > 0 && (
        <Stack gap={6}>
          {facts.map(([label, value]) => (
            <DetailField key={label} label={label}>
              <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </DetailField>
          ))}
        </Stack>
      )}
      <Text fz="sm" c="dimmed" data-testid="contract-next-step">
        {CONTRACT_NEXT_STEP[state]}
      </Text>
      {contract && contract.status !== 'cancelled' && (
        <ContractActions key={contract.id} contract={contract} clientEmail={clientEmail} signatureAvailable={signatureAvailable} />
      )}
      {canGenerate && (
        <Group>
          <Button leftSection={<IconFileText size={16} aria-hidden />} onClick={() => setGenerating(true)}>
            Gerar contrato
          </Button>
        </Group>
      )}
      <GenerateContractModal budgetId={budgetId} opened={generating} onClose={() => setGenerating(false)} />
    </SectionCard>
  );
}
