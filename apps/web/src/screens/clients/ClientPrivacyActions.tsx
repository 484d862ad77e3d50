// The LGPD requests of a client (owner and administradores): everything the agency holds on the
// person as a file, and the person anonymised after a confirmation that says what stays.

import type { Client } from '@app/shared/clients';
import { anonymisedName } from '@app/shared/data-subjects';
import { Button, List, Menu, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFileExport, IconUserX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { downloadFile } from '../../lib/download';
import { isManager } from '../../lib/permissions';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-session';

export function ClientPrivacyActions({ client }: { client: Client }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const role = useCurrentUser()?.role;
  const [confirmOpened, confirm] = useDisclosure(false);
  const [exporting, setExporting] = useState(false);
  const anonymise = useMutation(
    trpc.dataSubjects.anonymise.mutationOptions({
      onSuccess: (out) => {
        confirm.close();
        void queryClient.invalidateQueries({ queryKey: trpc.clients.get.queryKey({ id: client.id }) });
        void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
        toastSuccess(out.message);
      },
      onError: () => confirm.close(),
    }),
  );
  if (!isManager(role)) return null;
  const anonymised = client.name === anonymisedName(client.id);

  const exportData = async (format: 'pdf' | 'json') => {
    setExporting(true);
    try {
      const path = format === 'pdf' ? `/api/data-subjects/${client.id}/export/pdf` : `/api/data-subjects/${client.id}/export`;
      // POSTs: each export is recorded.
      await downloadFile(path, `dados-do-titular-${client.id}.${format}`, {});
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconFileExport size={16} aria-hidden />} loading={exporting}>
            Exportar dados do titular
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void exportData('pdf')}>PDF para o titular</Menu.Item>
          <Menu.Item onClick={() => void exportData('json')}>JSON (dados estruturados)</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {!anonymised && (
        <Button color="red" variant="subtle" leftSection={<IconUserX size={16} aria-hidden />} onClick={confirm.open}>
          Anonimizar titular
        </Button>
      )}
      <ConfirmDialog
        opened={confirmOpened}
        title="Anonimizar titular"
        confirmLabel="Anonimizar"
        loading={anonymise.isPending}
        onClose={confirm.close}
        onConfirm={() => anonymise.mutate({ id: client.id })}
      >
        <Text mb="xs">
          Os dados pessoais de <strong>{client.name}</strong> serão substituídos por “{anonymisedName(client.id)}” em todos os registros da
          agência. Não é possível desfazer.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Saem: nome, CPF, e-mail, telefone, nascimento, documentos, endereços, contatos e arquivos.</List.Item>
          <List.Item>Ficam: valores e datas das vendas, como a lei exige, ligados só ao pseudônimo.</List.Item>
          <List.Item>Exporte os dados antes se o titular os pediu.</List.Item>
        </List>
      </ConfirmDialog>
    </>
  );
}
