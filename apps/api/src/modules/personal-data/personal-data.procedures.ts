import { personalDataReportInput, personalDataReportOutput, personalDataRetentionInput, personalDataRetentionOutput } from '@app/shared';
import { ownerProcedure, router } from '../../trpc';
import { personalDataReport, setPersonalDataRetention } from './personal-data.service';

const tags = ['Relatório de acessos'];

export const personalDataRouter = router({
  report: ownerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/personal-data/report',
        summary: 'Mostra quem leu ou exportou dados pessoais',
        description:
          'A aba "Dados pessoais" do relatório de acessos: cada documento exibido por completo, exportação de dados de titular, da agência ou de lista e importação de pessoas entre `start_date` e `end_date` (datas do fuso horário do negócio), com usuário, registro, quando e de qual endereço; e por quantos dias a agência guarda esses registros.',
        tags,
      },
    })
    .input(personalDataReportInput)
    .output(personalDataReportOutput)
    .query(({ ctx, input }) => personalDataReport(ctx.db, ctx.companyId, input)),
  setRetention: ownerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/personal-data/retention',
        summary: 'Define por quanto tempo os registros de dados pessoais são guardados',
        description: 'Em dias (30 a 3650; 365 por padrão). A limpeza diária apaga os registros mais antigos que isso.',
        tags,
      },
    })
    .input(personalDataRetentionInput)
    .output(personalDataRetentionOutput)
    .mutation(({ ctx, input }) => setPersonalDataRetention(ctx.db, ctx.companyId, input.retention_days)),
});
