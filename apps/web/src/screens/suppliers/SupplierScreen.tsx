import { formatPostalCode } from '@app/shared/documents';
import { dateTime } from '@app/shared/format';
import { BANK_ACCOUNT_TYPE_LABELS, PIX_KEY_TYPE_LABELS } from '@app/shared/pix';
import { SERVICE_TYPE_LABELS, SERVICE_TYPE_SLUGS, type ServiceType, serviceTypeOfSlug } from '@app/shared/service-types';
import type { Supplier } from '@app/shared/suppliers';
import { Anchor, Button, Card, EmptyState, Grid, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBuildingStore,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconReceipt,
  IconStar,
  IconStarFilled,
  IconUserPlus,
  IconUserSquareRounded,
} from '@tabler/icons-react';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DetailField, DetailNotes, OrMissing } from '../../components/DetailFields';
import { PageHeader } from '../../components/PageHeader';
import { BackLink as BackTo, DetailNotFound, DetailPending } from '../../components/ScreenStates';
import { recordNotFound, useRecordId } from '../../lib/record-route';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useSeesCosts } from '../../lib/use-session';
import { SupplierActiveBadge, SupplierKindBadge } from './badges';
import { formatCommission, formatDocument, SERVICE_TYPE_TEXTS, supplierDocument } from './labels';
import { SupplierFormModal } from './SupplierFormModal';

const missing = <OrMissing value={null} />;
const clientPath = (clientId: number) => `/clientes-pessoa-interna/${clientId}`;

function BackLink() {
  return <BackTo to="/fornecedores">Voltar para fornecedores</BackTo>;
}

/** Editar; Desativar/Ativar after a confirmation; Habilitar como cliente (after one too), then the client's link. */
function SupplierActions({ supplier }: { supplier: Supplier }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [editOpened, edit] = useDisclosure(false);
  const [activeOpened, confirmActive] = useDisclosure(false);
  const [clientOpened, confirmClient] = useDisclosure(false);

  const saved = (s: Supplier, message: string) => {
    confirmActive.close();
    confirmClient.close();
    queryClient.setQueryData(trpc.suppliers.get.queryKey({ id: s.id }), s);
    void queryClient.invalidateQueries({ queryKey: trpc.suppliers.list.queryKey() });
    toastSuccess(message);
  };
  const setActive = useMutation(
    trpc.suppliers.update.mutationOptions({
      onSuccess: (s) => saved(s, s.is_active ? 'Fornecedor ativado.' : 'Fornecedor desativado.'),
      onError: () => confirmActive.close(),
    }),
  );
  const setFavorite = useMutation(
    trpc.suppliers.update.mutationOptions({
      onSuccess: (s) =>
        saved(
          s,
          s.is_favorite ? 'Fornecedor favoritado: aparece primeiro na escolha de fornecedores.' : 'Fornecedor removido dos favoritos.',
        ),
    }),
  );
  const enableClient = useMutation(
    trpc.suppliers.enableClient.mutationOptions({
      onSuccess: (s) => {
        saved(s, 'Fornecedor habilitado como cliente.');
        void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
      },
      onError: () => confirmClient.close(),
    }),
  );
  const active = supplier.is_active;

  return (
    <>
      <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={edit.open}>
        Editar
      </Button>
      <Button
        variant={supplier.is_favorite ? 'light' : 'default'}
        color="yellow"
        aria-pressed={supplier.is_favorite}
        leftSection={supplier.is_favorite ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
        loading={setFavorite.isPending}
        onClick={() => setFavorite.mutate({ id: supplier.id, is_favorite: !supplier.is_favorite })}
      >
        Favorito
      </Button>
      {active ? (
        <Button color="red" variant="light" leftSection={<IconPlayerPause size={16} aria-hidden />} onClick={confirmActive.open}>
          Desativar
        </Button>
      ) : (
        <Button color="teal" leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={confirmActive.open}>
          Ativar
        </Button>
      )}
      {supplier.client_id ? (
        <Button
          component={Link}
          to={clientPath(supplier.client_id)}
          variant="light"
          leftSection={<IconUserSquareRounded size={16} aria-hidden />}
        >
          Ver cliente
        </Button>
      ) : (
        <Button variant="light" leftSection={<IconUserPlus size={16} aria-hidden />} onClick={confirmClient.open}>
          Habilitar como cliente
        </Button>
      )}
      <SupplierFormModal opened={editOpened} onClose={edit.close} supplier={supplier} />
      <ConfirmDialog
        opened={activeOpened}
        title={active ? 'Desativar fornecedor' : 'Ativar fornecedor'}
        confirmLabel={active ? 'Desativar' : 'Ativar'}
        color={active ? 'red' : 'teal'}
        loading={setActive.isPending}
        onClose={confirmActive.close}
        onConfirm={() => setActive.mutate({ id: supplier.id, is_active: !active })}
      >
        <Text>
          {active ? (
            <>
              Deseja desativar <strong>{supplier.name}</strong>? Ele deixa de aparecer na escolha de fornecedores; os dados continuam
              guardados.
            </>
          ) : (
            <>
              Deseja ativar <strong>{supplier.name}</strong>? Ele volta a aparecer na escolha de fornecedores.
            </>
          )}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={clientOpened}
        title="Habilitar como cliente"
        confirmLabel="Habilitar"
        color="teal"
        loading={enableClient.isPending}
        onClose={confirmClient.close}
        onConfirm={() => enableClient.mutate({ id: supplier.id })}
      >
        <Text>
          <strong>{supplier.name}</strong> passa a ser também cliente da agência e pode comprar viagens. Se já houver um cliente com o mesmo{' '}
          {supplier.kind === 'person' ? 'CPF' : 'CNPJ'}, ele é vinculado; senão, um cliente é criado com o nome, o documento, o e-mail, o
          telefone e o endereço do fornecedor.
        </Text>
      </ConfirmDialog>
    </>
  );
}

function addressText(a: NonNullable<Supplier['address']>): string {
  const street = [a.street, a.number].filter(Boolean).join(', ') + (a.complement ? ` – ${a.complement}` : '');
  const place = [a.city, a.state].filter(Boolean).join('/');
  return [street, a.neighborhood, place, a.postal_code ? `CEP ${formatPostalCode(a.postal_code)}` : null].filter(Boolean).join(' · ');
}

function SupplierData({ supplier: s }: { supplier: Supplier }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="lg">
        {s.kind === 'organization' && (
          <DetailField label="Nome fantasia">
            <OrMissing value={s.trade_name} />
          </DetailField>
        )}
        <DetailField label="E-mail">{s.email ? <Anchor href={`mailto:${s.email}`}>{s.email}</Anchor> : missing}</DetailField>
        <DetailField label="Telefone">
          <OrMissing value={s.phone} />
        </DetailField>
        <DetailField label="Site">
          {s.website ? (
            <Anchor href={/^https?:\/\//i.test(s.website) ? s.website : `https://${s.website}`} target="_blank" rel="noreferrer">
              {s.website}
            </Anchor>
          ) : (
            missing
          )}
        </DetailField>
        <DetailField label="Endereço">
          <OrMissing value={s.address && addressText(s.address)} />
        </DetailField>
        <DetailField label="Cadastrado em">
          <Text>{dateTime(s.created_at)}</Text>
        </DetailField>
      </SimpleGrid>
      <DetailNotes notes={s.notes} />
    </Card>
  );
}

function PaymentData({ supplier: s }: { supplier: Supplier }) {
  const bank = [s.bank_code && s.bank_name ? `${s.bank_code} – ${s.bank_name}` : (s.bank_name ?? s.bank_code)].filter(Boolean);
  const account = [s.bank_branch && `Agência ${s.bank_branch}`, s.bank_account && `Conta ${s.bank_account}`].filter(Boolean).join(' · ');
  const hasBank = bank.length > 0 || account || s.bank_holder_name;
  return (
    <Card withBorder radius="lg" padding="md">
      <Text fw={600} mb="sm" component="h2">
        Pagamento
      </Text>
      <Stack gap="md">
        <DetailField label={s.pix_key_type ? `Pix (${PIX_KEY_TYPE_LABELS[s.pix_key_type]})` : 'Pix'}>
          {s.pix_key ? (
            <Text data-testid="supplier-pix" style={{ wordBreak: 'break-all' }}>
              {s.pix_key}
            </Text>
          ) : (
            missing
          )}
        </DetailField>
        <DetailField label="Conta bancária">
          {hasBank ? (
            <Stack gap={2}>
              {bank[0] && <Text>{bank[0]}</Text>}
              {account && (
                <Text fz="sm">
                  {account}
                  {s.bank_account_type ? ` (${BANK_ACCOUNT_TYPE_LABELS[s.bank_account_type]})` : ''}
                </Text>
              )}
              {s.bank_holder_name && (
                <Text fz="sm" c="dimmed">
                  Titular: {s.bank_holder_name}
                  {s.bank_holder_document ? ` · ${formatDocument(s.bank_holder_document)}` : ''}
                </Text>
              )}
            </Stack>
          ) : (
            missing
          )}
        </DetailField>
      </Stack>
    </Card>
  );
}

function ContactsData({ supplier: s }: { supplier: Supplier }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Text fw={600} mb="sm" component="h2">
        Contatos
      </Text>
      {s.contacts.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhum contato.
        </Text>
      ) : (
        <Stack gap="xs">
          {s.contacts.map((c) => (
            <div key={c.id} data-testid="supplier-contact">
              <Text fz="sm" fw={500}>
                {c.name}
                {c.role ? ` (${c.role})` : ''}
              </Text>
              {(c.email || c.phone) && (
                <Text fz="xs" c="dimmed">
                  {[c.email, c.phone].filter(Boolean).join(' · ')}
                </Text>
              )}
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

/** One service type's tab: what the agency sells of it with this supplier (budgets come in a later issue). */
function ServiceTypePanel({ supplier, type }: { supplier: Supplier; type: ServiceType }) {
  const seesCosts = useSeesCosts();
  const label = SERVICE_TYPE_LABELS[type];
  return (
    <Stack gap="md" pt="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {seesCosts && (
          <DetailField label="Comissão padrão">
            <OrMissing value={formatCommission(supplier.commission_basis_points)} />
          </DetailField>
        )}
        <DetailField label="Contato para reservas">
          <OrMissing value={(supplier.contacts.find((c) => /reserva/i.test(c.role ?? '')) ?? supplier.contacts[0])?.name} />
        </DetailField>
      </SimpleGrid>
      <EmptyState
        icon={<IconReceipt size={28} aria-hidden />}
        title={`${label}: nada vendido ainda`}
        description={`${SERVICE_TYPE_TEXTS[type].sold} com este fornecedor aparecerão aqui quando houver orçamentos.`}
        py="lg"
      />
    </Stack>
  );
}

function ServiceTabs({ supplier, open }: { supplier: Supplier; open: ServiceType }) {
  const navigate = useNavigate();
  return (
    <Card withBorder radius="lg" padding="md">
      <Tabs
        value={open}
        onChange={(type) => {
          if (type) void navigate(`/fornecedor/${supplier.id}/${SERVICE_TYPE_SLUGS[type as ServiceType]}`);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label="Tipos de serviço do fornecedor">
          {supplier.service_types.map((type) => (
            <Tabs.Tab key={type} value={type}>
              {SERVICE_TYPE_LABELS[type]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {supplier.service_types.map((type) => (
          <Tabs.Panel key={type} value={type}>
            <ServiceTypePanel supplier={supplier} type={type} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Card>
  );
}

/** /fornecedor/{id}/{type}: the supplier, with the tab of `type` open (an unknown type opens the first). */
export default function SupplierScreen() {
  const id = useRecordId();
  const { type: slug } = useParams();
  const navigate = useNavigate();
  const trpc = useTRPC();
  const query = useQuery(trpc.suppliers.get.queryOptions(id ? { id } : skipToken));
  const supplier = query.data;
  const asked = serviceTypeOfSlug(slug);
  const open = supplier && asked && supplier.service_types.includes(asked) ? asked : supplier?.service_types[0];

  // An unknown or foreign type in the address becomes the open tab's.
  useEffect(() => {
    if (supplier && open && open !== asked) void navigate(`/fornecedor/${supplier.id}/${SERVICE_TYPE_SLUGS[open]}`, { replace: true });
  }, [supplier, open, asked]);

  if (recordNotFound(id, query)) {
    return <DetailNotFound back={<BackLink />} icon={<IconBuildingStore size={28} aria-hidden />} title="Fornecedor não encontrado" />;
  }

  const document = supplier ? supplierDocument(supplier) : '';
  return (
    <Stack gap="md">
      <BackLink />
      <PageHeader title={supplier?.name ?? 'Fornecedor'} actions={supplier && <SupplierActions supplier={supplier} />}>
        {supplier && (
          <>
            <SupplierKindBadge kind={supplier.kind} />
            <SupplierActiveBadge active={supplier.is_active} />
            {document && (
              <Text c="dimmed" data-testid="supplier-document">
                {supplier.kind === 'person' ? 'CPF' : 'CNPJ'} {document}
              </Text>
            )}
          </>
        )}
      </PageHeader>
      {supplier ? (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <SupplierData supplier={supplier} />
              {open && <ServiceTabs supplier={supplier} open={open} />}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <PaymentData supplier={supplier} />
              <ContactsData supplier={supplier} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <DetailPending failed={query.isError} noun="fornecedor" />
      )}
    </Stack>
  );
}
