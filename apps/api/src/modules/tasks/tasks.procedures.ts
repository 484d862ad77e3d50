import {
  createTaskInput,
  FOLLOW_UP_MESSAGES,
  FOLLOW_UP_RULE_LABELS,
  followUpSettingsOutput,
  idParam,
  listTasksInput,
  preloadedTasksOutput,
  preloadTasksInput,
  preloadTasksOutput,
  TASK_LIMITS,
  TASK_MESSAGES,
  taskBoardOutput,
  taskDeletedOutput,
  taskSchema,
  updateFollowUpSettingsInput,
  updateTaskInput,
  versionedIdParam,
  z,
} from '@app/shared';
import { authedProcedure, managerProcedure, router } from '../../trpc';
import { getFollowUpSettings, updateFollowUpSettings } from './follow-up-settings.service';
import { listPreloadedTasks, preloadTasks } from './preload.service';
import * as tasks from './tasks.service';

const tags = ['Tarefas'];
const NOT_FOUND = `Tarefa inexistente ou de outra agência ("${TASK_MESSAGES.notFound}").`;
const REFERENCES = `o responsável não é um usuário ativo da agência ("${TASK_MESSAGES.assigneeNotFound}") ou o atendimento é inexistente ou de outra agência ("${TASK_MESSAGES.attendanceNotFound}")`;
const RULES = Object.entries(FOLLOW_UP_RULE_LABELS)
  .map(([rule, label]) => `\`${rule}\` (${label})`)
  .join(', ');

export const tasksRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/tasks',
        summary: 'Quadro de tarefas',
        description: `As tarefas da agência nas quatro colunas do quadro (\`to_do\`, \`doing\`, \`on_hold\`, \`done\`), cada uma na ordem do quadro e com até ${TASK_LIMITS.perColumn} tarefas, e quantas cada coluna tem (\`counts\`). Filtros: busca no título e na descrição (sem diferenciar acentos e maiúsculas), responsável (\`assignee\`: \`me\` ou o id de um usuário), atendimento, prioridade e prazo (\`due\`: vencendo até hoje; \`overdue\`: vencidas antes de hoje; ambos sem as concluídas; "hoje" no horário de Brasília).`,
        tags,
      },
    })
    .input(listTasksInput)
    .output(taskBoardOutput)
    .query(({ ctx, input }) => tasks.listTasks(ctx.db, ctx.companyId, ctx.user.id, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/tasks/{id}',
        summary: 'Mostra uma tarefa',
        description: 'A tarefa com responsável, atendimento, prazo, prioridade, coluna e posição.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(taskSchema)
    .query(({ ctx, input }) => tasks.getTask(ctx.db, ctx.companyId, input.id)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/tasks',
        summary: 'Cria uma tarefa',
        description:
          'Cria a tarefa no fim da coluna escolhida (`to_do`, se nenhuma). Opcionalmente de um atendimento, cujo histórico registra a tarefa criada, e com um responsável, que deve ser um usuário ativo da agência. O histórico da tarefa registra a criação.',
        errorResponses: { 404: `Referência inválida: ${REFERENCES}.` },
        tags,
      },
    })
    .input(createTaskInput)
    .output(taskSchema)
    .mutation(({ ctx, input }) => tasks.createTask(ctx.db, ctx.companyId, ctx.user, input)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/tasks/{id}',
        summary: 'Altera uma tarefa',
        description:
          'Altera os campos enviados. `status` e `position` movem o cartão (arrastar e soltar): a tarefa vai para a posição indicada da coluna (o fim dela, se `position` não vier ou passar do fim) e as demais tarefas da coluna são renumeradas na mesma transação. Ao chegar a `done` guarda `completed_at` (e o histórico do atendimento registra a tarefa concluída); ao sair de `done` o limpa. Cada alteração fica no histórico da tarefa, campo a campo (de -> para).',
        errorResponses: { 404: `${NOT_FOUND} Ou ${REFERENCES}.` },
        tags,
      },
    })
    .input(updateTaskInput)
    .output(taskSchema)
    .mutation(({ ctx, input }) => tasks.updateTask(ctx.db, ctx.companyId, ctx.user, input)),
  advance: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/tasks/advance/{id}',
        summary: 'Avança a tarefa para a próxima coluna',
        description:
          'Move a tarefa para a coluna seguinte (`to_do` -> `doing` -> `on_hold` -> `done`), no fim dela. Uma tarefa já concluída (`done`) fica como está: a resposta é a própria tarefa, sem alteração e sem registro no histórico.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(taskSchema)
    .mutation(({ ctx, input }) => tasks.advanceTask(ctx.db, ctx.companyId, ctx.user, input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/tasks/{id}',
        summary: 'Exclui uma tarefa',
        description: 'Exclui a tarefa. O histórico da tarefa é mantido, com o título e o registro da exclusão.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(versionedIdParam)
    .output(taskDeletedOutput)
    .mutation(({ ctx, input }) => tasks.deleteTask(ctx.db, ctx.companyId, ctx.user, input)),
  preloaded: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/system/preloaded-tasks',
        summary: 'Tarefas pré-carregadas',
        description:
          'O checklist de viagem que a agência pode carregar num atendimento (emitir passagens, confirmar hotel, check-in online...), cada item com a chave, o título, a descrição, a prioridade e o prazo: `offset_days` dias da venda (`sale`), do início (`trip_start`) ou do fim da viagem (`trip_end`).',
        tags,
      },
    })
    .input(z.void())
    .output(preloadedTasksOutput)
    .query(() => listPreloadedTasks()),
  preload: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/tasks/preload',
        summary: 'Carrega tarefas pré-carregadas num atendimento',
        description:
          'Cria as tarefas escolhidas do checklist (`keys`, de `GET /api/system/preloaded-tasks`) no atendimento, no fim da coluna `to_do`, para o responsável indicado (o responsável do atendimento, se não vier; ninguém, se `null`). O prazo conta da data da venda (o fechamento do atendimento ganho; hoje, se ainda não ganho), do início ou do fim da viagem do atendimento; sem a data, a tarefa fica sem prazo. Cada item entra uma vez por atendimento: carregar de novo não repete os que ele já tem, listados em `skipped`.',
        errorResponses: {
          400: `Chave desconhecida em \`keys\` ("${TASK_MESSAGES.unknownPreloaded}: ...").`,
          404: `Atendimento inexistente ou de outra agência ("${TASK_MESSAGES.attendanceNotFound}"), ou responsável que não é usuário ativo da agência ("${TASK_MESSAGES.assigneeNotFound}").`,
        },
        tags,
      },
    })
    .input(preloadTasksInput)
    .output(preloadTasksOutput)
    .mutation(({ ctx, input }) => preloadTasks(ctx.db, ctx.companyId, ctx.user, input)),
  followUpSettings: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/tasks/follow-up-settings',
        summary: 'Regras de acompanhamento automático',
        description: `As regras que criam tarefas sozinhas (prioridade alta, prazo hoje, para o responsável do atendimento, com um e-mail de aviso) e se cada uma está ligada na agência: ${RULES}. Todas vêm ligadas, menos as que escrevem ao cliente, que a agência liga: o lembrete por e-mail da parcela (\`receivable_customer_reminder\`) e o e-mail do orçamento enviado e não aceito (\`budget_customer_reminder\`, só a clientes com consentimento de marketing). As regras contadas em dias (\`receivable_due_soon\`, \`receivable_overdue\`) trazem \`days\`, o N da agência (padrão 3); as demais, null.`,
        tags,
      },
    })
    .input(z.void())
    .output(followUpSettingsOutput)
    .query(({ ctx }) => getFollowUpSettings(ctx.db, ctx.companyId)),
  updateFollowUpSettings: managerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/tasks/follow-up-settings',
        summary: 'Liga e desliga regras de acompanhamento automático',
        description: `Liga ou desliga as regras enviadas (as demais ficam como estão) e, nas regras contadas em dias, muda \`days\` (1 a 30; em outra regra é 400, "${FOLLOW_UP_MESSAGES.noDays}"); responde com todas. Uma regra desligada não cria tarefas novas; as já criadas continuam no quadro.`,
        tags,
      },
    })
    .input(updateFollowUpSettingsInput)
    .output(followUpSettingsOutput)
    .mutation(({ ctx, input }) => updateFollowUpSettings(ctx.db, ctx.companyId, input)),
});
