import { apiErrorBodySchema, restrictionMessage, SUPPORT_EMAIL, statusMessage, versionFromIfMatch, z } from '@app/shared';
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { generateOpenApiDocument, OpenApiMeta } from 'trpc-to-openapi';
import type { Deps } from './deps';
import { toApiErrorBody } from './error-body';
import { AppError } from './errors';
import { REFERENCE_LIST_TAGS } from './modules/reference-lists/reference-lists.procedures';
import { type Access, createCallerFactory, createContext, type ProcedureMeta, router } from './trpc';
import { staleVersion } from './versions';

export const API_PREFIX = '/api';

type RestProcedure = {
  path: string;
  method: string;
  url: string;
  openapi: NonNullable<OpenApiMeta['openapi']>;
  /** The builder's meta: access level, plan feature, reachable while restricted. */
  meta: ProcedureMeta;
  /** The input is an object: a request without query or body still sends `{}` (defaults apply). */
  objectInput: boolean;
  /** The input takes `version` (versions.ts): `If-Match` may state it instead. */
  versioned: boolean;
};

/** Every procedure that declares `meta.openapi`, with its Fastify URL (`{id}` -> `:id`). */
export function restProcedures(appRouter: AnyRouter): RestProcedure[] {
  const procedures = appRouter._def.procedures as Record<string, AnyProcedure>;
  return Object.entries(procedures).flatMap(([path, proc]) => {
    const meta = (proc._def.meta ?? {}) as ProcedureMeta;
    const openapi = meta.openapi;
    if (!openapi || openapi.enabled === false) return [];
    const input = (proc._def as { inputs?: { _zod?: { def?: { type?: string; shape?: Record<string, unknown> } } }[] }).inputs?.[0];
    const objectInput = input?._zod?.def?.type === 'object';
    const versioned = objectInput && input?._zod?.def?.shape?.version !== undefined;
    const url = API_PREFIX + openapi.path.replace(/\{(\w+)\}/g, ':$1');
    return [{ path, method: openapi.method, url, openapi, meta, objectInput, versioned }];
  });
}

/**
 * Serves each procedure at its documented REST route as a real Fastify route (so it shows in
 * the route table, body limits and hooks apply), calling the very same procedure as /trpc.
 * Input is the query (GET/DELETE) or JSON body, plus the path parameters.
 */
export function registerRestRoutes(app: FastifyInstance, appRouter: AnyRouter, deps: Deps) {
  const createCaller = createCallerFactory(appRouter);
  for (const route of restProcedures(appRouter)) {
    const segments = route.path.split('.');
    app.route({
      method: route.method,
      url: route.url,
      handler: async (req, reply) => {
        const params = req.params as Record<string, string>;
        try {
          const source = sentBody(req) ?? req.query;
          const hasInput = Object.keys(params).length > 0 || (source && Object.keys(source).length > 0);
          const input =
            hasInput || route.objectInput
              ? { ...(source as object), ...params, ...(route.versioned ? ifMatchVersion(req) : {}) }
              : undefined;
          let fn: unknown = createCaller(createContext(deps, req, reply));
          for (const s of segments) fn = (fn as Record<string, unknown>)[s];
          const data = await (fn as (i: unknown) => Promise<unknown>)(input);
          return reply.code(200).send(data ?? null);
        } catch (error) {
          const body = toApiErrorBody(error, req.id);
          if (body.status >= 500) req.log.error({ err: error }, 'procedure failed');
          return reply.code(body.status).send(body);
        }
      },
    });
  }
}

/**
 * `If-Match: "<n>"` states the version a write was based on, like the `version` field (which wins
 * when both are sent). `*` (any version) checks nothing; anything else is handed to the input's
 * schema, which refuses it.
 */
function ifMatchVersion(req: FastifyRequest): { version?: unknown } {
  const header = req.headers['if-match'];
  if (header === undefined || header === '*' || (req.body as { version?: unknown } | undefined)?.version !== undefined) return {};
  return { version: versionFromIfMatch(header) ?? header };
}

/** The tags of the REST document, in the order Swagger UI lists them. */
const TAGS: Record<string, string> = {
  Autenticação: 'Login, recuperação e troca de senha, e a resposta de quem foi convidado para a equipe de uma agência.',
  Perfil: 'O usuário conectado: seus dados, a situação do plano da agência e os recursos liberados.',
  Usuários: 'A equipe da agência: convite por e-mail, edição, desativação e reativação.',
  Empresas: 'A agência do usuário conectado e os seus usuários.',
  Clientes: 'Os clientes da agência (pessoas e empresas), com contatos, endereços, documentos e anexos.',
  CEP: 'Endereço a partir do CEP, para preencher formulários.',
  Voos: 'Dados de um voo (aeroportos, horários, aeronave) pelo número, no serviço de dados de voos, para preencher o serviço aéreo.',
  Fornecedores: 'Os fornecedores da agência: tipos de serviço, comissão, dados bancários, Pix, contatos e habilitação como cliente.',
  Importações:
    'Importação de clientes (pessoas e empresas) e fornecedores de planilhas CSV ou XLSX: o envio do arquivo é `PUT /api/uploads/clients`, `/organizations` ou `/suppliers` (multipart, campo `file`), rota à parte; depois o mapeamento das colunas com a prévia das linhas, o início da importação (em segundo plano, com progresso) e, também à parte, o CSV das linhas recusadas (`GET /api/imports/{id}/rejects.csv`) e o modelo de planilha (`GET /api/imports/template/{kind}`).',
  Notificações:
    'O sino do usuário: o cliente abriu ou aceitou um orçamento, um colega atribuiu uma tarefa, uma reserva foi confirmada, uma importação terminou, um pagamento de uma venda atrasou; lidas e não lidas, e o que também vai por e-mail.',
  Atendimentos: 'Atendimentos (as negociações de viagem com um cliente), suas mudanças de situação e o histórico de alterações.',
  Integrações:
    'A integração com o Pipedrive (recurso `pipedrive_deals` do plano): o proprietário conecta a agência com o token de API e mapeia o funil e os agentes; os atendimentos viram negócios e as mudanças feitas no Pipedrive voltam por webhook (`POST /api/webhooks/pipedrive/{caminho secreto}`, rota à parte).',
  'NFS-e':
    'A nota fiscal de serviço da agência (recurso `nfse` do plano): os dados fiscais do proprietário com o certificado A1 guardado criptografado, e a emissão da NFS-e de uma venda pelo emissor nacional (a DPS assinada, em segundo plano, uma nota por venda); o DANFSe em PDF é `GET /api/nfse/{id}/danfse`, rota à parte.',
  'Funil de vendas': 'O funil de vendas: atendimentos em aberto, ganhos e perdidos, com os números do mês e o balanço.',
  'Planos e pagamentos': 'A assinatura da agência: plano atual, recursos, planos disponíveis, pagamento e cancelamento.',
  'Formas de pagamento':
    'As formas como a agência recebe (Pix, boleto, cartão de crédito com parcelas e juros, transferência, dinheiro, faturado), que os orçamentos oferecem.',
  'Cotações de moedas':
    'Quanto vale em reais cada moeda estrangeira: as cotações automáticas do sistema (recurso `cambio_sistema`) ou as da agência, digitadas à mão, com o histórico de valores.',
  'Modelos de orçamento':
    'Pacotes da agência: propostas ou orçamentos inteiros salvos com serviços e preços, as datas contadas do início da viagem, para começar um orçamento ou uma proposta.',
  'Hotéis favoritos': 'Os hotéis que a agência costuma vender, com cidade, estrelas, regimes, tipos de quarto, fornecedor e fotos.',
  Fotos: 'As fotos de um hotel favorito: anexar uma imagem enviada (gera as cópias reduzidas), legenda, ordem, capa e exclusão.',
  Orçamentos:
    'Os orçamentos da agência: criados de um atendimento, com passageiros, propostas de serviços precificados e totalizados na moeda do orçamento, formas de pagamento por passageiro, duplicação e comentários da tabela de valores.',
  Propostas: 'As alternativas de um orçamento: criação, ordem, duplicação com os serviços e exclusão.',
  Serviços:
    'Os serviços de uma proposta (aéreo, hospedagem, cruzeiro, locação, transfer, seguro, passeio, outros), com os campos de cada tipo, valores na moeda do serviço e a cotação usada; os tipos de serviço com os padrões da agência; o cancelamento com reembolso e multa.',
  Indicações: 'As dicas do agente sobre o destino de um orçamento: restaurantes, passeios, documentos.',
  Vouchers:
    'Os vouchers de um orçamento vendido (PDF ou imagem, de um serviço vendido ou da viagem inteira) e o envio ao cliente por e-mail e WhatsApp. O envio do arquivo é `POST /api/vouchers/upload` (multipart, campos `budget_id`, `service_id` opcional e `file`), rota à parte; o arquivo abre por um link assinado com validade, sem login.',
  Reservas:
    'As reservas de um orçamento vendido, uma por serviço vendido: fornecedor, localizador, situação (pendente, solicitada, confirmada, cancelada), valor e prazo de pagamento ao fornecedor, e o pedido de reserva por e-mail ao fornecedor.',
  Financeiro:
    'Contas a receber (cada parcela do plano de pagamento de cada venda, com recebimentos parciais, atrasos e o BR Code Pix do que falta) e contas a pagar (cada reserva com fornecedor e vencimento do pagamento, marcada como paga), para o dono e os administradores. As exportações em CSV e XLSX são `GET /api/receivables/export/{format}` e `GET /api/payables/export/{format}` (com os filtros das listas), rotas à parte.',
  'Painel da agência':
    'Os números de um período para o dono e os administradores: atendimentos, orçamentos, vendas, receita, margem e comissão, destinos e fornecedores, o caixa por semana, o que vence e o que está atrasado.',
  Contratos:
    'Os contratos de um orçamento vendido e os modelos de contrato da agência (texto com campos do cliente, passageiros, viagem, serviços, valores, parcelas, agência e datas): geração do PDF, links de validade curta, envio ao cliente por e-mail, cancelamento, exclusão e assinatura eletrônica (recurso `d4sign`). O envio da cópia assinada é `POST /api/contracts/upload` (multipart, campos `contract_id` e `file`, só PDF), rota à parte; o PDF abre por `GET /api/contracts/file/{id}` com o link assinado de `show_pdf`.',
  'Página do cliente':
    'O orçamento como o cliente o vê pelo link público (um id que não se adivinha, que a agência revoga e renova), o aceite de uma proposta pelo cliente e, para a agência, quem aceitou e quantas vezes a página foi aberta.',
  'Relatório de acessos':
    'Para o proprietário: quanto tempo cada usuário da agência passou ativo em cada tela, com visitas, último acesso e totais por dia. Os registros vêm do beacon de acesso (`POST /api/access-logs`, formulário `access_log[...]`), rota à parte.',
  Tarefas:
    'O quadro de tarefas da agência (a fazer, fazendo, em espera, concluídas), com responsável, prazo e atendimento; o checklist de viagem pré-carregado e as regras de acompanhamento automático.',
  'Super admin': 'Administração do sistema pela equipe do Agência CRM: agências, suas assinaturas e o catálogo de planos.',
  ...REFERENCE_LIST_TAGS,
};

const INFO_DESCRIPTION = `API REST do Agência CRM, o CRM e gerador de orçamentos para agências de viagem. Cada operação é o mesmo procedimento que o aplicativo web chama por tRPC em \`/trpc\`: mesma validação, mesmas regras e mesmas respostas.

**Autenticação.** \`POST /api/login\` devolve um token JWT; envie-o em \`Authorization: Bearer <token>\`. Os dados são sempre os da agência do usuário do token: a agência nunca vem do cliente, e um registro de outra agência responde 404, como um inexistente.

**Plano.** Com o plano da agência restrito (pagamento pendente ou atrasado, teste expirado, plano cancelado ou pausado) as operações respondem 402, exceto perfil, assinatura e pagamento, que servem justamente para regularizar o plano. Recursos fora do plano também respondem 402.

**Erros.** Toda resposta de erro tem o corpo \`ApiError\`: \`status\`, \`code\`, \`message\` (em pt-BR, para mostrar ao usuário), \`errors\` (mensagens por campo, nos erros de validação) e \`request_id\` (também no cabeçalho \`x-request-id\`). Respostas 5xx não trazem detalhes internos: informe o \`request_id\` ao suporte.

**Versões (nada se perde).** Os registros editáveis (clientes, atendimentos, orçamentos (os passageiros com eles) e suas propostas e serviços, fornecedores, tarefas, reservas, modelos de contrato, dados da agência) trazem \`version\`. Uma alteração pode dizer em qual versão se baseou, no cabeçalho \`If-Match: "<versão>"\` ou no campo \`version\`: se outra alteração veio antes, a resposta é 409, nada muda e \`conflict\` traz a versão atual, quem alterou e quando. Sem versão, a alteração não é conferida. Inclusões (um comentário, um histórico, uma tarefa) nunca conflitam.

**Convenções.** Campos em snake_case; valores em centavos inteiros (\`*_cents\`); datas em ISO 8601 (\`AAAA-MM-DD\` para datas de viagem). Listas paginadas aceitam \`page\` (a partir de 1) e \`per_page\` e respondem com \`pagination\`.

**Arquivos.** Envio de arquivos (multipart), downloads, o beacon de acesso (formulário) e o webhook de pagamentos são rotas à parte, fora deste documento.`;

const SECURITY_SCHEME = 'Authorization';

const ACCESS_TEXT: Record<Access, string> = {
  public: 'público, sem token',
  authed: 'qualquer usuário autenticado',
  manager: 'proprietário (owner) ou administrador da agência, ou super_admin',
  owner: 'somente o proprietário (owner) da agência',
  super_admin: 'somente super_admin (equipe do sistema)',
};

/** The error behind each documented status: its example body comes from the one error formatter. */
const ERROR_EXAMPLES: Record<number, AppError> = {
  400: new AppError('VALIDATION', { errors: { email: ['Formato do endereço de e-mail inválido'] } }),
  401: new AppError('UNAUTHORIZED'),
  402: new AppError('PLAN_RESTRICTED', { message: restrictionMessage('past_due', 0) }),
  403: new AppError('FORBIDDEN'),
  404: new AppError('NOT_FOUND'),
  409: new AppError('CONFLICT'),
  429: new AppError('TOO_MANY_REQUESTS'),
  500: new AppError('INTERNAL'),
  502: new AppError('UPSTREAM'),
  503: new AppError('NOT_CONFIGURED', { message: 'Este recurso não está configurado neste servidor.' }),
};
const EXAMPLE_REQUEST_ID = '9b2f6c1e-0d5a-4f43-9a57-2f1f4b0c8e11';

type Operation = {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: unknown }>;
};

/** Who may call the operation and what the plan requires, read from the builder's meta (what the middleware enforces). */
function accessText({ access = 'public', feature, allowRestricted }: ProcedureMeta): string {
  const plan =
    access === 'public' || access === 'super_admin'
      ? ''
      : allowRestricted
        ? ' Disponível mesmo com o plano da agência restrito.'
        : ' Exige o plano da agência em dia.';
  return `**Acesso:** ${ACCESS_TEXT[access]}.${plan}${feature ? ` Exige o recurso \`${feature}\` no plano.` : ''}`;
}

/** The statuses every operation of this access level can answer, with what each means here. */
function derivedErrors(meta: ProcedureMeta, hasInput: boolean): Record<number, string> {
  const { access = 'public', feature, allowRestricted } = meta;
  const errors: Record<number, string> = {};
  if (hasInput) errors[400] = 'Entrada inválida: `errors` traz as mensagens por campo.';
  if (access !== 'public') errors[401] = 'Sem token, token inválido ou expirado, ou usuário desativado.';
  if (access !== 'public' && access !== 'super_admin' && (!allowRestricted || feature)) {
    const reasons = [
      ...(allowRestricted ? [] : ['o plano da agência está restrito (a mensagem diz por quê)']),
      ...(feature ? [`o plano não inclui o recurso \`${feature}\``] : []),
    ];
    errors[402] = `Pagamento necessário: ${reasons.join(', ou ')}.`;
  }
  if (access === 'manager' || access === 'owner' || access === 'super_admin') {
    errors[403] = `O perfil do usuário não permite: ${ACCESS_TEXT[access]}.`;
  }
  errors[500] = 'Erro interno: a resposta traz só o `request_id`, para o suporte.';
  return errors;
}

function errorResponse(status: number, description: string, error = ERROR_EXAMPLES[status]) {
  if (!error) throw new Error(`no example error documents HTTP ${status}: add one to ERROR_EXAMPLES`);
  const example = toApiErrorBody(error, EXAMPLE_REQUEST_ID);
  if (example.status !== status) throw new Error(`ERROR_EXAMPLES[${status}] answers ${example.status}`);
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' }, example: JSON.parse(JSON.stringify(example)) } },
  };
}

/**
 * The REST document. trpc-to-openapi builds paths and schemas from the procedures; then each
 * operation gets what only our builders know: who may call it (security and the access line of
 * its description) and the error statuses it answers with our one error body (the generator's
 * own error schemas describe a body this API never sends, so they are dropped). Declared
 * `errorResponses` (404, 409, ...) add to or refine the derived ones. The server is relative:
 * the API answers on every host the app is served on (agencies' own subdomains included).
 */
const jsonObject = z.looseObject({});

/**
 * The body of a REST call, when one was sent: one JSON object. An array, a string, a number,
 * `null`, plain text or a multipart form is refused here, not read as an empty input (which an
 * update would take as "change nothing" and answer 200).
 */
function sentBody(req: FastifyRequest): Record<string, unknown> | undefined {
  if (req.body === undefined && !req.isMultipart()) return undefined;
  return jsonObject.parse(req.isMultipart() ? undefined : req.body);
}

type OpenApiDocument = ReturnType<typeof generateOpenApiDocument>;

/**
 * The operation of a route in the generated document. The generator drops a path's trailing slash
 * ('/budgets/' of the spec becomes '/budgets'); the operation moves back to the path the route is
 * served at, so the document names the spec's URL.
 */
function documentedOperation(document: OpenApiDocument, path: string, method: 'get'): Operation | undefined {
  const paths = document.paths ?? {};
  const trimmed = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (trimmed === path) return paths[path]?.[method] as Operation | undefined;
  const generated = paths[trimmed];
  const operation = generated?.[method];
  if (!generated || !operation) return undefined;
  delete generated[method];
  if (Object.keys(generated).length === 0) delete paths[trimmed];
  paths[path] = { ...paths[path], [method]: operation };
  return operation as Operation;
}

/** Writes of a versioned record: the version they were based on, as a header (versions.ts). */
const IF_MATCH_PARAMETER = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'A versão do registro em que a alteração se baseou (`"3"`, a `version` lida), o mesmo que o campo `version` do corpo (que vale se os dois vierem). Sem ela, ou com `*`, a alteração não é conferida.',
  schema: { type: 'string', examples: ['"3"'] },
};
const STALE_VERSION_EXAMPLE = staleVersion({ version: 4, updated_by: { id: 7, name: 'Ana' }, updated_at: '2026-11-28T17:03:00.000Z' });
const STALE_VERSION_TEXT =
  'Alteração baseada numa versão antiga (`version` ou `If-Match`): outra alteração veio antes e nada mudou. `conflict` traz a versão atual, quem alterou e quando; releia o registro e salve de novo.';

/**
 * Built on the first request for it: the generator and its schema converters hold ~30 MB once
 * loaded. One domain at a time, yielding between them: the whole document costs ~0.5-1.5 s of CPU,
 * which in one piece would hold every other request of the process that long.
 */
export async function openApiDocument(appRouter: AnyRouter) {
  const { generateOpenApiDocument } = await import('trpc-to-openapi');
  const options = {
    title: 'Agência CRM API',
    version: '1.0.0',
    baseUrl: API_PREFIX,
    description: INFO_DESCRIPTION,
    contact: { name: 'Suporte Agência CRM', email: SUPPORT_EMAIL },
    license: { name: 'Proprietária: uso restrito às agências assinantes', identifier: 'LicenseRef-Proprietary' },
    securitySchemes: { [SECURITY_SCHEME]: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' } },
    defs: { ApiError: apiErrorBodySchema },
  };
  let document: ReturnType<typeof generateOpenApiDocument> | undefined;
  for (const [name, part] of Object.entries(appRouter._def.record)) {
    await new Promise((resolve) => setImmediate(resolve));
    const generated = generateOpenApiDocument(router({ [name]: part as AnyRouter }), options);
    if (!document) document = generated;
    else {
      Object.assign(document.paths ?? {}, generated.paths);
      Object.assign(document.components?.schemas ?? {}, generated.components?.schemas);
    }
  }
  if (!document) throw new Error('the API router has no procedures');
  document.servers = [{ url: API_PREFIX, description: 'Esta instalação (o mesmo endereço deste documento)' }];
  const used = new Set<string>();
  for (const route of restProcedures(appRouter)) {
    const method = route.method.toLowerCase() as 'get';
    const operation = documentedOperation(document, route.openapi.path, method);
    if (!operation) throw new Error(`${route.path}: ${route.method} ${route.openapi.path} is missing from the generated document`);
    for (const tag of route.openapi.tags ?? []) used.add(tag);
    operation.description = [route.openapi.description, accessText(route.meta)].filter(Boolean).join('\n\n');
    operation.security = route.meta.access === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }];
    const declared = route.openapi.errorResponses;
    if (route.versioned) operation.parameters = [...(operation.parameters ?? []), IF_MATCH_PARAMETER];
    const errors: Record<number, string> = {
      ...derivedErrors(route.meta, Boolean(operation.parameters?.length || operation.requestBody)),
      ...(Array.isArray(declared) ? Object.fromEntries(declared.map((status) => [status, statusMessage(status)])) : declared),
    };
    if (route.versioned) {
      const own = errors[409] && errors[409] !== statusMessage(409) ? `${errors[409]} Ou: ` : '';
      errors[409] = own + STALE_VERSION_TEXT;
    }
    const ok = operation.responses['200'];
    operation.responses = {
      ...(ok ? { '200': { ...ok, description: route.openapi.successDescription ?? 'Sucesso.' } } : {}),
      ...Object.fromEntries(
        Object.entries(errors).map(([status, text]) => [
          status,
          errorResponse(Number(status), text, route.versioned && status === '409' ? STALE_VERSION_EXAMPLE : undefined),
        ]),
      ),
    };
  }
  const unknown = [...used].filter((tag) => !TAGS[tag]);
  if (unknown.length) throw new Error(`REST tags without a description (TAGS in rest.ts): ${unknown.join(', ')}`);
  document.tags = Object.entries(TAGS)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
  const schemas = document.components?.schemas ?? {};
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  return document;
}

/**
 * The document as YAML, a path at a time, yielding between them: the yaml library takes seconds
 * over the whole document in one call. Each piece is a top-level key, or one path under `paths:`
 * indented in place.
 */
export async function documentYaml(document: object): Promise<string> {
  // Only /api/docs.yaml needs it: loaded then.
  const { stringify } = await import('yaml');
  const indent = (text: string) =>
    text
      .split('\n')
      .map((line) => (line ? `  ${line}` : line))
      .join('\n');
  let text = '';
  for (const [key, value] of Object.entries(document)) {
    // As JSON leaves it out.
    if (value === undefined) continue;
    if (key !== 'paths' || !value || typeof value !== 'object') {
      text += stringify({ [key]: value }, { strict: false });
      continue;
    }
    text += 'paths:\n';
    for (const [path, item] of Object.entries(value)) {
      await new Promise((resolve) => setImmediate(resolve));
      text += indent(stringify({ [path]: item }, { strict: false }));
    }
  }
  return text;
}
