// "Emitir NFS-e" shows the note before it goes: amount, ISS, description, service and the customer
// as tomador, read from the server (the same derivation the issue uses), with what to fix first.
// "Emitir NFS-e" in the dialog sends it; "Voltar" sends nothing.
import { cpfCnpj, toCurrency } from '@app/shared/format';
import { NFSE_BASIS_LABELS, type NfsePreview, type NfseTakerAddress } from '@app/shared/nfse';
import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ErrorText } from '../../components/ErrorText';
import { apiError, errorText } from '../../lib/api-error';
import { useTRPC } from '../../lib/trpc';

/** "Avenida Paulista, 1000, Conjunto 12 - Bela Vista, São Paulo/SP, CEP 01310-100". */
function addressText(address: NfseTakerAddress | null): string {
  if (!address) return 'sem endereço completo no cadastro do cliente (CEP, rua, número e bairro): a nota sai sem ele';
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  const cep = `${address.postal_code.slice(0, 5)}-${address.postal_code.slice(5)}`;
  return `${street} - ${address.neighborhood}, ${address.city}/${address.state}, CEP ${cep}`;
}

function PreviewTable({ preview }: { preview: NfsePreview }) {
  const rows: [string, string][] = [
    ['Valor do serviço', toCurrency(preview.amount_cents)],
    [`ISS (${(preview.iss_rate_basis_points / 100).toLocaleString('pt-BR')}%)`, toCurrency(preview.iss_cents)],
    ['Base', NFSE_BASIS_LABELS[preview.basis]],
    ['Código do serviço', preview.service_code],
    ['Descrição', preview.description],
    [
      'Tomador',
      [preview.taker.name, preview.taker.document ? cpfCnpj(preview.taker.document) : 'sem CPF/CNPJ', preview.taker.email]
        .filter(Boolean)
        .join(' · '),
    ],
    ...(preview.taker.document ? ([['Endereço do tomador', addressText(preview.taker.address)]] as [string, string][]) : []),
  ];
  return (
    <Table variant="vertical" withTableBorder data-testid="nfse-preview">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={170}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function NfsePreviewDialog({
  saleId,
  opened,
  issuing,
  error,
  onIssue,
  onClose,
}: {
  saleId: number;
  opened: boolean;
  issuing: boolean;
  /** Why the issue was refused, shown here while the dialog is open. */
  error: string | null;
  onIssue: () => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  // Read each time it opens: the sale, the customer or the settings may have changed since.
  const query = useQuery({ ...trpc.nfse.preview.queryOptions({ id: saleId }), enabled: opened, gcTime: 0, staleTime: 0 });
  const preview = query.data;
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>Conferir NFS-e antes de emitir</Text>} size="lg" centered>
      <Stack gap="md">
        {preview ? (
          <>
            {preview.environment === 'homologacao' && (
              <Badge color="gray" variant="light">
                Homologação (sem valor fiscal)
              </Badge>
            )}
            <PreviewTable preview={preview} />
            {preview.warnings.map((warning) => (
              <Alert key={warning} color="yellow" variant="light" data-testid="nfse-preview-warning">
                {warning}
              </Alert>
            ))}
          </>
        ) : query.isError ? (
          <ErrorText>{errorText(apiError(query.error))}</ErrorText>
        ) : (
          <Skeleton h={220} />
        )}
        <ErrorText>{error}</ErrorText>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={issuing}>
            Voltar
          </Button>
          <Button onClick={onIssue} loading={issuing} disabled={!preview}>
            Emitir NFS-e
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
