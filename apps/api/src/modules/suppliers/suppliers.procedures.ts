import { createSupplierInput, idParam, listSuppliersInput, supplierListOutput, supplierSchema, updateSupplierInput } from '@app/shared';
import { documentCipherOf } from '../../document-numbers';
import { authedProcedure, router } from '../../trpc';
import * as suppliers from './suppliers.service';

const tags = ['Fornecedores'];
const NOT_FOUND = 'Fornecedor inexistente ou de outra agência.';

export const suppliersRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/suppliers',
        summary: 'Lista os fornecedores',
        description:
          'Fornecedores da agência, por nome, com busca sem distinção de acentos e maiúsculas por nome, nome fantasia, e-mail, CPF ou CNPJ, e filtros de situação, tipo (pessoa física ou jurídica) e tipo de serviço; paginado. Os contatos vêm só no detalhe.',
        tags,
      },
    })
    .input(listSuppliersInput)
    .output(supplierListOutput)
    .query(({ ctx, input }) => suppliers.listSuppliers(ctx.db, ctx.companyId, input)),
  get: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/suppliers/{id}',
        summary: 'Mostra um fornecedor',
        description: 'O fornecedor com tipos de serviço, comissão, endereço, dados bancários, chave Pix e contatos.',
        errorResponses: { 404: NOT_FOUND },
        tags,
      },
    })
    .input(idParam)
    .output(supplierSchema)
    .query(({ ctx, input }) => suppliers.getSupplier(ctx.db, ctx.companyId, input.id)),
  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/suppliers',
        summary: 'Cria um fornecedor',
        description:
          'Cria uma pessoa física (CPF) ou jurídica (CNPJ) que fornece ao menos um tipo de serviço, com comissão em pontos-base (1250 = 12,5%), endereço, dados bancários, chave Pix (com o seu tipo) e contatos.',
        errorResponses: {
          400: 'Dados inválidos, chave Pix que não é do tipo escolhido, ou CPF/CNPJ já usado por outro fornecedor da agência (`errors.cpf` ou `errors.cnpj`: has already been taken).',
        },
        tags,
      },
    })
    .input(createSupplierInput)
    .output(supplierSchema)
    .mutation(({ ctx, input }) => suppliers.createSupplier(ctx.db, ctx.companyId, input, ctx)),
  update: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/suppliers/{id}',
        summary: 'Altera um fornecedor',
        description:
          'Altera os campos enviados. O endereço enviado substitui o atual inteiro, assim como a lista de contatos. `is_active` false desativa o fornecedor e true o reativa. O tipo (pessoa física ou jurídica) não muda.',
        errorResponses: {
          400: 'Dados inválidos, campo que não cabe no tipo do fornecedor, ou CPF/CNPJ já usado por outro fornecedor da agência.',
          404: NOT_FOUND,
        },
        tags,
      },
    })
    .input(updateSupplierInput)
    .output(supplierSchema)
    .mutation(({ ctx, input }) => suppliers.updateSupplier(ctx.db, ctx.companyId, input, ctx)),
  enableClient: authedProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/suppliers/enable-client/{id}',
        summary: 'Habilita o fornecedor como cliente',
        description:
          'O fornecedor passa a ser também cliente da agência, para poder comprar viagens: vincula o cliente da agência com o mesmo CPF/CNPJ ou cria um com nome, documento, e-mail, telefone e o endereço (quando completo) do fornecedor. Repetir a chamada devolve o mesmo cliente em `client_id`.',
        errorResponses: {
          404: NOT_FOUND,
          409: 'O cliente com o CPF/CNPJ do fornecedor já está vinculado a outro fornecedor.',
        },
        tags,
      },
    })
    .input(idParam)
    .output(supplierSchema)
    .mutation(({ ctx, input }) => suppliers.enableSupplierAsClient(ctx.db, documentCipherOf(ctx.config), ctx.companyId, input.id)),
});
