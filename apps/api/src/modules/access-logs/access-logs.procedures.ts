import { accessReportInput, accessReportOutput } from '@app/shared';
import { ownerProcedure, router } from '../../trpc';
import { accessReport } from './access-logs.service';

const tags = ['Relatório de acessos'];

export const accessLogsRouter = router({
  report: ownerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/access-logs/report',
        summary: 'Mostra o relatório de acessos da agência',
        description:
          'O tempo ativo (em segundos), as visitas e o último acesso de cada usuário da agência em cada tela, e os totais de cada dia, entre `start_date` e `end_date` (datas do fuso horário do negócio, ambas incluídas; no máximo 366 dias). Os registros vêm do beacon de acesso (POST /api/access-logs).',
        tags,
      },
    })
    .input(accessReportInput)
    .output(accessReportOutput)
    .query(({ ctx, input }) => accessReport(ctx.db, ctx.companyId, input)),
});
