import {
  agencyDashboardInput,
  agencyDashboardSchema,
  DASHBOARD_DUE_DAYS,
  DASHBOARD_MAX_DAYS,
  DASHBOARD_MESSAGES,
  DASHBOARD_TOP,
} from '@app/shared';
import { managerProcedure, router } from '../../trpc';
import { agencyDashboard } from './agency-dashboard.service';

export const agencyDashboardRouter = router({
  get: managerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/agency-dashboard',
        summary: 'Painel da agência',
        description: `Os números da agência num período (\`from\`, \`to\`: dias no fuso da agência, até ${DASHBOARD_MAX_DAYS}) e, com \`user_id\`, de um agente: atendimentos abertos (criados no período), ganhos e perdidos (fechados no período) e a conversão (ganhos ÷ ganhos e perdidos, em pontos-base); dos orçamentos enviados no período, quantos o cliente abriu e quantos aceitou; as vendas fechadas no período e não desfeitas na moeda \`currency\` (padrão BRL; nada é convertido): total, receita (venda - custo), margem, comissão e a mediana de dias do primeiro contato à venda; os ${DASHBOARD_TOP} destinos e fornecedores que mais venderam; por semana (começando na segunda), o recebido dos clientes e o pago aos fornecedores; o que vence nos próximos ${DASHBOARD_DUE_DAYS} dias e as parcelas atrasadas. Só o dono e os administradores da agência (403 para os demais); receita, margem, comissão e o que se paga aos fornecedores somem para quem a agência não deixa ver custos e margens.`,
        errorResponses: {
          400: `Dados inválidos; período invertido ("${DASHBOARD_MESSAGES.periodOrder}") ou longo demais ("${DASHBOARD_MESSAGES.periodTooLong}"), em \`errors.to\`.`,
          404: 'Agente (`user_id`) inexistente ou de outra agência.',
        },
        tags: ['Painel da agência'],
      },
    })
    .input(agencyDashboardInput)
    .output(agencyDashboardSchema)
    .query(({ ctx, input }) => agencyDashboard(ctx.db, ctx.companyId, input, ctx.config.AGENCY_DASHBOARD_CACHE_ENTRIES)),
});
