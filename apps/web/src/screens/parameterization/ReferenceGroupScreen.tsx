// One screen for every parameterization group (/aereo/{id}, /localidade/{id}...): its reference
// lists as tabs, each a searchable, paged table with create/edit in a modal and activate/deactivate,
// all derived from the lists' declarations. A group may add tabs of its own after its lists (the
// financial group's payment methods and currency quotes). The `{id}` of the path is the open tab's
// position in the group, from 1 (/aereo/1 = aeroportos); any other id opens the first tab.

import type { ReferenceItem } from '@app/shared/reference-list-schemas';
import {
  type ListDeclaration,
  listWords,
  REFERENCE_GROUPS,
  REFERENCE_LIST_KEYS,
  REFERENCE_PAGE_SIZE,
  type ReferenceGroup,
  type ReferenceListKey,
  referenceList,
  searchedLabels,
} from '@app/shared/reference-lists';
import { ActionIcon, Badge, Group, Tabs, Text, Tooltip } from '@mantine/core';
import { IconDatabase, IconEdit, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPagination } from '../../components/ListPagination';
import { ListContent, ListFilterBar, ListPage, ListTable, NewButton } from '../../components/ListScreen';
import { toastSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useListParams, useSearchParam } from '../../lib/use-list-params';
import { ReferenceItemFormModal } from './ReferenceItemFormModal';

/** The group's lists in their declared order: tab 1 is the first. */
const listsOf = (group: ReferenceGroup) => REFERENCE_LIST_KEYS.filter((key) => referenceList(key).group === group);

/** The declared fields a table shows (long descriptions stay in the form). */
const tableFields = (d: ListDeclaration) => Object.entries(d.fields).filter(([, f]) => !(f.kind === 'text' && f.multiline));

function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'green' : 'gray'} variant="light">
      {active ? 'Ativo' : 'Inativo'}
    </Badge>
  );
}

function ListPanel({ listKey }: { listKey: ReferenceListKey }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const d = referenceList(listKey);
  const words = listWords(d.label);
  const noun: [string, string] = [d.label.one, d.label.many];
  const { page, update, setPage } = useListParams();
  const search = useSearchParam('busca', update);
  const [form, setForm] = useState<{ item?: ReferenceItem } | null>(null);
  const [toggling, setToggling] = useState<ReferenceItem | null>(null);
  const procedures = trpc.referenceLists[listKey];
  const ending = d.label.feminine ? 'a' : 'o';
  const newLabel = `${d.label.feminine ? 'Nova' : 'Novo'} ${d.label.one}`;

  const list = useQuery(
    procedures.list.queryOptions(
      { search: search.applied || undefined, page, per_page: REFERENCE_PAGE_SIZE },
      { placeholderData: keepPreviousData },
    ),
  );
  const items = list.data?.items ?? [];
  const fields = tableFields(d);

  const toggle = useMutation(
    procedures.update.mutationOptions({
      onSuccess: (saved) => {
        void queryClient.invalidateQueries({ queryKey: procedures.pathKey() });
        toastSuccess(`${words.titleOne} ${saved.is_active ? 'ativad' : 'desativad'}${ending}.`);
        setToggling(null);
      },
    }),
  );

  return (
    <>
      <Group justify="flex-end" mb="md">
        <NewButton onClick={() => setForm({})}>{newLabel}</NewButton>
      </Group>
      <ListFilterBar search={search} placeholder={`Buscar por ${searchedLabels(d)}`}>
        {null}
      </ListFilterBar>
      <ListContent
        query={list}
        isEmpty={items.length === 0}
        icon={<IconDatabase size={28} aria-hidden />}
        noun={noun}
        feminine={d.label.feminine}
        empty={{ hint: `Cadastre ${words.anOne} em “${newLabel}”.`, filtered: !!search.applied, onClear: () => search.clearFilters([]) }}
      >
        <ListTable
          query={list}
          rows={items}
          rowKey={(item) => item.id}
          rowTestId="reference-row"
          minWidth={560 + 120 * fields.length}
          primary={{
            label: d.name.label,
            title: (item) => item.name,
            badge: (item) =>
              item.is_system && (
                <Badge size="xs" variant="outline" color="gray">
                  Sistema
                </Badge>
              ),
          }}
          columns={[
            d.code && { label: d.code.label, cell: (item) => item.code ?? '—' },
            ...fields.map(([key, f]) => ({ label: f.label, cell: (item: ReferenceItem) => item.fields[key] ?? '—' })),
            d.parent && { label: d.parent.label, cell: (item) => (item.parent ? item.parent.name : '—') },
            { label: 'Status', cell: (item) => <StatusBadge active={item.is_active} /> },
            {
              label: 'Ações',
              actions: true,
              w: 96,
              cell: (item) =>
                item.editable && (
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Editar">
                      <ActionIcon variant="subtle" color="gray" aria-label={`Editar ${item.name}`} onClick={() => setForm({ item })}>
                        <IconEdit size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={item.is_active ? 'Desativar' : 'Ativar'}>
                      <ActionIcon
                        variant="subtle"
                        color={item.is_active ? 'red' : 'green'}
                        aria-label={`${item.is_active ? 'Desativar' : 'Ativar'} ${item.name}`}
                        onClick={() => setToggling(item)}
                      >
                        {item.is_active ? <IconPlayerStop size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                ),
            },
          ]}
        />
      </ListContent>
      <ListPagination pagination={list.data?.pagination ?? undefined} noun={noun} onChange={setPage} />

      <ReferenceItemFormModal listKey={listKey} opened={!!form} item={form?.item} onClose={() => setForm(null)} />
      <ConfirmDialog
        opened={!!toggling}
        title={toggling?.is_active ? `Desativar ${d.label.one}` : `Ativar ${d.label.one}`}
        confirmLabel={toggling?.is_active ? 'Desativar' : 'Ativar'}
        color={toggling?.is_active ? 'red' : 'green'}
        loading={toggle.isPending}
        onConfirm={() => toggling && toggle.mutate({ id: toggling.id, is_active: !toggling.is_active })}
        onClose={() => setToggling(null)}
      >
        <Text fz="sm">
          {toggling?.is_active
            ? `“${toggling.name}” deixa de aparecer nos campos de escolha; continua nesta lista e pode ser ativad${ending} de novo.`
            : `“${toggling?.name}” volta a aparecer nos campos de escolha.`}
        </Text>
      </ConfirmDialog>
    </>
  );
}

/** A tab of a group that is not a reference list: its label and what it shows. */
export type GroupTab = { key: string; label: string; panel: () => ReactNode };

type Props = {
  group: ReferenceGroup;
  /** Tabs after the group's lists, in this order (their positions follow the lists'). */
  extraTabs?: readonly GroupTab[];
  /** What the group holds, when its tabs are more than its lists. */
  description?: string;
};

export function ReferenceGroupScreen({ group, extraTabs = [], description }: Props) {
  const { id } = useParams();
  const navigate = useNavigate();
  const tabs: GroupTab[] = [
    ...listsOf(group).map((key) => ({
      key,
      label: listWords(referenceList(key).label).title,
      panel: () => <ListPanel listKey={key} />,
    })),
    ...extraTabs,
  ];
  const position = Number(id);
  if (!Number.isInteger(position) || position < 1 || position > tabs.length) return <Navigate to={`/${group}/1`} replace />;
  const tab = tabs[position - 1] as GroupTab;

  return (
    <ListPage>
      <Text fz="sm" c="dimmed" mb="sm">
        {description ?? REFERENCE_GROUPS[group].description}
      </Text>
      <Tabs value={String(position)} onChange={(next) => next && void navigate(`/${group}/${next}`)} keepMounted={false} mb="md">
        <Tabs.List>
          {tabs.map((t, index) => (
            <Tabs.Tab key={t.key} value={String(index + 1)}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {/* A new tab's panel starts afresh (its own filters, page and dialogs). */}
      <Fragment key={tab.key}>{tab.panel()}</Fragment>
    </ListPage>
  );
}
