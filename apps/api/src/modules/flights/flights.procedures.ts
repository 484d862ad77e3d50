import { flightLookupInput, flightLookupOutput } from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import { lookupFlight } from './flights.service';

export const flightsRouter = router({
  lookup: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/flight/flight_number',
        summary: 'Consulta um voo pelo número',
        description:
          'Companhia aérea (código IATA), número do voo e data local da partida → companhia, aeroportos de origem e destino (e escalas), ' +
          'horários previstos na hora local com o deslocamento UTC, terminal e portão quando conhecidos, aeronave e duração, ' +
          'no serviço de dados de voos configurado no servidor. Aeroportos e companhia vêm com o `id` das listas air_airport_params e ' +
          'air_cias_params quando a agência os vê nelas (pelo código IATA), senão com `id` null e o código e o nome do serviço. ' +
          'Só consulta: nada é gravado. Em qualquer erro, o formulário deixa preencher o voo à mão.',
        errorResponses: {
          400: 'Entrada inválida: `errors` por campo (companhia, número do voo ou data), inclusive um código na frente do número que não é o da companhia.',
          404: 'O serviço de voos não conhece esse voo nessa data.',
          502: 'O serviço de voos falhou, demorou demais ou respondeu algo inválido (a mensagem diz qual): tente de novo ou preencha à mão.',
          503: 'A consulta de voos não está configurada neste servidor (FLIGHT_API_URL e FLIGHT_API_KEY).',
        },
        tags: ['Voos'],
      },
    })
    .input(flightLookupInput)
    .output(flightLookupOutput)
    .mutation(({ ctx, input }) => lookupFlight(ctx, ctx.companyId, input)),
});
