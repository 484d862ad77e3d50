import { anonymiseOutput, dataSubjectInput, personalDataExportSchema } from '@app/shared';
import { documentCipherOf } from '../../document-numbers';
import { managerProcedure, router } from '../../trpc';
import * as dataSubjects from './data-subjects.service';

const tags = ['Clientes'];

export const dataSubjectsRouter = router({
  export: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/data-subjects/{id}/export',
        summary: 'Exporta os dados do titular (LGPD)',
        description:
          'Tudo o que a agência guarda sobre a pessoa: cadastro, documentos, passageiro em orçamentos, atendimentos, aceites, e-mails enviados e quem da agência abriu o cadastro. Dono e administradores; um POST porque cada pedido fica registrado (o PDF legível: POST /api/data-subjects/{id}/export/pdf, rota à parte).',
        tags,
      },
    })
    .input(dataSubjectInput)
    .output(personalDataExportSchema)
    .mutation(({ ctx, input }) =>
      dataSubjects.exportPersonalData(
        ctx.db,
        documentCipherOf(ctx.config),
        { companyId: ctx.companyId, userId: ctx.user.id, ip: ctx.ip },
        input.id,
      ),
    ),
  anonymise: managerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/data-subjects/{id}/anonymize',
        summary: 'Anonimiza o titular (LGPD)',
        description:
          'Substitui os dados pessoais da pessoa em todos os registros da agência por um pseudônimo, mantendo valores e datas das vendas; os arquivos do cadastro são apagados. Recusado (409) enquanto houver viagem vendida que não terminou. Dono e administradores.',
        tags,
      },
    })
    .input(dataSubjectInput)
    .output(anonymiseOutput)
    .mutation(({ ctx, input }) =>
      dataSubjects.anonymiseClient(
        ctx.db,
        documentCipherOf(ctx.config),
        ctx.platform.jobs,
        { companyId: ctx.companyId, userId: ctx.user.id, ip: ctx.ip },
        input.id,
      ),
    ),
});
