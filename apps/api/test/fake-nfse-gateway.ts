// A local stand-in for Focus NFe's NFS-e Nacional API (/v2/nfsen): the gateway issuer is pointed at it
// (NFSE_GATEWAY_URL). It checks the token (HTTP Basic user), keeps every note under the reference it
// was queued with (a second POST of a reference is refused, as the gateway's idempotency), answers
// "processando_autorizacao" for as many reads as asked, then authorizes, and serves the note's and
// the cancellation's XML by path. The next note can be refused with codes, the next POST's answer
// lost (a 500 after the note was queued), and the next cancellation refused.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const NS = 'http://www.sped.fazenda.gov.br/nfse';

export type FakeGatewayNote = {
  ref: string;
  body: Record<string, unknown>;
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado';
  readsLeft: number;
  errors: { codigo: string; mensagem: string }[];
  numero?: string;
  chave?: string;
  justificativa?: string;
};

export type FakeGateway = {
  url: string;
  token: string;
  notes: Map<string, FakeGatewayNote>;
  /** Every POST /v2/nfsen received (its ref), refused ones included. */
  posts: string[];
  /** Reads of "processando_autorizacao" before a queued note is authorized (default 1). */
  processingReads: number;
  rejectNext(errors: { codigo: string; mensagem: string }[]): void;
  loseNextAnswer(): void;
  rejectNextCancel(errors: { codigo: string; mensagem: string }[]): void;
  close(): Promise<void>;
};

export async function startFakeGateway(token = 'token-focus-homologacao'): Promise<FakeGateway> {
  let rejection: FakeGatewayNote['errors'] | null = null;
  let cancelRejection: FakeGatewayNote['errors'] | null = null;
  let loseAnswer = false;
  let issued = 0;
  const notes = new Map<string, FakeGatewayNote>();
  const posts: string[] = [];

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const noteXml = (n: FakeGatewayNote) =>
    `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="${NS}"><infNFSe Id="NFS${n.chave}"><nNFSe>${n.numero}</nNFSe><xDescServ>${String(n.body.descricao_servico)}</xDescServ><vServ>${String(n.body.valor_servico)}</vServ></infNFSe></NFSe>`;
  const answer = (n: FakeGatewayNote) => ({
    cnpj_prestador: n.body.cnpj_prestador,
    ref: n.ref,
    status: n.status,
    ...(n.status === 'autorizado' || n.status === 'cancelado'
      ? {
          numero: n.numero,
          chave_nfse: n.chave,
          codigo_verificacao: n.chave?.slice(-9),
          caminho_xml_nota_fiscal: `/arquivos/${n.ref}.xml`,
          url_danfse: `/arquivos/${n.ref}.pdf`,
        }
      : {}),
    ...(n.status === 'cancelado' ? { caminho_xml_cancelamento: `/arquivos/${n.ref}-cancelamento.xml` } : {}),
    ...(n.errors.length ? { erros: n.errors } : {}),
  });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const auth = req.headers.authorization ?? '';
      if (auth !== `Basic ${Buffer.from(`${token}:`).toString('base64')}`)
        return send(res, 401, { codigo: 'nao_autorizado', mensagem: 'Acesso não autorizado' });
      const file = url.pathname.match(/^\/arquivos\/(.+?)(-cancelamento)?\.xml$/);
      if (req.method === 'GET' && file) {
        const n = notes.get(decodeURIComponent(file[1] as string));
        if (!n?.numero) return send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Arquivo não encontrado' });
        if (file[2])
          return n.status === 'cancelado'
            ? send(res, 200, `<evento xmlns="${NS}"><chNFSe>${n.chave}</chNFSe><tpEvento>101101</tpEvento></evento>`, 'application/xml')
            : send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Arquivo não encontrado' });
        return send(res, 200, noteXml(n), 'application/xml');
      }
      if (req.method === 'POST' && url.pathname === '/v2/nfsen') {
        const ref = url.searchParams.get('ref') ?? '';
        posts.push(ref);
        const body = await readBody(req);
        if (!ref) return send(res, 400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetro ref não informado' });
        if (notes.has(ref)) return send(res, 422, { codigo: 'nfe_autorizada', mensagem: 'Nota fiscal já autorizada ou em processamento' });
        const missing = [
          'data_emissao',
          'cnpj_prestador',
          'codigo_municipio_emissora',
          'codigo_tributacao_nacional_iss',
          'descricao_servico',
          'valor_servico',
        ].filter((f) => body[f] === undefined || body[f] === '');
        if (missing.length) return send(res, 422, { codigo: 'requisicao_invalida', mensagem: `Campos ausentes: ${missing.join(', ')}` });
        const note: FakeGatewayNote = { ref, body, status: 'processando_autorizacao', readsLeft: fake.processingReads, errors: [] };
        if (rejection) {
          note.status = 'erro_autorizacao';
          note.errors = rejection;
          rejection = null;
        }
        notes.set(ref, note);
        if (loseAnswer) {
          loseAnswer = false;
          return send(res, 500, { codigo: 'erro_interno', mensagem: 'Erro interno' });
        }
        return send(res, 202, { cnpj_prestador: body.cnpj_prestador, ref, status: note.status });
      }
      const one = url.pathname.match(/^\/v2\/nfsen\/(.+)$/);
      const n = one ? notes.get(decodeURIComponent(one[1] as string)) : undefined;
      if (one && !n) return send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' });
      if (req.method === 'GET' && n) {
        if (n.status === 'processando_autorizacao') {
          if (n.readsLeft > 0) n.readsLeft -= 1;
          else {
            issued += 1;
            n.status = 'autorizado';
            n.numero = String(issued);
            n.chave = `3550308${String(Date.now()).padStart(20, '0')}${String(issued).padStart(23, '0')}`.slice(0, 50);
          }
        }
        return send(res, 200, answer(n));
      }
      if (req.method === 'DELETE' && n) {
        const body = await readBody(req);
        if (n.status !== 'autorizado' || cancelRejection) {
          const erros = cancelRejection ?? [{ codigo: 'nao_autorizada', mensagem: 'Nota fiscal não autorizada' }];
          cancelRejection = null;
          return send(res, 200, { status: 'erro_cancelamento', erros });
        }
        n.status = 'cancelado';
        n.justificativa = String(body.justificativa ?? '');
        return send(res, 200, answer(n));
      }
      return send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Rota não encontrada' });
    })().catch((error: unknown) => send(res, 500, { codigo: 'erro_interno', mensagem: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // Never keeps a test runner alive on its own.
  server.unref();
  const fake: FakeGateway = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    notes,
    posts,
    processingReads: 1,
    rejectNext: (errors) => {
      rejection = errors;
    },
    loseNextAnswer: () => {
      loseAnswer = true;
    },
    rejectNextCancel: (errors) => {
      cancelRejection = errors;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}
