// /servicos: the kinds of service a budget holds (GET /api/type_services): how each is priced, its own
// fields, the reference lists it picks from (each linked to its parameterization tab) and what the
// agency usually does with it (its most used supplier and its average commission).
import { SERVICE_TYPE_LABELS, SERVICE_TYPE_SLUGS, type ServiceType } from '@app/shared/service-types';
import type { TypeService } from '@app/shared/services';
import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DetailField } from '../../components/DetailFields';
import { PageHeader } from '../../components/PageHeader';
import { LoadFailed, LoadingRows } from '../../components/ScreenStates';
import { useTRPC } from '../../lib/trpc';
import { useSeesCosts } from '../../lib/use-session';
import { formatCommission } from '../suppliers/labels';
import { DETAIL_FIELD_LABELS, listPath, PRICING_HINTS, PRICING_LABELS } from './labels';
import { SERVICE_TYPE_ICONS } from './type-icons';

function ListsUsed({ lists }: { lists: TypeService['lists'] }) {
  if (lists.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        Nenhuma lista de referência.
      </Text>
    );
  }
  // Two fields may read one list (origin and destination airports): each list once.
  const unique = lists.filter((l, i) => lists.findIndex((o) => o.list === l.list) === i);
  return (
    <List size="sm" spacing={2}>
      {unique.map((l) => {
        const to = listPath(l.list);
        return (
          <List.Item key={l.list}>
            {to ? (
              <Anchor component={Link} to={to} fz="sm">
                {l.label}
              </Anchor>
            ) : (
              l.label
            )}
          </List.Item>
        );
      })}
    </List>
  );
}

function TypeCard({ t }: { t: TypeService }) {
  const seesCosts = useSeesCosts();
  const Icon = SERVICE_TYPE_ICONS[t.type];
  const { supplier, commission_basis_points: commission, services_count: count } = t.defaults;
  const slug = SERVICE_TYPE_SLUGS[t.type as ServiceType];
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby={`tipo-${t.type}`} data-testid={`service-type-${t.type}`}>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="md" variant="light">
            <Icon size={22} aria-hidden />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="h4" id={`tipo-${t.type}`}>
              {t.label}
            </Title>
            <Group gap={6} mt={2}>
              <Badge variant="light" data-testid="pricing-mode">
                {PRICING_LABELS[t.pricing]}
              </Badge>
            </Group>
          </div>
        </Group>
        <Text fz="sm" c="dimmed">
          {PRICING_HINTS[t.pricing]}
        </Text>
        <DetailField label="Campos próprios">
          <List size="sm" spacing={2}>
            {DETAIL_FIELD_LABELS[t.type].map((f) => (
              <List.Item key={f}>{f}</List.Item>
            ))}
          </List>
        </DetailField>
        <DetailField label="Listas usadas">
          <ListsUsed lists={t.lists} />
        </DetailField>
        <DetailField label="Fornecedores">
          <Anchor component={Link} to={`/fornecedores?servico=${slug}`} fz="sm">
            {t.supplier_types.map((s) => SERVICE_TYPE_LABELS[s as ServiceType] ?? s).join(', ')}
          </Anchor>
        </DetailField>
        <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-default-hover)">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={6}>
            Padrões da agência
          </Text>
          {count === 0 ? (
            <Text fz="sm" c="dimmed" data-testid="type-defaults">
              Nenhum serviço deste tipo nos orçamentos ainda.
            </Text>
          ) : (
            <Stack gap={4} data-testid="type-defaults">
              <Text fz="sm">
                Fornecedor mais usado:{' '}
                {supplier ? (
                  <Anchor component={Link} to={`/fornecedor/${supplier.id}/${slug}`} fz="sm">
                    {supplier.name}
                  </Anchor>
                ) : (
                  <Text span c="dimmed" fz="sm">
                    nenhum
                  </Text>
                )}
              </Text>
              {seesCosts && <Text fz="sm">Comissão média: {commission == null ? '—' : formatCommission(commission)}</Text>}
              <Text fz="sm" c="dimmed">
                {count === 1
                  ? 'Com base no último serviço deste tipo'
                  : `Com base nos últimos ${count.toLocaleString('pt-BR')} serviços deste tipo`}
              </Text>
            </Stack>
          )}
        </Card>
      </Stack>
    </Card>
  );
}

export default function ServicesScreen() {
  const trpc = useTRPC();
  const types = useQuery(trpc.services.types.queryOptions());
  return (
    <Stack gap={0}>
      <PageHeader />
      <Text c="dimmed" mb="lg" mt={-8}>
        Os tipos de serviço das propostas: como cada um é cobrado, os campos e as listas que usa e os padrões da sua agência.
      </Text>
      {types.isPending ? (
        <LoadingRows label="Carregando tipos de serviço" count={6} />
      ) : types.isError ? (
        <LoadFailed
          icon={<IconListDetails size={28} aria-hidden />}
          title="Não foi possível carregar os tipos de serviço"
          onRetry={() => void types.refetch()}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {types.data.types.map((t) => (
            <TypeCard key={t.type} t={t} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
