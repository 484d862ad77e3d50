// The closed sale's facts: what was sold (the proposal's services as frozen), to whom, the values
// and the seller, and the payment plan.

import { costsShown } from '@app/shared/cost-fields';
import { dateTime, shortDate } from '@app/shared/format';
import { formatBasisPoints } from '@app/shared/installments';
import type { Sale, SoldInfo } from '@app/shared/sales';
import { Anchor, Card, Divider, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DetailField, OrMissing } from '../../../components/DetailFields';
import { Money } from '../../../components/Money';
import { travelDates } from '../labels';
import { serviceTypeLabel } from './labels';

/** Amounts stay on one line ('R$ 6.487,50'). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

export function SectionCard({ title, label, children, testId }: { title: string; label?: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={label ?? title} data-testid={testId}>
      <Stack gap="sm">
        <Text fw={600} component="h2" fz="lg">
          {title}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** The proposal sold and its services with the values they were sold for. */
export function SoldServicesCard({ sale }: { sale: Sale }) {
  // The API leaves costs out for a user the agency's setting keeps them from.
  const seesCosts = costsShown(sale);
  const money = (cents: number) => <Money cents={cents} currency={sale.currency} />;
  return (
    <SectionCard title="O que foi vendido" testId="sold-services">
      <Group justify="space-between" gap="xs">
        <Text fw={500} data-testid="sold-proposal">
          {sale.proposal_title}
        </Text>
        <Text fz="sm" c="dimmed">
          Vendida em {dateTime(sale.sold_at)}
        </Text>
      </Group>
      {sale.services.length === 0 ? (
        <Text fz="sm" c="dimmed">
          A proposta vendida não tinha serviços.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table fz="sm" verticalSpacing="xs" aria-label="Serviços vendidos">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Serviço</Table.Th>
                <Table.Th>Fornecedor</Table.Th>
                <Table.Th>Datas</Table.Th>
                {seesCosts && <Table.Th ta="right">Custo</Table.Th>}
                <Table.Th ta="right">Venda</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sale.services.map((s) => (
                <Table.Tr key={s.id} data-testid="sold-service">
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {s.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {serviceTypeLabel(s.type)}
                      {s.currency !== sale.currency &&
                        ` · ${s.currency} a ${s.quote_rate.toLocaleString('pt-BR', { maximumFractionDigits: 4 })}`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {s.supplier_name ?? (
                      <Text span c="dimmed" fz="sm">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{travelDates(s.start_date, s.end_date, shortDate) || '—'}</Table.Td>
                  {costsShown(s) && (
                    <Table.Td ta="right" style={NOWRAP}>
                      {money(s.cost_cents)}
                    </Table.Td>
                  )}
                  <Table.Td ta="right" style={NOWRAP}>
                    {money(s.sale_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
              {/* Cancelled before the sale: what the customer still paid is in the sale, so it has a line. */}
              {sale.canceled_services.map((s) => (
                <Table.Tr key={`canceled-${s.id}`} data-testid="sold-canceled-service">
                  <Table.Td>
                    <Text fz="sm" td="line-through" c="dimmed">
                      {s.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {serviceTypeLabel(s.type)} · Cancelado — valor retido
                    </Text>
                  </Table.Td>
                  <Table.Td />
                  <Table.Td />
                  {seesCosts && <Table.Td />}
                  <Table.Td ta="right" style={NOWRAP}>
                    {money(s.sale_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {sale.notes && (
        <>
          <Divider />
          <DetailField label="Observações">
            <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {sale.notes}
            </Text>
          </DetailField>
        </>
      )}
    </SectionCard>
  );
}

/** To whom, by whom, and for how much. */
export function SaleValuesCard({ info, sale }: { info: SoldInfo; sale: Sale }) {
  const seesCosts = costsShown(sale);
  const money = (cents: number) => <Money cents={cents} currency={sale.currency} />;
  return (
    <SectionCard title="Cliente e valores" testId="sale-values">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 1 }} spacing="sm">
        <DetailField label="Cliente">
          <Anchor component={Link} to={`/clientes-pessoa-interna/${info.client.id}`} data-testid="sale-client">
            {info.client.name}
          </Anchor>
          {info.client.email && (
            <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {info.client.email}
            </Text>
          )}
        </DetailField>
        <DetailField label="Vendedor">
          <OrMissing value={sale.seller_name} />
        </DetailField>
        <DetailField label="Atendimento">
          <Anchor component={Link} to={`/atendimento/${info.attendance_id}`}>
            Ver atendimento
          </Anchor>
        </DetailField>
      </SimpleGrid>
      <Divider />
      <Stack gap={4} component="dl" m={0}>
        {(
          [
            ['Valor da venda', money(sale.sale_cents), 'sale-total'],
            ...(seesCosts
              ? ([
                  ['Custo', money(sale.cost_cents), 'sale-cost'],
                  ['Receita', money(sale.sale_cents - sale.cost_cents), 'sale-revenue'],
                  [`Comissão (${formatBasisPoints(sale.commission_basis_points)})`, money(sale.commission_cents), 'sale-commission'],
                ] as const)
              : []),
          ] as const
        ).map(([label, value, testId]) => (
          <Group key={testId} justify="space-between" gap="xs" wrap="nowrap">
            <Text component="dt" fz="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fz="sm" fw={testId === 'sale-total' ? 700 : 500} data-testid={testId}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
      {sale.currency !== 'BRL' && (
        <Text fz="xs" c="dimmed">
          Valores em {sale.currency}, cotação congelada na venda: {sale.currency_rate.toLocaleString('pt-BR', { maximumFractionDigits: 4 })}
        </Text>
      )}
    </SectionCard>
  );
}

/** The installments, each with its due date. */
export function PaymentPlanCard({ sale }: { sale: Sale }) {
  const money = (cents: number) => <Money cents={cents} currency={sale.currency} />;
  const count = sale.payment_plan.length;
  return (
    <SectionCard title="Plano de pagamento" testId="payment-plan">
      <Text fz="sm">
        {sale.payment_method_name ?? 'Forma de pagamento não informada'}
        {count > 0 && ` · ${count === 1 ? 'à vista' : `${count} parcelas`}`}
      </Text>
      {count === 0 ? (
        <Text fz="sm" c="dimmed">
          Nenhuma parcela registrada.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table striped fz="sm" aria-label="Parcelas">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Parcela</Table.Th>
                <Table.Th>Vencimento</Table.Th>
                <Table.Th ta="right">Valor</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sale.payment_plan.map((item) => (
                <Table.Tr key={item.number} data-testid="payment-plan-item">
                  <Table.Td>
                    {item.number}/{count}
                  </Table.Td>
                  <Table.Td>{shortDate(item.due_date)}</Table.Td>
                  <Table.Td ta="right" style={NOWRAP}>
                    {money(item.amount_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
