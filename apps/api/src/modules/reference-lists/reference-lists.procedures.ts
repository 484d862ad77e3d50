// The procedures of every reference list, derived from its declaration: GET and POST /api/{list},
// PUT /api/{list}/{id} (tRPC: referenceLists.{list}.list|create|update), and the read-only
// GET /api/system/{list} (tRPC: systemLists.{list}). Their OpenAPI texts come from the labels.
import {
  type ListDeclaration,
  listWords,
  REFERENCE_GROUPS,
  REFERENCE_LIST_KEYS,
  type ReferenceGroup,
  type ReferenceListKey,
  referenceCreateInput,
  referenceItemOutput,
  referenceList,
  referenceListInput,
  referencePageOutput,
  referenceUpdateInput,
  SYSTEM_LIST_KEYS,
  type SystemListDeclaration,
  type SystemListKey,
  searchedLabels,
  systemList,
  systemListInput,
  systemPageOutput,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as service from './reference-lists.service';

const groupTag = (group: ReferenceGroup) => `Parametrização: ${REFERENCE_GROUPS[group].label}`;
const SYSTEM_TAG = 'Listas do sistema';

/** The tags of the lists' REST routes, with their descriptions (rest.ts lists them in the document). */
export const REFERENCE_LIST_TAGS: Record<string, string> = {
  ...Object.fromEntries(
    (Object.keys(REFERENCE_GROUPS) as ReferenceGroup[]).map((group) => [
      groupTag(group),
      `${REFERENCE_GROUPS[group].description} Listas de referência: registros do sistema, comuns a todas as agências, e os da própria agência.`,
    ]),
  ),
  [SYSTEM_TAG]: 'Listas mantidas pelo sistema, só de leitura: moedas, idiomas, documentos e vacinas.',
};

function fieldsText(d: SystemListDeclaration): string {
  const own = Object.entries(d.fields).map(([key, f]) => `\`fields.${key}\` (${f.label})`);
  return [
    `\`name\` (${d.name.label})`,
    ...(d.code ? [`\`code\` (${d.code.label}${d.code.required ? '' : ', opcional'})`] : []),
    ...own,
  ].join(', ');
}

function searchText(d: SystemListDeclaration): string {
  return `Busca (\`search\`) por ${searchedLabels(d)}, sem distinção de acentos e maiúsculas; \`%\` e \`_\` valem como texto.`;
}

function listDescription(d: ListDeclaration): string {
  const w = listWords(d.label);
  return [
    `${w.title} que a agência vê: os do sistema, comuns a todas as agências (\`is_system\`), e os seus, por nome; \`editable\` diz se o usuário pode alterá-lo.`,
    searchText(d),
    d.parent ? `\`parent_id\` filtra os de um registro pai (${d.parent.label}).` : '',
    'Paginado, com os inativos (filtro `is_active`).',
    `Com \`autocomplete=true\`, para campos de escolha: só os ativos, os mais relevantes primeiro (o de código igual ao termo, depois os de nome que começa por ele), com o nome e o código do registro pai${d.parent ? ` (${d.parent.label})` : ''}, sem contagem (\`pagination\` nula).`,
  ]
    .filter(Boolean)
    .join(' ');
}

function listRouter(key: ReferenceListKey) {
  const d = referenceList(key);
  const w = listWords(d.label);
  const tags = [groupTag(d.group)];
  const owner =
    'Quem cria é o dono: o registro é da agência do usuário, ou do sistema (visível a todas as agências) quando quem cria é super_admin.';
  const parentErrors = d.parent ? `, registro pai (\`parent_id\`: ${d.parent.label}) inexistente, de outra agência ou inativo` : '';
  const codeTaken = d.code?.unique ? `, ou código já usado em outro registro do mesmo dono (\`errors.code\`: has already been taken)` : '';
  return router({
    list: authedProcedure
      .meta({ openapi: { method: 'GET', path: `/${key}`, summary: `Lista ${w.the}`, description: listDescription(d), tags } })
      .input(referenceListInput(key))
      .output(referencePageOutput(key))
      .query(({ ctx, input }) => service.listReferenceItems(ctx.db, ctx.user, key, input)),
    create: authedProcedure
      .meta({
        openapi: {
          method: 'POST',
          path: `/${key}`,
          summary: `Cria ${w.anOne}`,
          description: `${owner} Campos: ${fieldsText(d)}${d.parent ? `, \`parent_id\` (${d.parent.label}${d.parent.required ? '' : ', opcional'})` : ''}.`,
          errorResponses: { 400: `Dados inválidos${parentErrors}${codeTaken}.` },
          tags,
        },
      })
      .input(referenceCreateInput(key))
      .output(referenceItemOutput(key))
      .mutation(({ ctx, input }) => service.createReferenceItem(ctx.db, ctx.user, key, input)),
    update: authedProcedure
      .meta({
        openapi: {
          method: 'PUT',
          path: `/${key}/{id}`,
          summary: `Altera ${w.anOne}`,
          description: `Altera os campos enviados (em \`fields\`, um campo nulo é apagado). \`is_active: false\` desativa e \`true\` reativa: nada é apagado, e um inativo some dos campos de escolha mas segue nas listas. A agência altera só os seus registros; os do sistema, só super_admin.`,
          errorResponses: {
            400: `Dados inválidos${parentErrors}${codeTaken}.`,
            403: 'Registro do sistema: só super_admin o altera.',
            404: `${w.titleOne} inexistente ou de outra agência.`,
          },
          tags,
        },
      })
      .input(referenceUpdateInput(key))
      .output(referenceItemOutput(key))
      .mutation(({ ctx, input }) => service.updateReferenceItem(ctx.db, ctx.user, key, input)),
  });
}

/** One sub-router per declared list, all of one type: `referenceLists[list].list(...)`. */
export const referenceListsRouter = router(
  Object.fromEntries(REFERENCE_LIST_KEYS.map((key) => [key, listRouter(key)])) as Record<ReferenceListKey, ReturnType<typeof listRouter>>,
);

function systemListProcedure(key: SystemListKey) {
  const d = systemList(key);
  const w = listWords(d.label);
  return authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: `/system/${key}`,
        summary: `Lista ${w.the}`,
        description: `${w.title}, mantid${d.label.feminine ? 'a' : 'o'}s pelo sistema (só leitura), por nome. ${searchText(d)} Paginado.`,
        tags: [SYSTEM_TAG],
      },
    })
    .input(systemListInput)
    .output(systemPageOutput(key))
    .query(({ ctx, input }) => service.listSystemItems(ctx.db, ctx.companyId, key, input));
}

export const systemListsRouter = router(
  Object.fromEntries(SYSTEM_LIST_KEYS.map((key) => [key, systemListProcedure(key)])) as Record<
    SystemListKey,
    ReturnType<typeof systemListProcedure>
  >,
);
