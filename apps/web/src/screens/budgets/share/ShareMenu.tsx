// "Compartilhar" on the budget screens: the customer's link (copy, open, WhatsApp), the e-mail with
// the PDF, the PDF itself, and a new or revoked link. A draft's page does not answer the public, so
// sharing or opening a draft first asks to mark it as sent.
import type { BudgetTree } from '@app/shared/budgets';
import { landingPdfPath } from '@app/shared/landing-rules';
import { Button, CopyButton, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  IconBrandWhatsapp,
  IconChevronDown,
  IconExternalLink,
  IconFileDownload,
  IconLink,
  IconLinkOff,
  IconMail,
  IconRefresh,
  IconShare,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { downloadFile } from '../../../lib/download';
import { toastSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { SendEmailModal } from './SendEmailModal';
import { landingPageUrl, shareMessage, whatsappUrl } from './share-links';
import { useShareRefresh } from './use-share-refresh';

type ShareAction = 'copy' | 'open' | 'whatsapp' | 'email';
type LinkAction = 'reissue' | 'revoke';

export function ShareMenu({ budget }: { budget: BudgetTree }) {
  const trpc = useTRPC();
  const refresh = useShareRefresh();
  const info = useQuery(trpc.landingPages.acceptedInfo.queryOptions({ id: budget.id }));
  const client = useQuery(trpc.clients.get.queryOptions({ id: budget.client.id }));
  const [asking, setAsking] = useState<ShareAction | null>(null);
  const [linkAction, setLinkAction] = useState<LinkAction | null>(null);
  const [emailOpen, setEmailOpen] = useState(false);
  const [manualCopy, setManualCopy] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);

  const landingId = info.data?.landing_page.id ?? budget.landing_page_id;
  const enabled = info.data?.landing_page.enabled ?? true;
  const url = landingPageUrl(window.location.origin, landingId);
  const canceled = budget.status === 'canceled';
  const shareable = enabled && !canceled;

  const markSent = useMutation(trpc.budgets.update.mutationOptions({ onSuccess: refresh }));
  const linkDone = (message: string) => ({
    onSuccess: () => {
      refresh();
      toastSuccess(message);
    },
    onSettled: () => setLinkAction(null),
  });
  const reissue = useMutation(trpc.landingPages.reissueLink.mutationOptions(linkDone('Novo link gerado.')));
  const revoke = useMutation(trpc.landingPages.revokeLink.mutationOptions(linkDone('Link desativado.')));

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess('Link copiado.');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the agent copies it by hand.
      setManualCopy(url);
    }
  };

  const perform = (action: ShareAction) => {
    if (action === 'copy') void copy();
    if (action === 'open') window.open(url, '_blank', 'noopener');
    if (action === 'whatsapp') {
      window.open(whatsappUrl(client.data?.phone, shareMessage(budget.client.name, budget.title, url)), '_blank', 'noopener');
    }
    if (action === 'email') setEmailOpen(true);
  };
  const share = (action: ShareAction) => (budget.status === 'draft' ? setAsking(action) : perform(action));

  const downloadPdf = async () => {
    setDownloading(true);
    try {
      await downloadFile(`${landingPdfPath(landingId)}?download=1`, `orcamento-${budget.id}.pdf`);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="filled"
            leftSection={<IconShare size={16} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
            loading={downloading}
          >
            Compartilhar
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {!shareable && (
            <Menu.Label>
              {canceled ? 'Orçamento cancelado: o link não abre.' : 'Link desativado: gere um novo para compartilhar.'}
            </Menu.Label>
          )}
          <Menu.Item leftSection={<IconLink size={16} aria-hidden />} disabled={!shareable} onClick={() => share('copy')}>
            Copiar link
          </Menu.Item>
          <Menu.Item leftSection={<IconExternalLink size={16} aria-hidden />} disabled={!shareable} onClick={() => share('open')}>
            Abrir página do cliente
          </Menu.Item>
          <Menu.Item leftSection={<IconMail size={16} aria-hidden />} disabled={!shareable} onClick={() => share('email')}>
            Enviar por e-mail
          </Menu.Item>
          <Menu.Item leftSection={<IconBrandWhatsapp size={16} aria-hidden />} disabled={!shareable} onClick={() => share('whatsapp')}>
            WhatsApp
          </Menu.Item>
          <Menu.Item leftSection={<IconFileDownload size={16} aria-hidden />} disabled={!enabled} onClick={() => void downloadPdf()}>
            Baixar PDF
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setLinkAction('reissue')}>
            Gerar novo link
          </Menu.Item>
          {enabled && (
            <Menu.Item color="red" leftSection={<IconLinkOff size={16} aria-hidden />} onClick={() => setLinkAction('revoke')}>
              Desativar link
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>

      <ConfirmDialog
        opened={asking !== null}
        title="Marcar como enviado?"
        confirmLabel="Marcar como enviado"
        color="blue"
        loading={markSent.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          const action = asking;
          markSent.mutate(
            { id: budget.id, status: 'sent' },
            {
              onSuccess: () => {
                setAsking(null);
                if (action) perform(action);
              },
            },
          );
        }}
      >
        <Text fz="sm">
          Este orçamento é um rascunho, e a página de um rascunho não abre para o cliente. Para compartilhar, ele passa a <b>enviado</b>.
        </Text>
      </ConfirmDialog>

      <ConfirmDialog
        opened={linkAction === 'reissue'}
        title="Gerar novo link?"
        confirmLabel="Gerar novo link"
        color="blue"
        loading={reissue.isPending}
        onClose={() => setLinkAction(null)}
        onConfirm={() => reissue.mutate({ id: budget.id })}
      >
        <Text fz="sm">O link atual deixa de abrir na hora; quem já o recebeu precisará do novo.</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={linkAction === 'revoke'}
        title="Desativar link?"
        confirmLabel="Desativar link"
        loading={revoke.isPending}
        onClose={() => setLinkAction(null)}
        onConfirm={() => revoke.mutate({ id: budget.id })}
      >
        <Text fz="sm">A página e o PDF do orçamento deixam de abrir para o cliente, que verá que o link não é mais válido.</Text>
      </ConfirmDialog>

      <Modal
        opened={manualCopy !== null}
        onClose={() => setManualCopy(null)}
        title={<Text fw={600}>Link da página do cliente</Text>}
        centered
      >
        <Stack gap="sm">
          <Text fz="sm">Não foi possível copiar automaticamente. Selecione o link e copie:</Text>
          <Group gap="xs" wrap="nowrap">
            <TextInput
              value={manualCopy ?? ''}
              readOnly
              flex={1}
              onFocus={(e) => e.currentTarget.select()}
              aria-label="Link da página do cliente"
            />
            <CopyButton value={manualCopy ?? ''}>
              {({ copied, copy: copyNow }) => (
                <Button variant="default" onClick={copyNow}>
                  {copied ? 'Copiado' : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Modal>

      {emailOpen && <SendEmailModal budget={budget} clientEmail={client.data?.email ?? null} onClose={() => setEmailOpen(false)} />}
    </>
  );
}
