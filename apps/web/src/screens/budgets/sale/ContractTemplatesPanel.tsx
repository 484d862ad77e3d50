// The financial parameterization's "Modelos de contrato" tab (/financeiro/4): the agency's contract
// templates, the default first; each created or edited in a modal with its live preview.

import type { ContractTemplate } from '@app/shared/contracts';
import { dateTime } from '@app/shared/format';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconFileText } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ListContent, ListTable, NewButton } from '../../../components/ListScreen';
import { useTRPC } from '../../../lib/trpc';
import { ContractTemplateFormModal } from './ContractTemplateFormModal';

export function ContractTemplatesPanel() {
  const trpc = useTRPC();
  const list = useQuery(trpc.contractTemplates.list.queryOptions());
  const [form, setForm] = useState<{ template?: ContractTemplate } | null>(null);
  const items = list.data?.items ?? [];
  return (
    <>
      <Group justify="flex-end" mb="md">
        <NewButton onClick={() => setForm({})}>Novo modelo</NewButton>
      </Group>
      <ListContent
        query={list}
        isEmpty={items.length === 0}
        icon={<IconFileText size={28} aria-hidden />}
        noun={['modelo de contrato', 'modelos de contrato']}
        empty={{ hint: 'Cadastre um em “Novo modelo”.' }}
      >
        <ListTable
          query={list}
          rows={items}
          rowKey={(t) => t.id}
          rowTestId="contract-template-row"
          minWidth={560}
          primary={{
            label: 'Nome',
            title: (t) => t.name,
            badge: (t) =>
              t.is_default && (
                <Badge color="blue" variant="light" size="sm" miw="max-content">
                  Padrão
                </Badge>
              ),
          }}
          columns={[
            {
              label: 'Status',
              w: 110,
              cell: (t) => (
                <Badge color={t.active ? 'green' : 'gray'} variant="light">
                  {t.active ? 'Ativo' : 'Inativo'}
                </Badge>
              ),
            },
            { label: 'Atualizado em', w: 170, cell: (t) => <Text fz="sm">{dateTime(t.updated_at)}</Text> },
            {
              label: 'Ações',
              actions: true,
              w: 60,
              cell: (t) => (
                <Tooltip label="Editar">
                  <ActionIcon variant="subtle" color="gray" aria-label={`Editar ${t.name}`} onClick={() => setForm({ template: t })}>
                    <IconEdit size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              ),
            },
          ]}
        />
      </ListContent>
      <ContractTemplateFormModal opened={!!form} template={form?.template} onClose={() => setForm(null)} />
    </>
  );
}
