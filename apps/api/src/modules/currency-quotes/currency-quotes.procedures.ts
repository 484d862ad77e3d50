// currency_quotes_params: GET (the quotes the agency uses), PUT /{id} (a quote typed by hand) and
// PATCH update_quotes (the system's automatic quotes refreshed from the exchange-rate service).
// The spec has no POST: every tracked currency has its row from the agency's creation (company-defaults.ts).
import {
  currencyQuoteListOutput,
  currencyQuoteSchema,
  listCurrencyQuotesInput,
  TRACKED_CURRENCIES,
  updateCurrencyQuoteInput,
  updateQuotesInput,
  updateQuotesOutput,
} from '@app/shared';
import { authedProcedure, managerProcedure, router } from '../../trpc';
import type { Entitlements } from '../access/entitlements';
import type { SessionUser } from '../access/session';
import * as quotes from './currency-quotes.service';
import type { QuoteCaller } from './currency-quotes.where';
import { awesomeApiExchangeRates } from './exchange-rates';

export const CURRENCY_QUOTES_TAG = 'Cotações de moedas';
const tags = [CURRENCY_QUOTES_TAG];

/** The plan's features come from the current subscription (ctx.entitlements), as requireFeature reads them. */
const callerOf = (ctx: { user: SessionUser; entitlements: Entitlements }): QuoteCaller => ({
  userId: ctx.user.id,
  companyId: ctx.user.companyId,
  role: ctx.user.role,
  features: ctx.entitlements.features,
});

export const currencyQuotesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/currency_quotes_params',
        summary: 'Lista as cotações de moedas',
        description: `Quanto vale em reais uma unidade de cada moeda cotada (${TRACKED_CURRENCIES.join(', ')}), na ordem da lista. Com o recurso \`cambio_sistema\` no plano, a agência usa as cotações automáticas do sistema (\`is_system\`, só leitura para a agência; \`automatic: true\`); sem ele, mantém as suas à mão (criadas com a agência, sem valor até serem digitadas). \`editable\` diz se o usuário pode digitar a cotação; \`history_id\` é o registro do histórico do valor atual, o que um orçamento guarda. Busca (\`search\`) pelo código ou pelo nome da moeda, sem distinção de acentos e maiúsculas. Paginado.`,
        tags,
      },
    })
    .input(listCurrencyQuotesInput)
    .output(currencyQuoteListOutput)
    .query(({ ctx, input }) => quotes.listCurrencyQuotes(ctx.db, callerOf(ctx), input)),
  update: managerProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/currency_quotes_params/{id}',
        summary: 'Digita uma cotação',
        description:
          'Cotação manual (`rate`: reais por unidade, até 6 casas decimais), guardada no histórico com o usuário que a digitou. A agência digita as suas cotações; as automáticas do sistema, só super_admin.',
        errorResponses: {
          403: 'Cotação do sistema: só super_admin a altera.',
          404: 'Cotação inexistente ou de outra agência.',
        },
        tags,
      },
    })
    .input(updateCurrencyQuoteInput)
    .output(currencyQuoteSchema)
    .mutation(({ ctx, input }) => quotes.setManualQuote(ctx.db, callerOf(ctx), input)),
  updateQuotes: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/currency_quotes_params/update_quotes',
        summary: 'Atualiza as cotações automáticas',
        description:
          'Busca agora no serviço de câmbio a cotação de todas as moedas e atualiza as cotações automáticas do sistema e o seu histórico (as mesmas para todas as agências com o recurso `cambio_sistema`). Tudo ou nada: se o serviço falha, demora ou responde sem a cotação válida de alguma moeda, nada muda. Uma cotação do serviço mais antiga que a atual (digitada depois por super_admin) não a substitui. Para super_admin e para as agências com o recurso `cambio_sistema`; o sistema também as atualiza sozinho, periodicamente. O serviço é consultado no máximo uma vez a cada poucos minutos para todas as agências juntas: dentro desse intervalo, a resposta traz as cotações da última atualização. Devolve as cotações do sistema.',
        errorResponses: {
          402: 'O plano da agência está restrito, ou não inclui o recurso `cambio_sistema`.',
          502: 'O serviço de câmbio falhou, demorou demais ou respondeu sem uma cotação válida: nada foi alterado.',
        },
        tags,
      },
    })
    .input(updateQuotesInput)
    .output(updateQuotesOutput)
    .mutation(({ ctx }) =>
      quotes.updateQuotes(ctx.db, awesomeApiExchangeRates(ctx.config), callerOf(ctx), ctx.platform.quotesRefreshLimiter),
    ),
});
