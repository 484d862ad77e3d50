// A local stand-in for D4Sign's REST API (v1): the app's signature adapter is pointed at it
// (D4SIGN_URL). It keeps every document it was sent (the PDF, signers, webhook), lets a test sign
// or cancel one as the client would, and builds the HMAC-signed callback D4Sign would post.
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';

export type FakeDocument = {
  uuid: string;
  safe: string;
  filename: string;
  pdf: Buffer;
  signers: { email: string; display_name?: string }[];
  webhook: string | null;
  message: string | null;
  sent: boolean;
  /** D4Sign's statusId: 3 waiting for signatures, 4 finished, 6 cancelled. */
  statusId: '3' | '4' | '6';
  signed: Buffer | null;
};

export type FakeD4Sign = {
  /** The base to pass as D4SIGN_URL. */
  url: string;
  env: Record<string, string>;
  documents: Map<string, FakeDocument>;
  /** Method and path of each call, in order (the query with the token left out). */
  calls: string[];
  /** true: every API call answers HTTP 500. */
  failing: boolean;
  /** The client signs: the document is finished, its signed PDF a new one naming the signer. */
  sign(uuid: string): Promise<void>;
  /** The callback D4Sign posts (a form: uuid, type_post, message) with its Content-Hmac header. */
  callback(uuid: string, typePost?: string, secret?: string): { payload: string; headers: Record<string, string> };
  close(): Promise<void>;
};

const TOKEN = 'live_fake_token';
const CRYPT_KEY = 'live_crypt_fake';
const SAFE = 'cofre-agencias-0001';
const SECRET = 'fake-d4sign-callback-secret';

function signedPdf(signers: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.on('data', (c: Buffer) => chunks.push(c));
  doc.fontSize(14).text('Documento assinado eletronicamente (D4Sign simulado)');
  for (const s of signers) doc.fontSize(11).text(`Assinado por ${s}`);
  doc.end();
  return done;
}

export async function startFakeD4Sign(): Promise<FakeD4Sign> {
  const documents = new Map<string, FakeDocument>();
  const calls: string[] = [];

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const file = /^\/files\/([\w-]+)\.pdf$/.exec(url.pathname);
    if (req.method === 'GET' && file) {
      const signed = documents.get(file[1] ?? '')?.signed;
      if (!signed) return send(res, 404, { message: 'not found' });
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': signed.length });
      return res.end(signed);
    }
    if (fake.failing) return send(res, 500, { message: 'Server error.' });
    if (url.searchParams.get('tokenAPI') !== TOKEN || url.searchParams.get('cryptKey') !== CRYPT_KEY) {
      return send(res, 401, { message: 'Unauthorized' });
    }
    const body = await readBody(req);
    const upload = /^\/api\/v1\/documents\/([\w-]+)\/upload$/.exec(url.pathname);
    if (req.method === 'POST' && upload) {
      if (upload[1] !== SAFE) return send(res, 404, { message: 'Safe not found' });
      const form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
      const pdf = form.get('file');
      if (!(pdf instanceof File)) return send(res, 400, { message: 'file missing' });
      const uuid = randomUUID();
      documents.set(uuid, {
        uuid,
        safe: upload[1],
        filename: pdf.name,
        pdf: Buffer.from(await pdf.arrayBuffer()),
        signers: [],
        webhook: null,
        message: null,
        sent: false,
        statusId: '3',
        signed: null,
      });
      return send(res, 200, { message: 'success', uuid });
    }
    const action = /^\/api\/v1\/documents\/([\w-]+)(?:\/(\w+))?$/.exec(url.pathname);
    const doc = action ? documents.get(action[1] ?? '') : undefined;
    if (!action || !doc) return send(res, 404, { message: 'Document not found' });
    const json = body.length ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : {};
    switch (`${req.method} ${action[2] ?? ''}`) {
      case 'GET ':
        return send(res, 200, [{ uuidDoc: doc.uuid, nameDoc: doc.filename, statusId: doc.statusId, statusName: doc.statusId }]);
      case 'POST webhooks':
        doc.webhook = String(json.url);
        return send(res, 200, { message: 'success' });
      case 'POST createlist':
        doc.signers.push(...(json.signers as FakeDocument['signers']));
        return send(res, 200, { message: [{ success: '1' }] });
      case 'POST sendtosigner':
        doc.sent = true;
        doc.message = String(json.message ?? '');
        return send(res, 200, { message: 'File sent to successfully signing' });
      case 'POST download':
        if (!doc.signed) return send(res, 400, { message: 'Document not finished' });
        return send(res, 200, { url: `${origin}/files/${doc.uuid}.pdf`, name: doc.filename });
      case 'POST cancel':
        doc.statusId = '6';
        return send(res, 200, { message: 'Document cancelled' });
      default:
        return send(res, 404, { message: 'Not found' });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const fake: FakeD4Sign = {
    url: `${origin}/api/v1`,
    env: {
      D4SIGN_URL: `${origin}/api/v1`,
      D4SIGN_TOKEN: TOKEN,
      D4SIGN_CRYPT_KEY: CRYPT_KEY,
      D4SIGN_SAFE_ID: SAFE,
      D4SIGN_CALLBACK_SECRET: SECRET,
      D4SIGN_TIMEOUT_MS: '3000',
    },
    documents,
    calls,
    failing: false,
    async sign(uuid) {
      const doc = documents.get(uuid);
      if (!doc) throw new Error(`no document ${uuid}`);
      doc.statusId = '4';
      doc.signed = await signedPdf(doc.signers.map((s) => s.email));
    },
    callback(uuid, typePost = '1', secret = SECRET) {
      const payload = new URLSearchParams({ uuid, type_post: typePost, message: 'Finished document' }).toString();
      const hmac = `sha256=${createHmac('sha256', secret).update(payload).digest('hex')}`;
      return { payload, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-hmac': hmac } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
