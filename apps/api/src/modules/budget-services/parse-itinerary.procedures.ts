import { ITINERARY_LIMITS, ITINERARY_MESSAGES, parseItineraryInput, parseItineraryOutput } from '@app/shared';
import { authedProcedure } from '../../trpc';
import { parseItineraryForAgency } from './parse-itinerary.service';

/** 'Colar reserva' of the air-service form; part of the services router. */
export const parseItinerary = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/services/parse-itinerary',
      summary: 'Lê os trechos de uma reserva colada',
      description:
        'O texto que o agente copia de um GDS (linhas de trecho do Amadeus, do Sabre ou do Galileo) ou do recibo do bilhete eletrônico de uma companhia (LATAM, GOL, Azul, TAP, American, Aerolíneas Argentinas, Copa, em português, espanhol ou inglês) → os trechos de voo, na ordem do texto: companhia e número, classe, aeroportos, datas (o ano que falta deduzido de `today`: uma data deste ano que já passou é do ano que vem), horários, chegada em outro dia (+1, +2), status (HK, KK, TK...), companhia que opera um voo compartilhado e localizador, quando o texto os traz. Companhia e aeroportos vêm também com a linha das listas air_cias_params e air_airport_params que a agência vê com o código (null quando não há). As linhas de que nenhum trecho foi lido voltam em `unread_lines`, como foram coladas: nada é adivinhado. Só lê: nada é gravado, e o serviço só guarda os trechos quando o agente o salva.',
      errorResponses: {
        400: `Texto vazio ("${ITINERARY_MESSAGES.empty}"), maior que ${ITINERARY_LIMITS.chars.toLocaleString('pt-BR')} caracteres ("${ITINERARY_MESSAGES.tooLong}") ou com mais de ${ITINERARY_LIMITS.lines} linhas ("${ITINERARY_MESSAGES.tooManyLines}"), em \`errors.text\`; \`today\` que não é uma data.`,
      },
      tags: ['Serviços'],
    },
  })
  .input(parseItineraryInput)
  .output(parseItineraryOutput)
  .mutation(({ ctx, input }) => parseItineraryForAgency(ctx.db, ctx.companyId, input));
