import type { Client } from '@app/shared/clients';
import { formatPostalCode } from '@app/shared/documents';
import { dateTime, shortDate } from '@app/shared/format';
import { Anchor, Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconPlus, IconUserCheck, IconUserOff, IconUserQuestion } from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { countryName } from '../../components/CountrySelect';
import { DetailField, DetailNotes, OrMissing } from '../../components/DetailFields';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { AttendanceList } from '../attendances/AttendanceList';
import { ClientActiveBadge, ClientKindBadge } from './badges';
import { ClientAttachments } from './ClientAttachments';
import { ClientFormModal } from './ClientFormModal';
import { ClientPrivacyActions } from './ClientPrivacyActions';
import { CompanionsCard } from './CompanionsCard';
import { EXPIRY_LABELS, expiryStatus, localToday } from './document-expiry';
import { clientDocument, DOCUMENT_TYPE_LABELS } from './labels';

const missing = <OrMissing value={null} />;

function BackLink() {
  return <BackTo to="/clientes">Voltar para clientes</BackTo>;
}

/** A client is deactivated or reactivated, each after a confirmation. */
function ClientActions({ client }: { client: Client }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editOpened, edit] = useDisclosure(false);
  const [confirmOpened, confirm] = useDisclosure(false);

  const saved = (c: Client, message: string) => {
    confirm.close();
    queryClient.setQueryData(trpc.clients.get.queryKey({ id: c.id }), c);
    void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
    toastSuccess(message);
  };
  const deactivate = useMutation(
    trpc.clients.deactivate.mutationOptions({ onSuccess: (c) => saved(c, 'Cliente desativado.'), onError: () => confirm.close() }),
  );
  const reopen = useMutation(
    trpc.clients.reopen.mutationOptions({ onSuccess: (c) => saved(c, 'Cliente reativado.'), onError: () => confirm.close() }),
  );
  const pending = deactivate.isPending || reopen.isPending;

  return (
    <>
      {client.is_active && (
        <Button component={Link} to={`/atendimento-leader?cliente=${client.id}`} leftSection={<IconPlus size={16} aria-hidden />}>
          Novo atendimento
        </Button>
      )}
      <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={edit.open}>
        Editar
      </Button>
      {client.is_active ? (
        <Button color="red" variant="light" leftSection={<IconUserOff size={16} aria-hidden />} onClick={confirm.open}>
          Desativar
        </Button>
      ) : (
        <Button color="teal" leftSection={<IconUserCheck size={16} aria-hidden />} onClick={confirm.open}>
          Reativar
        </Button>
      )}
      <ClientPrivacyActions client={client} />
      <ClientFormModal opened={editOpened} onClose={edit.close} client={client} />
      <ConfirmDialog
        opened={confirmOpened}
        title={client.is_active ? 'Desativar cliente' : 'Reativar cliente'}
        confirmLabel={client.is_active ? 'Desativar' : 'Reativar'}
        color={client.is_active ? 'red' : 'teal'}
        loading={pending}
        onClose={confirm.close}
        onConfirm={() => {
          const input = { id: client.id, version: client.version };
          if (client.is_active) deactivate.mutate(input);
          else reopen.mutate(input);
        }}
      >
        <Text>
          {client.is_active ? (
            <>
              Deseja desativar <strong>{client.name}</strong>? Ele deixa de aparecer na escolha de clientes de novos atendimentos; os
              atendimentos existentes continuam.
            </>
          ) : (
            <>
              Deseja reativar <strong>{client.name}</strong>? Ele volta a poder receber novos atendimentos.
            </>
          )}
        </Text>
      </ConfirmDialog>
    </>
  );
}

function ClientData({ client: c }: { client: Client }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        <DetailField label={c.kind === 'person' ? 'CPF' : 'CNPJ'}>
          {clientDocument(c) ? <Text data-testid="client-document">{clientDocument(c)}</Text> : missing}
        </DetailField>
        {c.kind === 'person' && (
          <DetailField label="Data de nascimento">
            <OrMissing value={c.birth_date && shortDate(c.birth_date)} />
          </DetailField>
        )}
        <DetailField label="E-mail">{c.email ? <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor> : missing}</DetailField>
        <DetailField label="Telefone">
          <OrMissing value={c.phone} />
        </DetailField>
        <DetailField label="Cadastrado em">
          <Text>{dateTime(c.created_at)}</Text>
        </DetailField>
      </SimpleGrid>
      <DetailNotes notes={c.notes} />
    </Card>
  );
}

/** One of the client's lists under its heading, or `empty` when it has no item. */
function DetailList<T extends { id: number }>({
  title,
  items,
  empty,
  children,
}: {
  title: string;
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <div>
      <Text fw={600} mb={4} component="h2">
        {title}
      </Text>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        items.map((item) => <Fragment key={item.id}>{children(item)}</Fragment>)
      )}
    </div>
  );
}

/**
 * A document's number as the API gives it, masked ("FZ•••456"); "Mostrar" asks for the full one,
 * a read the agency's owner sees in the access report ("Dados pessoais").
 */
function DocumentNumber({ clientId, document }: { clientId: number; document: Client['documents'][number] }) {
  const trpc = useTRPC();
  const reveal = useMutation(trpc.clients.revealDocument.mutationOptions());
  const full = reveal.data?.id === document.id ? reveal.data.number : null;
  if (full) return <span data-testid="document-number-full">{full}</span>;
  return (
    <>
      <span>{document.number}</span>{' '}
      <Anchor
        component="button"
        type="button"
        fz="sm"
        aria-label={`Mostrar o número completo do documento ${DOCUMENT_TYPE_LABELS[document.type]}`}
        disabled={reveal.isPending}
        onClick={() => reveal.mutate({ id: clientId, document_id: document.id })}
      >
        Mostrar
      </Anchor>
    </>
  );
}

function ClientLists({ client: c }: { client: Client }) {
  const today = localToday();
  return (
    <Card withBorder radius="lg" padding="md">
      <Stack gap="md">
        <DetailList title="Endereços" items={c.addresses} empty="Nenhum endereço.">
          {(a) => (
            <Text fz="sm" data-testid="client-address">
              {a.street}, {a.number}
              {a.complement ? ` – ${a.complement}` : ''} · {a.neighborhood} · {a.city}/{a.state} · CEP {formatPostalCode(a.postal_code)}
            </Text>
          )}
        </DetailList>
        <DetailList title="Contatos" items={c.contacts} empty="Nenhum contato.">
          {(ct) => (
            <Text fz="sm" data-testid="client-contact">
              {ct.name}
              {ct.relationship ? ` (${ct.relationship})` : ''}
              {[ct.email, ct.phone].filter(Boolean).length > 0 ? ` · ${[ct.email, ct.phone].filter(Boolean).join(' · ')}` : ''}
            </Text>
          )}
        </DetailList>
        <DetailList title="Documentos" items={c.documents} empty="Nenhum documento.">
          {(d) => {
            const expiry = expiryStatus(d, today);
            return (
              <Group gap={6} wrap="wrap">
                <Text fz="sm" data-testid="client-travel-document">
                  {DOCUMENT_TYPE_LABELS[d.type]} <DocumentNumber clientId={c.id} document={d} />
                  {d.country ? ` · ${countryName(d.country)}` : ''}
                  {d.expires_at ? ` · validade ${shortDate(d.expires_at)}` : ''}
                </Text>
                {expiry && (
                  <Badge size="sm" variant="light" color={expiry === 'expired' ? 'red' : 'orange'}>
                    {EXPIRY_LABELS[expiry]}
                  </Badge>
                )}
              </Group>
            );
          }}
        </DetailList>
      </Stack>
    </Card>
  );
}

export default function ClientDetailScreen() {
  const id = useRecordId();
  const trpc = useTRPC();
  const query = useQuery(trpc.clients.get.queryOptions(id ? { id } : skipToken));
  const [attendancesPage, setAttendancesPage] = useState(1);

  if (recordNotFound(id, query)) {
    return <DetailNotFound back={<BackLink />} icon={<IconUserQuestion size={28} aria-hidden />} title="Cliente não encontrado" />;
  }

  const client = query.data;
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title={client?.name ?? 'Cliente'} actions={client && <ClientActions client={client} />}>
        {client && (
          <>
            <ClientKindBadge kind={client.kind} />
            <ClientActiveBadge active={client.is_active} />
          </>
        )}
      </PageHeader>
      {client ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <ClientData client={client} />
              <Card withBorder radius="lg" padding="md">
                <Text fw={600} mb="sm" component="h2">
                  Atendimentos
                </Text>
                <AttendanceList
                  filters={{ client_id: client.id }}
                  page={attendancesPage}
                  onPageChange={setAttendancesPage}
                  showClient={false}
                />
              </Card>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <ClientLists client={client} />
              {client.kind === 'person' && <CompanionsCard client={client} />}
              <ClientAttachments client={client} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <DetailPending failed={query.isError} noun="cliente" />
      )}
    </Stack>
  );
}
