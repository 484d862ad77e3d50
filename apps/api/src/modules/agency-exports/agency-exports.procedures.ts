import { agencyExportSchema, agencyExportsOutput } from '@app/shared';
import { z } from 'zod';
import { ownerProcedure, router } from '../../trpc';
import * as exports from './agency-exports.service';

const tags = ['Empresas'];

export const agencyExportsRouter = router({
  list: ownerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/companies/exports',
        summary: 'Exportações dos dados da agência',
        description: 'As 10 exportações mais recentes, com o andamento da que estiver em curso. Só o dono.',
        tags,
      },
    })
    .input(z.object({}).strict().optional())
    .output(agencyExportsOutput)
    .query(({ ctx }) => exports.listAgencyExports(ctx.db, ctx.companyId)),
  start: ownerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/companies/exports',
        summary: 'Exporta todos os dados da agência',
        description:
          'Um zip com cada tabela da agência em CSV e os arquivos guardados, feito em segundo plano (acompanhe em GET /companies/exports; baixe em /api/companies/exports/{id}/download). Uma por vez (409). Só o dono.',
        tags,
      },
    })
    .input(z.object({}).strict())
    .output(agencyExportSchema)
    .mutation(({ ctx }) =>
      exports.startAgencyExport({ db: ctx.db, jobs: ctx.platform.jobs }, { companyId: ctx.companyId, userId: ctx.user.id, ip: ctx.ip }),
    ),
});
