// The "Cliente" panel of a budget: what the customer did with the link — who accepted which
// proposal, when and from where; how often they visited it; the e-mails sent.

import { dateTime } from '@app/shared/format';
import type { BudgetAcceptedInfo } from '@app/shared/landing-pages';
import { LANDING_VISIT_WINDOW_MINUTES } from '@app/shared/landing-rules';
import { Badge, Card, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { deviceOf, landingPageUrl, visitsText } from './share-links';

/** The latest visits and e-mails the panel lists (the API keeps 20 of each). */
const SHOWN = 5;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fz="xs" fw={700} c="dimmed" tt="uppercase">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

function Accepted({ accepted }: { accepted: BudgetAcceptedInfo['accepted'] }) {
  if (!accepted) {
    return (
      <Text fz="sm" c="dimmed" data-testid="accepted-none">
        O cliente ainda não aceitou nenhuma proposta.
      </Text>
    );
  }
  const device = deviceOf(accepted.user_agent);
  const from = [accepted.ip && `IP ${accepted.ip}`, device].filter(Boolean).join(' · ');
  return (
    <Stack gap={2} data-testid="accepted-info">
      <Text fz="sm">
        <b>{accepted.name ?? 'Cliente'}</b>
        {accepted.email && ` (${accepted.email})`} aceitou <b>{accepted.proposal?.title ?? 'uma proposta'}</b>
      </Text>
      <Text fz="sm" c="dimmed">
        Em {dateTime(accepted.accepted_at)}
      </Text>
      {accepted.payment_method && (
        <Text fz="sm">
          Pagamento: {accepted.payment_method.name}
          {accepted.installments && accepted.installments > 1 ? ` em ${accepted.installments}x` : ''}
        </Text>
      )}
      {from && (
        <Text fz="xs" c="dimmed">
          De: {from}
        </Text>
      )}
    </Stack>
  );
}

function Views({ views }: { views: BudgetAcceptedInfo['views'] }) {
  return (
    <Stack gap={2}>
      <Text fz="sm" data-testid="budget-views-count">
        {visitsText(views)}
      </Text>
      {/* Say how they are counted: reloads and rereads are not visits. */}
      <Text fz="xs" c="dimmed" data-testid="budget-views-rule">
        Uma visita por visitante (mesmo endereço e navegador) a cada {LANDING_VISIT_WINDOW_MINUTES} minutos; robôs e a própria agência não
        contam.
      </Text>
      {views.recent.length > 0 && (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Últimas visitas">
          {views.recent.slice(0, SHOWN).map((v) => (
            <Text key={v.viewed_at} component="li" fz="xs" c="dimmed">
              {dateTime(v.viewed_at)}
              {deviceOf(v.user_agent) ? ` · ${deviceOf(v.user_agent)}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Mailings({ mailings }: { mailings: BudgetAcceptedInfo['mailings'] }) {
  if (mailings.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        Nenhum e-mail enviado.
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {mailings.slice(0, SHOWN).map((m) => (
        <li key={m.id} data-testid="budget-mailing">
          <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
            <Text fz="sm" style={{ wordBreak: 'break-all' }}>
              {m.recipients.join(', ')}
            </Text>
            {m.sent_at ? (
              <Badge color="teal" variant="light" size="sm" miw="max-content">
                Enviado
              </Badge>
            ) : (
              <Badge color="gray" variant="light" size="sm" miw="max-content">
                Na fila
              </Badge>
            )}
          </Group>
          <Text fz="xs" c="dimmed">
            {m.kind === 'proposals'
              ? `${m.proposal_ids.length === 1 ? '1 proposta' : `${m.proposal_ids.length} propostas`}`
              : 'Orçamento completo'}{' '}
            · {dateTime(m.sent_at ?? m.created_at)}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

export function AcceptedInfoCard({ budgetId }: { budgetId: number }) {
  const trpc = useTRPC();
  const info = useQuery(trpc.landingPages.acceptedInfo.queryOptions({ id: budgetId }));
  const data = info.data;
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label="Cliente" aria-busy={info.isPending}>
      <Stack gap="sm">
        <Text fw={600} component="h2" fz="lg">
          Cliente
        </Text>
        {data ? (
          <>
            <Section title="Link">
              <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
                <Text
                  fz="xs"
                  style={{ wordBreak: 'break-all' }}
                  data-testid="landing-link"
                  td={data.landing_page.enabled ? undefined : 'line-through'}
                >
                  {landingPageUrl(window.location.origin, data.landing_page.id)}
                </Text>
                <Badge color={data.landing_page.enabled ? 'teal' : 'red'} variant="light" size="sm" miw="max-content">
                  {data.landing_page.enabled ? 'Ativo' : 'Desativado'}
                </Badge>
              </Group>
            </Section>
            <Divider />
            <Section title="Aceite">
              <Accepted accepted={data.accepted} />
            </Section>
            <Divider />
            <Section title="Visitas">
              <Views views={data.views} />
            </Section>
            <Divider />
            <Section title="E-mails enviados">
              <Mailings mailings={data.mailings} />
            </Section>
          </>
        ) : info.isError ? (
          <Text fz="sm" c="dimmed">
            Não foi possível carregar o que o cliente fez com o orçamento.
          </Text>
        ) : (
          <Stack gap="xs">
            <Skeleton h={14} w="70%" />
            <Skeleton h={14} />
            <Skeleton h={14} w="50%" />
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
