import {
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
  updateAttendanceInput,
  updateOwnerInput,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as attendances from './attendances.service';
import { getConsolidated } from './consolidated.service';
import { funnel, funnelBalance, funnelBigNumbers } from './funnel.service';

const tags = ['Atendimentos'];
const funnelTags = ['Funil de vendas'];

export const attendancesRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances', tags, protect: true } })
    .input(listAttendancesInput)
    .output(attendanceListOutput)
    .query(({ ctx, input }) => attendances.listAttendances(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances/{id}', tags, protect: true } })
    .input(idParam)
    .output(attendanceSchema)
    .query(({ ctx, input }) => attendances.getAttendance(ctx.db, ctx.companyId, input.id)),
  deal: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances/deal/{id}', tags, protect: true } })
    .input(idParam)
    .output(dealSchema)
    .query(({ ctx, input }) => attendances.getDeal(ctx.db, ctx.companyId, input.id)),
  create: authedProcedure
    .meta({ openapi: { method: 'POST', path: '/attendances', tags, protect: true } })
    .input(createAttendanceInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) =>
      attendances.createAttendance({ db: ctx.db, storage: ctx.platform.storage }, ctx.companyId, ctx.user, input),
    ),
  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/attendances/{id}', tags, protect: true } })
    .input(updateAttendanceInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) =>
      attendances.updateAttendance({ db: ctx.db, storage: ctx.platform.storage }, ctx.companyId, ctx.user, input),
    ),
  updateOwner: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/attendances/update-owner/{id}', tags, protect: true } })
    .input(updateOwnerInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) =>
      attendances.updateOwner({ db: ctx.db, storage: ctx.platform.storage }, ctx.companyId, ctx.user, input.id, input.owner_user_id),
    ),
  consolidated: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances/consolidated/{id}', tags, protect: true } })
    .input(idParam)
    .output(consolidatedSchema)
    .query(({ ctx, input }) => getConsolidated(ctx.db, ctx.companyId, input.id)),
  won: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/attendances/won/{id}', tags, protect: true } })
    .input(markWonInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.transitionAttendance(ctx.db, ctx.companyId, ctx.user, input.id, 'won', input)),
  lost: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/attendances/lost/{id}', tags, protect: true } })
    .input(markLostInput)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.transitionAttendance(ctx.db, ctx.companyId, ctx.user, input.id, 'lost', input)),
  cancel: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/attendances/cancel/{id}', tags, protect: true } })
    .input(idParam)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.transitionAttendance(ctx.db, ctx.companyId, ctx.user, input.id, 'canceled')),
  reopen: authedProcedure
    .meta({ openapi: { method: 'PUT', path: '/attendances/reopen/{id}', tags, protect: true } })
    .input(idParam)
    .output(attendanceSchema)
    .mutation(({ ctx, input }) => attendances.transitionAttendance(ctx.db, ctx.companyId, ctx.user, input.id, 'reopened')),
  logs: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances/{id}/logs', tags, protect: true } })
    .input(attendanceLogsInput)
    .output(attendanceLogsOutput)
    .query(({ ctx, input }) => attendances.listAttendanceLogs(ctx.db, ctx.companyId, input)),
  funnel: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances/funnel', tags: funnelTags, protect: true } })
    .input(funnelInput)
    .output(funnelOutput)
    .query(({ ctx, input }) => funnel(ctx.db, ctx.companyId, input)),
  bigNumbers: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances/funnel/big-numbers', tags: funnelTags, protect: true } })
    .input(funnelFiltersInput)
    .output(funnelBigNumbersOutput)
    .query(({ ctx, input }) => funnelBigNumbers(ctx.db, ctx.companyId, input)),
  balance: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/attendances/funnel/balance', tags: funnelTags, protect: true } })
    .input(funnelFiltersInput)
    .output(funnelBalanceOutput)
    .query(({ ctx, input }) => funnelBalance(ctx.db, ctx.companyId, input)),
});
