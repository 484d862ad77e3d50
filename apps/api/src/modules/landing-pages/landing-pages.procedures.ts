import {
  acceptBudgetInput,
  acceptBudgetOutput,
  budgetAcceptedInfoSchema,
  idParam,
  LANDING_PAGE_MESSAGES,
  LANDING_VISIT_WINDOW_MINUTES,
  landingLinkOutput,
  landingPageIdInput,
  landingPageSchema,
} from '@app/shared';
import { authedProcedure, type Context, publicProcedure, router } from '../../trpc';
import { acceptBudget, countsAsView, recordView } from './landing-actions.service';
import { acceptedInfo, reissueLink, revokeLink } from './landing-agency.service';
import { consumeLandingAccept, consumeLandingRead } from './landing-limits';
import { agencyCompanyOf, LANDING_ROBOTS_TAG, openLandingPage } from './landing-page.service';

const tags = ['Página do cliente'];
const NOT_FOUND = 'Orçamento inexistente ou de outra agência.';
const INVALID_LINK = `Link revogado, orçamento em rascunho ou cancelado, ou id que nenhum orçamento tem: "${LANDING_PAGE_MESSAGES.invalidLink}"`;
const TOO_MANY = `Muitas chamadas deste endereço IP em 15 minutos: "${LANDING_PAGE_MESSAGES.tooManyRequests}"`;

/** The customer's pages are never indexed nor followed by search engines. */
const noIndex = (ctx: Pick<Context, 'setHeader'>) => ctx.setHeader('x-robots-tag', LANDING_ROBOTS_TAG);

export const landingPagesRouter = router({
  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/landing-page/{id}',
        summary: 'Página do cliente',
        description: `O orçamento como o cliente da agência o vê, pelo id público do link (um uuid, nunca o id do orçamento): a agência e o seu contato, a capa, o primeiro nome dos passageiros, cada proposta com os serviços ativos (nomes dos aeroportos, companhias, hotéis com fotos, regimes, quartos...), as indicações e, só com \`show_values\`, os valores e as formas de pagamento (com o código Pix copia e cola). Nunca custo, comissão, fornecedor, localizador nem notas internas. Conta visitas, não leituras: uma leitura conta como visita só se o mesmo visitante (o mesmo IP e navegador, guardados como um hash com chave, sem cookie) não tiver visita deste orçamento nos últimos ${LANDING_VISIT_WINDOW_MINUTES} minutos; nunca contam robôs nem a própria agência (token de um usuário dela, que também pode ver o rascunho). Responde com \`X-Robots-Tag: noindex, nofollow\`.`,
        errorResponses: { 404: INVALID_LINK, 429: TOO_MANY },
        tags,
      },
    })
    .input(landingPageIdInput)
    .output(landingPageSchema)
    .query(async ({ ctx, input }) => {
      noIndex(ctx);
      await consumeLandingRead(ctx.platform, ctx.ip);
      const opened = await openLandingPage(ctx.db, input.id, { agencyCompanyId: await agencyCompanyOf(ctx.db, ctx.claims) });
      if (!opened.agencyView && countsAsView(ctx.userAgent))
        await recordView(ctx.db, ctx.config.jwtSecret, opened, { ip: ctx.ip, userAgent: ctx.userAgent });
      return opened.page;
    }),
  accept: publicProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/budgets/accept/{id}',
        summary: 'Aceita uma proposta',
        description:
          'O cliente escolhe uma proposta do orçamento (e, se quiser, a forma de pagamento e as parcelas) e assina com nome e e-mail, pelo id público do link. O orçamento passa a aceito, guardando quem aceitou, quando, o IP e o navegador; o histórico do atendimento registra o aceite e o agente responsável recebe um e-mail. Responde com `X-Robots-Tag: noindex, nofollow`.',
        errorResponses: {
          400: 'Dados inválidos, ou parcelas que a forma de pagamento não oferece (`errors.installments`).',
          404: `${INVALID_LINK}; ou proposta de outro orçamento ("${LANDING_PAGE_MESSAGES.proposalNotFound}"), ou forma de pagamento inexistente ou inativa ("${LANDING_PAGE_MESSAGES.paymentMethodNotFound}").`,
          409: `Orçamento já aceito ("${LANDING_PAGE_MESSAGES.alreadyAccepted}") ou já vendido ("${LANDING_PAGE_MESSAGES.alreadySold}").`,
          429: TOO_MANY,
        },
        tags,
      },
    })
    .input(acceptBudgetInput)
    .output(acceptBudgetOutput)
    .mutation(async ({ ctx, input }) => {
      noIndex(ctx);
      await consumeLandingAccept(ctx.platform, ctx.ip);
      return acceptBudget(ctx.db, ctx.platform.jobs, input, { ip: ctx.ip, userAgent: ctx.userAgent });
    }),
  acceptedInfo: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/budgets/{id}/accepted-info',
        summary: 'Aceite e visitas do orçamento',
        description: `O que o cliente fez com o link: quem aceitou qual proposta, quando, de qual IP e navegador, com a forma de pagamento escolhida; quantas visitas a página teve (uma por visitante a cada ${LANDING_VISIT_WINDOW_MINUTES} minutos), de quantos visitantes diferentes, a última e as 20 últimas; os e-mails enviados do orçamento (os 20 últimos); o link atual e se está ativo.`,
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(budgetAcceptedInfoSchema)
    .query(({ ctx, input }) => acceptedInfo(ctx.db, ctx.companyId, input.id)),
  reissueLink: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/budgets/{id}/landing-page',
        summary: 'Gera um novo link da página do cliente',
        description: 'Troca o id público do link por um novo e o ativa; o link anterior deixa de abrir na hora.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(landingLinkOutput)
    .mutation(({ ctx, input }) => reissueLink(ctx.db, ctx.companyId, input.id)),
  revokeLink: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/budgets/{id}/landing-page',
        summary: 'Revoga o link da página do cliente',
        description:
          'O link deixa de abrir (a página e o PDF dizem que ele não é mais válido); gerar um novo link com POST o reativa com outro id.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(landingLinkOutput)
    .mutation(({ ctx, input }) => revokeLink(ctx.db, ctx.companyId, input.id)),
});
