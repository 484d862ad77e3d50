import {
  favoriteHotelDeletedOutput,
  favoriteHotelInput,
  favoriteHotelListOutput,
  favoriteHotelOutput,
  idParam,
  listFavoriteHotelsInput,
  updateFavoriteHotelInput,
} from '@app/shared';
import { authedProcedure, router } from '../../trpc';
import * as hotels from './favorite-hotels.service';

const tags = ['Hotéis favoritos'];
const notFound = 'Hotel inexistente ou de outra agência.';
const invalid =
  'Dados inválidos: nem cidade nem local, ou cidade, regime, tipo de quarto ou fornecedor inexistente, de outra agência ou inativo (`errors.city_id`, `errors.diet_ids`, `errors.room_type_ids`, `errors.supplier_id`: não foi encontrado / está inativo).';

export const favoriteHotelsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/favorite-hotels',
        summary: 'Lista os hotéis favoritos',
        description:
          'Hotéis favoritos da agência, por nome, com a miniatura da capa, a cidade e as estrelas. Busca por nome, local ou endereço sem diferenciar acentos nem maiúsculas; filtros por cidade, estrelas e fornecedor; paginado.',
        tags,
      },
    })
    .input(listFavoriteHotelsInput)
    .output(favoriteHotelListOutput)
    .query(({ ctx, input }) => hotels.listFavoriteHotels(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/favorite-hotels/{id}',
        summary: 'Mostra um hotel favorito',
        description: 'O hotel (dentro de `favorite_hotel`) com cidade, fornecedor, regimes, tipos de quarto e fotos em ordem, com a capa.',
        errorResponses: { 404: notFound },
        tags,
      },
    })
    .input(idParam)
    .output(favoriteHotelOutput)
    .query(({ ctx, input }) => hotels.getFavoriteHotel(ctx.db, ctx.companyId, input.id)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/favorite-hotels',
        summary: 'Cadastra um hotel favorito',
        description:
          'Cria o hotel numa cidade da lista de cidades (`city_id`) ou, no exterior, num local escrito (`location`); ao menos um dos dois. Regimes (`diet_ids`) e tipos de quarto (`room_type_ids`) vêm das listas de hospedagem. As fotos são anexadas depois, por `POST /api/media`.',
        errorResponses: { 400: invalid },
        tags,
      },
    })
    .input(favoriteHotelInput)
    .output(favoriteHotelOutput)
    .mutation(({ ctx, input }) => hotels.createFavoriteHotel(ctx.db, ctx.companyId, input)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/favorite-hotels/{id}',
        summary: 'Altera um hotel favorito',
        description:
          'Substitui os dados do hotel pelos enviados: um campo omitido fica vazio e uma lista omitida fica sem itens. As fotos não mudam (veja `/api/media`).',
        errorResponses: { 400: invalid, 404: notFound },
        tags,
      },
    })
    .input(updateFavoriteHotelInput)
    .output(favoriteHotelOutput)
    .mutation(({ ctx, input }) => hotels.updateFavoriteHotel(ctx.db, ctx.companyId, input)),
  delete: authedProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/favorite-hotels/{id}',
        summary: 'Exclui um hotel favorito',
        description: 'Apaga o hotel com suas fotos e os arquivos delas (original e cópias reduzidas). Não pode ser desfeito.',
        errorResponses: { 404: notFound },
        tags,
      },
    })
    .input(idParam)
    .output(favoriteHotelDeletedOutput)
    .mutation(({ ctx, input }) => hotels.deleteFavoriteHotel(ctx, ctx.companyId, input.id)),
});
