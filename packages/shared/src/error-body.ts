import { z } from './zod';

/** What a stale write's 409 tells about the edit that came first, so the screen can merge (versions.ts). */
export const versionConflictSchema = z
  .object({
    version: z.number().int().meta({ description: 'A versão atual do registro.' }),
    updated_by: z
      .object({ id: z.number().int(), name: z.string() })
      .nullable()
      .meta({ description: 'Quem fez a alteração atual (null se feita pelo sistema).' }),
    updated_at: z.string().meta({ description: 'Quando (ISO 8601).' }),
  })
  .meta({ title: 'VersionConflict', description: 'Só no 409 de uma alteração baseada numa versão antiga: a versão atual, quem e quando.' });
export type VersionConflict = z.infer<typeof versionConflictSchema>;

// Its own module so the web's entry, which reads only the type, never bundles zod for it.
/**
 * The one error body both transports return (REST as the JSON body, tRPC inside error.data).
 * `errors` maps a field path to its messages, first message first. The REST document
 * publishes this schema as `ApiError`.
 */
export const apiErrorBodySchema = z
  .object({
    status: z
      .number()
      .int()
      .meta({ description: 'O status HTTP da resposta.', examples: [404] }),
    code: z.string().meta({
      description: 'Código estável do erro, para programas (por exemplo VALIDATION, UNAUTHORIZED, PLAN_RESTRICTED, NOT_FOUND, CONFLICT).',
      examples: ['NOT_FOUND'],
    }),
    message: z.string().meta({ description: 'Mensagem em pt-BR para mostrar ao usuário.', examples: ['Não encontrado'] }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({
        description:
          'Só em erros de validação: mensagens por campo (caminho com pontos, `base` para a entrada inteira), a primeira primeiro.',
        examples: [{ email: ['Formato do endereço de e-mail inválido'] }],
      }),
    request_id: z
      .string()
      .optional()
      .meta({
        description: 'Identificador da requisição, também no cabeçalho `x-request-id`: informe-o ao suporte.',
        examples: ['9b2f6c1e-0d5a-4f43-9a57-2f1f4b0c8e11'],
      }),
    conflict: versionConflictSchema.optional(),
  })
  .meta({ title: 'ApiError', description: 'Corpo de toda resposta de erro.' });
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
