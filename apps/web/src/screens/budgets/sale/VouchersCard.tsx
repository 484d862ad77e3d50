// The closed sale's "Vouchers" card: the vouchers of each sold service or of the whole trip, each
// opened or deleted; a new one uploaded with its progress; all sent to the client by e-mail and
// shared on WhatsApp.
import { FILE_TYPE_LABELS, isFileType, uploadHint, VOUCHER_UPLOAD } from '@app/shared/files';
import { dateTime, fileSize } from '@app/shared/format';
import type { Sale } from '@app/shared/sales';
import { type Voucher, WHOLE_TRIP_LABEL } from '@app/shared/vouchers';
import { ActionIcon, Anchor, Badge, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconFileTypePdf, IconMail, IconPhoto, IconTicket, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorText } from '../../../components/ErrorText';
import { UploadButton } from '../../../components/UploadButton';
import { UploadProgress } from '../../../components/UploadProgress';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { sendMultipart } from '../../../lib/upload';
import { SectionCard } from './SaleSummary';
import { SendVouchersModal, WhatsappButton } from './SendVouchersModal';
import { useSaleRefresh } from './use-sale-refresh';
import { useUpload } from './use-upload';

const WHOLE_TRIP = 'trip';

function VoucherRow({ voucher, sending, onDelete }: { voucher: Voucher; sending: boolean; onDelete: () => void }) {
  const Icon = voucher.content_type === 'application/pdf' ? IconFileTypePdf : IconPhoto;
  const type = isFileType(voucher.content_type) ? FILE_TYPE_LABELS[voucher.content_type] : voucher.content_type;
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" data-testid="voucher-row">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Icon size={26} color="var(--mantine-color-blue-6)" aria-hidden style={{ flexShrink: 0 }} />
        <div style={{ minWidth: 0 }}>
          <Anchor href={voucher.url} target="_blank" rel="noopener" fz="sm" fw={500} display="block" truncate>
            {voucher.filename}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {voucher.service_title ?? WHOLE_TRIP_LABEL} · {type} · {fileSize(voucher.size)}
          </Text>
        </div>
      </Group>
      <Group gap={4} wrap="nowrap">
        {voucher.sent_at ? (
          <Tooltip label={`Enviado em ${dateTime(voucher.sent_at)}`}>
            <Badge color="teal" variant="light" size="sm" miw="max-content" data-testid="voucher-sent">
              Enviado
            </Badge>
          </Tooltip>
        ) : sending ? (
          <Badge color="blue" variant="light" size="sm" miw="max-content" data-testid="voucher-sending">
            Enviando…
          </Badge>
        ) : (
          <Badge color="gray" variant="light" size="sm" miw="max-content">
            Não enviado
          </Badge>
        )}
        <Tooltip label="Excluir">
          <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${voucher.filename}`} onClick={onDelete}>
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

export function VouchersCard({
  budgetId,
  sale,
  vouchers,
  sendingIds,
  clientEmail,
}: {
  budgetId: number;
  sale: Sale;
  vouchers: Voucher[];
  sendingIds: number[];
  clientEmail: string | null;
}) {
  const trpc = useTRPC();
  const refresh = useSaleRefresh();
  const upload = useUpload(VOUCHER_UPLOAD, 'Erro ao anexar o voucher');
  const [target, setTarget] = useState<string>(WHOLE_TRIP);
  const [deleting, setDeleting] = useState<Voucher | null>(null);
  const [sending, setSending] = useState(false);
  const [whatsappUrl, setWhatsappUrl] = useState<string | null>(null);
  const hintId = useId();

  const remove = useMutation(
    trpc.vouchers.delete.mutationOptions({
      onSuccess: () => {
        void refresh();
        toastSuccess('Voucher excluído.');
      },
      onSettled: () => setDeleting(null),
    }),
  );

  const send = async (file: File) => {
    const fields: Record<string, string> = { budget_id: String(budgetId) };
    if (target !== WHOLE_TRIP) fields.service_id = target;
    const done = await upload.start(file, (picked, opts) => sendMultipart('POST', '/api/vouchers/upload', { file: picked, fields }, opts));
    if (done) {
      await refresh();
      toastSuccess('Voucher anexado.');
    }
  };

  const unsent = vouchers.filter((v) => !v.sent_at).length;
  const next =
    vouchers.length === 0
      ? 'Envie os vouchers dos serviços (ou um da viagem completa) quando os fornecedores os emitirem.'
      : unsent > 0
        ? `${unsent === 1 ? '1 voucher ainda não foi enviado' : `${unsent} vouchers ainda não foram enviados`} ao cliente.`
        : 'Todos os vouchers foram enviados ao cliente.';

  return (
    <SectionCard title="Vouchers" testId="vouchers-card">
      {vouchers.length === 0 ? (
        <Group gap="xs" wrap="nowrap">
          <IconTicket size={20} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text fz="sm" c="dimmed">
            Nenhum voucher ainda.
          </Text>
        </Group>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Vouchers">
          {vouchers.map((v) => (
            <VoucherRow key={v.id} voucher={v} sending={sendingIds.includes(v.id)} onDelete={() => setDeleting(v)} />
          ))}
        </Stack>
      )}
      <Text fz="sm" c="dimmed">
        {next}
      </Text>
      <Group gap="xs" align="flex-end">
        <Select
          label="Voucher de"
          allowDeselect={false}
          data={[{ value: WHOLE_TRIP, label: WHOLE_TRIP_LABEL }, ...sale.services.map((s) => ({ value: String(s.id), label: s.title }))]}
          value={target}
          onChange={(v) => setTarget(v ?? WHOLE_TRIP)}
          disabled={upload.busy}
          w={{ base: '100%', xs: 260 }}
        />
        <UploadButton
          rule={VOUCHER_UPLOAD}
          onPick={(file) => void send(file)}
          busy={upload.busy}
          inputLabel="Arquivo do voucher"
          variant="light"
          aria-describedby={hintId}
        >
          Anexar voucher
        </UploadButton>
      </Group>
      <Text fz="xs" c="dimmed" id={hintId}>
        {uploadHint(VOUCHER_UPLOAD)}
      </Text>
      <UploadProgress progress={upload.progress} noun="do voucher" onCancel={upload.cancel} testId="voucher-upload-progress" />
      <ErrorText testId="voucher-upload-error">{upload.problem}</ErrorText>
      <Group gap="xs">
        <Button leftSection={<IconMail size={16} aria-hidden />} disabled={vouchers.length === 0} onClick={() => setSending(true)}>
          Enviar vouchers
        </Button>
        {whatsappUrl && <WhatsappButton url={whatsappUrl} />}
      </Group>

      <SendVouchersModal
        opened={sending}
        budgetId={budgetId}
        vouchers={vouchers}
        clientEmail={clientEmail}
        onSent={setWhatsappUrl}
        onClose={() => setSending(false)}
      />
      <ConfirmDialog
        opened={!!deleting}
        title="Excluir voucher"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      >
        <Text fz="sm">
          Deseja excluir o voucher <b>{deleting?.filename}</b>? Os links já enviados ao cliente deixam de abrir.
        </Text>
      </ConfirmDialog>
    </SectionCard>
  );
}
