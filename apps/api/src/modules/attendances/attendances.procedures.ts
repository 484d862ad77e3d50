import {
  type AttendanceTransition,
  attendanceListOutput,
  attendanceLogsInput,
  attendanceLogsOutput,
  attendanceSchema,
  consolidatedSchema,
  createAttendanceInput,
  dealSchema,
  funnelBalanceOutput,
  funnelBigNumbersOutput,
  funnelFiltersInput,
  funnelInput,
  funnelOutput,
  idParam,
  listAttendancesInput,
  markLostInput,
  markWonInput,
  moveAttendanceInput,
  updateAttendanceInput,
  updateOwnerInput,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as attendances from './attendances.service';
import { getConsolidated } from './consolidated.service';
import { funnel, funnelBalance, funnelBigNumbers } from './funnel.service';

const tags = ['Atendimentos'];
const funnelTags = ['Funil de vendas'];

/** A funnel move (PUT /attendances/<path>/{id}); 409 when the attendance's status does not allow it. */
function transitionProcedure(
  transition: AttendanceTransition,
  input: typeof markWonInput | typeof markLostInput | typeof moveAttendanceInput,
  doc: { path: string; summary: string; description: string; conflict: string },
) {
  return authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: `/attendances/${doc.path}/{id}`,
        summary: doc.summary,
        description: doc.description,
        errorResponses: { 404: 'Atendimento inexistente ou de outra agência.', 409: doc.conflict },
        tags,
      },
    })
    .input(input)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.transitionAttendance(ctx, ctx.companyId, ctx.user, transition, input));
}

export const attendancesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances',
        summary: 'Lista os atendimentos',
        description:
          'Atendimentos da agência, mais recentes primeiro, com filtros de situação (inclusive `expired`: em aberto e com a viagem já iniciada), responsável, cliente, período de início da viagem e busca por título, destino ou cliente; paginado (6 por página, por padrão).',
        tags,
      },
    })
    .input(listAttendancesInput)
    .output(attendanceListOutput)
    .query(({ ctx, input }) => attendances.listAttendances(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances/{id}',
        summary: 'Mostra um atendimento',
        description: 'O atendimento com cliente, responsável, dados da viagem, valores e situação.',
        errorResponses: { 404: 'Atendimento inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(attendanceSchema)
    .query(({ ctx, input }) => attendances.getAttendance(ctx.db, ctx.companyId, input.id)),
  deal: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances/deal/{id}',
        summary: 'Mostra o atendimento como negócio do funil',
        description:
          'O cartão do funil do atendimento, com o grupo em que está, cliente, responsável, faixa de orçamento, motivo da perda e datas.',
        errorResponses: { 404: 'Atendimento inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(dealSchema)
    .query(({ ctx, input }) => attendances.getDeal(ctx.db, ctx.companyId, input.id)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/attendances',
        summary: 'Cria um atendimento',
        description:
          'Abre um atendimento (situação `open`) para um cliente ativo da agência. Sem `owner_user_id`, o responsável é o usuário conectado. A criação entra no histórico.',
        errorResponses: {
          400: 'Dados inválidos, ou cliente, responsável ou imagem de capa inexistente, inativo ou de outra agência (erro no campo).',
        },
        tags,
      },
    })
    .input(createAttendanceInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.createAttendance(ctx, ctx.companyId, ctx.user, input)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/attendances/{id}',
        summary: 'Altera um atendimento',
        description:
          'Altera os campos enviados, menos a situação e o responsável, que têm rotas próprias. As mudanças entram no histórico.',
        errorResponses: {
          400: 'Dados inválidos, datas ou faixa de orçamento invertidas, ou cliente ou imagem de capa inexistente, inativo ou de outra agência.',
          404: 'Atendimento inexistente ou de outra agência.',
        },
        tags,
      },
    })
    .input(updateAttendanceInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.updateAttendance(ctx, ctx.companyId, ctx.user, input)),
  updateOwner: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/attendances/update-owner/{id}',
        summary: 'Troca o responsável do atendimento',
        description: 'Passa o atendimento para outro usuário ativo da agência; a troca entra no histórico.',
        errorResponses: {
          400: 'Responsável inexistente, inativo ou de outra agência (`errors.owner_user_id`).',
          404: 'Atendimento inexistente ou de outra agência.',
        },
        tags,
      },
    })
    .input(updateOwnerInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.updateOwner(ctx, ctx.companyId, ctx.user, input)),
  consolidated: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances/consolidated/{id}',
        summary: 'Mostra o consolidado do atendimento',
        description:
          'O resumo de fechamento da viagem: dados da viagem, valor, observações e o documento consolidado, que é enviado pela rota multipart `PATCH /api/attendances/consolidated/{id}`.',
        errorResponses: { 404: 'Atendimento inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(idParam)
    .output(consolidatedSchema)
    .query(({ ctx, input }) => getConsolidated(ctx.db, ctx.companyId, input.id)),
  won: transitionProcedure('won', markWonInput, {
    path: 'won',
    summary: 'Marca o atendimento como ganho',
    description: 'Fecha um atendimento em aberto como venda, com o valor final opcional; a mudança entra no histórico.',
    conflict: 'O atendimento não está em aberto.',
  }),
  lost: transitionProcedure('lost', markLostInput, {
    path: 'lost',
    summary: 'Marca o atendimento como perdido',
    description: 'Fecha um atendimento em aberto como perdido, com o motivo opcional; a mudança entra no histórico.',
    conflict: 'O atendimento não está em aberto.',
  }),
  cancel: transitionProcedure('canceled', moveAttendanceInput, {
    path: 'cancel',
    summary: 'Cancela a venda do atendimento',
    description: 'Cancela um atendimento ganho (a venda foi desfeita), mantendo a data de fechamento; a mudança entra no histórico.',
    conflict: 'O atendimento não está ganho.',
  }),
  reopen: transitionProcedure('reopened', moveAttendanceInput, {
    path: 'reopen',
    summary: 'Reabre um atendimento',
    description:
      'Volta para em aberto um atendimento ganho, perdido ou cancelado, limpando o motivo da perda; a mudança entra no histórico.',
    conflict: 'O atendimento já está em aberto.',
  }),
  logs: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances/{id}/logs',
        summary: 'Lista o histórico do atendimento',
        description: 'As alterações do atendimento, mais recentes primeiro: ação, campos alterados (de e para), quem e quando; paginado.',
        errorResponses: { 404: 'Atendimento inexistente ou de outra agência.' },
        tags,
      },
    })
    .input(attendanceLogsInput)
    .output(attendanceLogsOutput)
    .query(({ ctx, input }) => attendances.listAttendanceLogs(ctx.db, ctx.companyId, input)),
  funnel: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances/funnel',
        summary: 'Mostra o funil de vendas',
        description:
          'Os cartões do funil por grupo: em aberto (`negotiations`), ganhos e cancelados (`sales`) e perdidos (`losses`). Cada sublista traz a sua página de cartões, o total e o valor, com os filtros da lista de atendimentos. Com `group`, só aquele grupo, na página pedida (cada coluna carrega as suas páginas).',
        tags: funnelTags,
      },
    })
    .input(funnelInput)
    .output(funnelOutput)
    .query(({ ctx, input }) => funnel(ctx.db, ctx.companyId, input)),
  bigNumbers: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances/funnel/big-numbers',
        summary: 'Mostra os números do mês do funil',
        description:
          'Por grupo, a contagem deste mês e do mês passado: atendimentos abertos, ganhos e perdidos em cada mês (no fuso horário do negócio), com os filtros da lista.',
        tags: funnelTags,
      },
    })
    .input(funnelFiltersInput)
    .output(funnelBigNumbersOutput)
    .query(({ ctx, input }) => funnelBigNumbers(ctx.db, ctx.companyId, input)),
  balance: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/attendances/funnel/balance',
        summary: 'Mostra o balanço do funil',
        description:
          'Por grupo: total de atendimentos, ativos, expirados (viagem já iniciada), valor total e valor ativo, com os filtros da lista.',
        tags: funnelTags,
      },
    })
    .input(funnelFiltersInput)
    .output(funnelBalanceOutput)
    .query(({ ctx, input }) => funnelBalance(ctx.db, ctx.companyId, input)),
});
