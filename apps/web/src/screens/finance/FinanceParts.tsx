// What the two finance lists share: who may open them, the period filter, the totals on top and the
// export buttons (CSV, XLSX: the list's filters, every matching row).
import type { EXPORT_FORMATS } from '@app/shared/finance';
import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { DateField } from '../../components/DateField';
import { Money } from '../../components/Money';
import { downloadFile } from '../../lib/download';
import { useCurrentUser, useSeesCosts } from '../../lib/use-session';

type Update = (changes: Record<string, string | undefined>) => void;

/** Owners and administrators; payables also need "quem vê custos e margens" (the API refuses the rest). */
export function useFinanceAccess(costs: boolean): { allowed: boolean; known: boolean } {
  const user = useCurrentUser();
  const seesCosts = useSeesCosts();
  const manager = user?.role === 'owner' || user?.role === 'administrador';
  return { known: !!user, allowed: manager && (!costs || seesCosts) };
}

export function NotAllowed({ costs }: { costs: boolean }) {
  return (
    <Alert icon={<IconLock size={18} aria-hidden />} title="Sem acesso" color="gray" role="status">
      {costs
        ? 'Contas a pagar são custos: só o dono e os administradores que a agência deixa ver custos e margens as veem.'
        : 'Só o dono e os administradores da agência veem o financeiro.'}
    </Alert>
  );
}

/** Due dates from/to, kept in the address (de, ate). */
export function PeriodFilter({ from, to, update }: { from: string | undefined; to: string | undefined; update: Update }) {
  return (
    <>
      <DateField
        label="Vencimento de"
        value={from ?? null}
        onChange={(v) => update({ de: v ?? undefined, page: undefined })}
        w={{ base: '100%', xs: 150 }}
        clearable
      />
      <DateField
        label="até"
        value={to ?? null}
        onChange={(v) => update({ ate: v ?? undefined, page: undefined })}
        w={{ base: '100%', xs: 150 }}
        clearable
      />
    </>
  );
}

export type TotalLine = { currency: string; open_cents: number; overdue_cents: number; done_cents: number };

/** The totals on top, one line per currency (a sale in dollars owes dollars). */
export function Totals({ lines, doneLabel }: { lines: TotalLine[] | undefined; doneLabel: string }) {
  const shown = lines?.length ? lines : [{ currency: 'BRL', open_cents: 0, overdue_cents: 0, done_cents: 0 }];
  const card = (label: string, color: string | undefined, cell: (l: TotalLine) => number) => (
    <Card withBorder radius="md" padding="sm" aria-label={label} role="group">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Stack gap={0}>
        {shown.map((l) => (
          <Text key={l.currency} fw={700} fz="lg" c={color}>
            <Money cents={cell(l)} currency={l.currency} />
          </Text>
        ))}
      </Stack>
    </Card>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md" data-testid="finance-totals">
      {card('Em aberto', undefined, (l) => l.open_cents)}
      {card('Atrasado', 'red.7', (l) => l.overdue_cents)}
      {card(doneLabel, 'teal.7', (l) => l.done_cents)}
    </SimpleGrid>
  );
}

/** CSV and XLSX of the list as filtered. */
export function ExportButtons({ path, query, filename }: { path: string; query: URLSearchParams; filename: string }) {
  const [pending, setPending] = useState<string | null>(null);
  const download = async (format: (typeof EXPORT_FORMATS)[number]) => {
    setPending(format);
    try {
      await downloadFile(`${path}/${format}?${query}`, `${filename}.${format}`);
    } finally {
      setPending(null);
    }
  };
  return (
    <Group gap="xs">
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={pending === format}
          onClick={() => void download(format)}
        >
          Exportar {format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

export function StatusBadge({ label, status }: { label: string; status: string }) {
  const color = status === 'overdue' ? 'red' : status === 'open' ? 'blue' : status === 'canceled' ? 'gray' : 'teal';
  return (
    <Badge color={color} variant="light">
      {label}
    </Badge>
  );
}

/** The API's filters from the address. */
export function filterQuery(filters: Record<string, string | undefined>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  return q;
}
