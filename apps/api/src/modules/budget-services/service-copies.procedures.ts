// Copying a service from an earlier budget of the agency (/api/service-copies).
import { copyServiceInput, listServiceCopySourcesInput, listServiceCopySourcesOutput, serviceSchema } from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as copies from './service-copies.service';
import { callerOf } from './services.procedures';

const tags = ['Serviços'];

export const serviceCopiesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/service-copies',
        summary: 'Lista serviços para copiar',
        description:
          'Os serviços ativos dos orçamentos da agência, do mais novo ao mais antigo, com o orçamento de cada um. Busca cada palavra no título do serviço ou no título e destino do orçamento, sem diferenciar acentos nem maiúsculas; `exclude_budget_id` deixa de fora os de um orçamento; paginado.',
        tags,
      },
    })
    .input(listServiceCopySourcesInput)
    .output(listServiceCopySourcesOutput)
    .query(({ ctx, input }) => copies.listServiceCopySources(ctx.db, ctx.companyId, input)),
  copy: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/service-copies',
        summary: 'Copia um serviço para uma proposta',
        description:
          'Cria no fim da proposta `proposal_id` uma cópia do serviço `service_id` (de qualquer orçamento da agência), com preços, passageiros e detalhes; as datas andam tantos dias quanto o início da viagem do orçamento de destino dista do de origem (ficam como estão se um deles não tem data de início). O câmbio é o do orçamento de destino ou o do dia, e fornecedor e itens de lista passam pelas mesmas verificações de POST /api/services.',
        errorResponses: {
          400: 'Serviço ou proposta inexistente ou de outra agência (`errors.service_id`, `errors.proposal_id`: não foi encontrado), serviço cancelado, ou o mesmo que POST /api/services recusaria (fornecedor inativo, moeda sem câmbio, limites do orçamento). Nada é gravado.',
          409: 'Orçamento de destino vendido.',
        },
        tags,
      },
    })
    .input(copyServiceInput)
    .output(serviceSchema)
    .mutation(({ ctx, input }) => copies.copyService(ctx.db, callerOf(ctx), input)),
});
