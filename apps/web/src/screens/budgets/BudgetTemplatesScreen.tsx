// /modelos-de-orcamento: the agency's templates ("Pacote Buenos Aires 7 noites"), searched by name or
// destination; renamed, their services edited (titles, prices, removed) and deleted here. They are made from the budget editor ('Salvar como
// modelo') and used there ('De um modelo') and on a new budget ('Começar de um modelo').
import { BUDGET_TEMPLATE_KIND_LABELS, BUDGET_TEMPLATE_MESSAGES, type BudgetTemplateListItem } from '@app/shared/budget-templates';
import { ActionIcon, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconEdit, IconListDetails, IconTemplate, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormActions } from '../../components/FormActions';
import { FormDialog, useUnsavedChanges } from '../../components/FormDialog';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListPage, ListTable } from '../../components/ListScreen';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { TemplateServicesForm } from './TemplateServicesForm';

const PER_PAGE = 20;
const NOUN: [string, string] = ['modelo', 'modelos'];

function RenameForm({ template, onClose }: { template: BudgetTemplateListItem; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(template.name);
  const close = useUnsavedChanges(name !== template.name);
  const rename = useMutation(
    trpc.budgetTemplates.update.mutationOptions({
      onSuccess: () => {
        toastSuccess('Modelo renomeado.');
        void queryClient.invalidateQueries({ queryKey: trpc.budgetTemplates.list.queryKey() });
        onClose();
      },
    }),
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) rename.mutate({ id: template.id, name: name.trim(), version: template.version });
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Nome do modelo"
          data-autofocus
          required
          minLength={2}
          maxLength={120}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <FormActions onCancel={close} pending={rename.isPending}>
          Salvar
        </FormActions>
      </Stack>
    </form>
  );
}

export default function BudgetTemplatesScreen() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const [renaming, setRenaming] = useState<BudgetTemplateListItem | null>(null);
  const [deleting, setDeleting] = useState<BudgetTemplateListItem | null>(null);
  const [editing, setEditing] = useState<BudgetTemplateListItem | null>(null);

  const list = useQuery(
    trpc.budgetTemplates.list.queryOptions(
      { search: search.applied || undefined, page, per_page: PER_PAGE },
      { placeholderData: keepPreviousData },
    ),
  );
  const templates = list.data?.budget_templates ?? [];
  const remove = useMutation(
    trpc.budgetTemplates.delete.mutationOptions({
      onSuccess: () => {
        toastSuccess('Modelo excluído.');
        void queryClient.invalidateQueries({ queryKey: trpc.budgetTemplates.list.queryKey() });
      },
      onSettled: () => setDeleting(null),
    }),
  );

  return (
    <>
      <ListPage>
        <ListFilterBar search={search} placeholder="Nome ou destino" />
        <ListContent
          query={list}
          isEmpty={templates.length === 0}
          icon={<IconTemplate size={28} aria-hidden />}
          noun={NOUN}
          empty={{
            hint: 'No editor de um orçamento, use “Salvar como modelo” nas ações da proposta.',
            filtered: !!search.applied,
            onClear: () => search.clearFilters([]),
          }}
        >
          <ListTable
            query={list}
            rows={templates}
            rowKey={(t) => t.id}
            rowTestId="template-row"
            minWidth={640}
            label="Modelos de orçamento"
            primary={{ label: 'Nome', title: (t) => t.name, subtitle: (t) => t.destination }}
            columns={[
              { label: 'Tipo', cell: (t) => BUDGET_TEMPLATE_KIND_LABELS[t.kind] },
              { label: 'Duração', nowrap: true, cell: (t) => (t.days === null ? <Text c="dimmed">—</Text> : `${t.days} dias`) },
              {
                label: 'Conteúdo',
                cell: (t) =>
                  `${t.proposals_count === 1 ? '1 proposta' : `${t.proposals_count} propostas`}, ${t.services_count === 1 ? '1 serviço' : `${t.services_count} serviços`}`,
              },
              {
                label: 'Ações',
                actions: true,
                cell: (t) => (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Renomear ${t.name}`} onClick={() => setRenaming(t)}>
                      <IconEdit size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={`Editar serviços de ${t.name}`} onClick={() => setEditing(t)}>
                      <IconListDetails size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${t.name}`} onClick={() => setDeleting(t)}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ),
              },
            ]}
          />
        </ListContent>
        <ListPagination pagination={list.data?.pagination} noun={NOUN} onChange={setPage} />
      </ListPage>

      <FormDialog opened={!!renaming} onClose={() => setRenaming(null)} title={<Text fw={600}>Renomear modelo</Text>} centered>
        {renaming && <RenameForm key={renaming.id} template={renaming} onClose={() => setRenaming(null)} />}
      </FormDialog>
      <FormDialog
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={<Text fw={600}>Serviços do modelo {editing?.name}</Text>}
        size="lg"
        centered
      >
        {editing && <TemplateServicesForm key={editing.id} template={editing} onClose={() => setEditing(null)} />}
      </FormDialog>
      <ConfirmDialog
        opened={!!deleting}
        title="Excluir modelo"
        confirmLabel="Excluir"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id, version: deleting.version })}
      >
        <Text>{deleting && BUDGET_TEMPLATE_MESSAGES.deleteConfirm(deleting.name)}</Text>
      </ConfirmDialog>
    </>
  );
}
