// A fake Sefin Nacional at the network boundary: a real HTTPS server that asks for the client's
// certificate (mTLS, trusting only the test CA) and refuses a DPS or an event whose XMLDSIG does not
// verify against the certificate presented, or that lacks a field the layout requires. It issues one
// note per DPS id, registers one cancellation per note, and can reject with codes or let the first
// answer time out after doing the work.
import { once } from 'node:events';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import forge from 'node-forge';
import { SignedXml } from 'xml-crypto';
import { makeServerCert, type TestCa } from './nfse-certificates';

const NS = 'http://www.sped.fazenda.gov.br/nfse';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';

/** infDPS paths the layout requires, in the agency's DPS. */
const REQUIRED = [
  'tpAmb',
  'dhEmi',
  'verAplic',
  'serie',
  'nDPS',
  'dCompet',
  'tpEmit',
  'cLocEmi',
  'prest/CNPJ',
  'prest/regTrib/opSimpNac',
  'prest/regTrib/regEspTrib',
  'serv/locPrest/cLocPrestacao',
  'serv/cServ/cTribNac',
  'serv/cServ/xDescServ',
  'valores/vServPrest/vServ',
  'valores/trib/tribMun/tribISSQN',
  'valores/trib/tribMun/tpRetISSQN',
  'valores/trib/totTrib/indTotTrib',
];

/** Fields of infPedReg the cancellation request requires. */
const REQUIRED_CANCEL = ['tpAmb', 'verAplic', 'dhEvento', 'CNPJAutor', 'chNFSe', 'e101101/xDesc', 'e101101/cMotivo', 'e101101/xMotivo'];

export type FakeNote = {
  dpsId: string;
  accessKey: string;
  number: string;
  dps: Document;
  clientSubject: string;
  /** The key of the note that replaced this one (its DPS named this note in subst). */
  substitutedBy?: string;
};
export type FakeEvent = { accessKey: string; code: string; reason: string; justification: string; xml: string };
export type FakeNational = {
  url: string;
  /** Notes issued, one per DPS id. */
  notes: FakeNote[];
  /** Every POST /nfse received, with what the fake answered. */
  posts: { status: number; codes: string[] }[];
  /** Events registered: cancellations (101101), and cancellations by substitution (105102) made when a substitute is authorized. */
  events: FakeEvent[];
  /** Every POST /nfse/{chave}/eventos received, with what the fake answered. */
  eventPosts: { status: number; codes: string[] }[];
  /** The next POST (a DPS or an event) is refused with these codes. */
  rejectNext(errors: { Codigo: string; Descricao: string }[]): void;
  /** The next POST does its work but answers only after `ms` (past the client's timeout). */
  delayNext(ms: number): void;
  /** The next `count` requests of any kind answer 503, as an authority out of service does. */
  unavailableNext(count: number): void;
  close(): Promise<void>;
};

const text = (el: Element | Document, path: string): string | null => {
  let node: Element | Document | undefined = el;
  for (const name of path.split('/')) node = node?.getElementsByTagNameNS(NS, name)[0] as Element | undefined;
  return node?.textContent?.trim() || null;
};

export async function startFakeNational(ca: TestCa): Promise<FakeNational> {
  const server = makeServerCert(ca);
  const notes: FakeNote[] = [];
  const posts: FakeNational['posts'] = [];
  const events: FakeEvent[] = [];
  const eventPosts: FakeNational['eventPosts'] = [];
  let rejection: { Codigo: string; Descricao: string }[] | null = null;
  let delay = 0;
  let unavailable = 0;

  const httpsServer: Server = createServer(
    { key: server.keyPem, cert: server.certPem, ca: ca.certPem, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const send = (status: number, body: object) => {
          // A client that gave up (timeout) has closed the socket: nothing to answer.
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        };
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        const clientPem = `-----BEGIN CERTIFICATE-----\n${peer.raw
          .toString('base64')
          .match(/.{1,64}/g)
          ?.join('\n')}\n-----END CERTIFICATE-----\n`;
        if (unavailable > 0) {
          unavailable -= 1;
          return send(503, { erros: [{ Codigo: 'E503', Descricao: 'Serviço indisponível' }] });
        }
        const path = (req.url ?? '').replace(/^\/SefinNacional/, '');
        const byKey = (key: string) => notes.find((n) => n.accessKey === key);
        /** Why the XML's signature is refused, or null when it was made by the connection's certificate. */
        const signatureProblem = (doc: Document, xml: string): string | null => {
          const signature = doc.getElementsByTagNameNS(DSIG, 'Signature')[0];
          const carried = doc.getElementsByTagNameNS(DSIG, 'X509Certificate')[0]?.textContent?.trim();
          if (!signature || !carried) return 'Assinatura ausente';
          if (carried !== peer.raw.toString('base64')) return 'Certificado da assinatura difere do da conexão';
          const check = new SignedXml({ publicCert: clientPem });
          check.loadSignature(signature as unknown as Parameters<SignedXml['loadSignature']>[0]);
          try {
            return check.checkSignature(xml) && check.getSignedReferences().length === 1 ? null : 'Assinatura inválida';
          } catch {
            return 'Assinatura inválida';
          }
        };
        const later = (answer: () => void) => {
          if (!delay) return answer();
          const ms = delay;
          delay = 0;
          setTimeout(answer, ms);
        };

        const eventPath = /^\/nfse\/([0-9]+)\/eventos(?:\/([0-9]+)\/([0-9]+))?$/.exec(path);
        if (eventPath) {
          const [, key = '', code, sequence] = eventPath;
          const registered = events.find((e) => e.accessKey === key && e.code === '101101');
          if (req.method === 'GET' && code) {
            return registered && code === '101101' && sequence === '1'
              ? send(200, { eventoXmlGZipB64: gzipSync(Buffer.from(registered.xml, 'utf8')).toString('base64') })
              : send(404, { erros: [{ Codigo: 'E404', Descricao: 'Evento não encontrado' }] });
          }
          if (req.method !== 'POST' || code) return send(404, {});
          const refuseEvent = (codes: { Codigo: string; Descricao: string }[]) => {
            eventPosts.push({ status: 400, codes: codes.map((c) => c.Codigo) });
            send(400, { tipoAmbiente: 2, erros: codes });
          };
          const note = byKey(key);
          if (!note) return send(404, { erros: [{ Codigo: 'E404', Descricao: 'NFS-e não encontrada' }] });
          let xml: string;
          try {
            xml = gunzipSync(
              Buffer.from(JSON.parse(Buffer.concat(chunks).toString('utf8')).pedidoRegistroEventoXmlGZipB64, 'base64'),
            ).toString('utf8');
          } catch {
            return refuseEvent([{ Codigo: 'FAKE-GZIP', Descricao: 'pedidoRegistroEventoXmlGZipB64 inválido' }]);
          }
          const doc = new DOMParser().parseFromString(xml, 'text/xml');
          const inf = doc.getElementsByTagNameNS(NS, 'infPedReg')[0];
          if (!inf) return refuseEvent([{ Codigo: 'FAKE-SCHEMA', Descricao: 'infPedReg ausente' }]);
          const missing = REQUIRED_CANCEL.filter((p) => !text(inf, p));
          if (missing.length)
            return refuseEvent([{ Codigo: 'FAKE-SCHEMA', Descricao: `Campos obrigatórios ausentes: ${missing.join(', ')}` }]);
          if (inf.getAttribute('Id') !== `PRE${key}101101` || text(inf, 'chNFSe') !== key)
            return refuseEvent([{ Codigo: 'FAKE-SCHEMA', Descricao: 'Id ou chave do pedido não conferem com a NFS-e' }]);
          if (text(inf, 'CNPJAutor') !== text(note.dps, 'prest/CNPJ'))
            return refuseEvent([{ Codigo: 'FAKE-AUTOR', Descricao: 'O autor do evento não é o prestador da NFS-e' }]);
          const problem = signatureProblem(doc, xml);
          if (problem) return refuseEvent([{ Codigo: 'FAKE-SIG', Descricao: problem }]);
          if (rejection) {
            const codes = rejection;
            rejection = null;
            return refuseEvent(codes);
          }
          if (registered) return refuseEvent([{ Codigo: 'FAKE-DUP', Descricao: 'Evento de cancelamento já registrado' }]);
          if (note.substitutedBy) return refuseEvent([{ Codigo: 'FAKE-SUBST', Descricao: 'NFS-e já cancelada por substituição' }]);
          const eventXml = `<?xml version="1.0" encoding="UTF-8"?><evento xmlns="${NS}" versao="1.00"><infEvento Id="EVT${key}101101001"><nSeqEvento>1</nSeqEvento>${doc.documentElement?.toString() ?? ''}</infEvento></evento>`;
          events.push({
            accessKey: key,
            code: '101101',
            reason: text(inf, 'e101101/cMotivo') ?? '',
            justification: text(inf, 'e101101/xMotivo') ?? '',
            xml: eventXml,
          });
          eventPosts.push({ status: 201, codes: [] });
          return later(() => send(201, { eventoXmlGZipB64: gzipSync(Buffer.from(eventXml, 'utf8')).toString('base64') }));
        }

        if (req.method === 'GET' && path.startsWith('/dps/')) {
          const note = notes.find((n) => n.dpsId === decodeURIComponent(path.slice(5)));
          return note
            ? send(200, { idDps: note.dpsId, chaveAcesso: note.accessKey })
            : send(404, { erros: [{ Codigo: 'E404', Descricao: 'DPS não encontrada' }] });
        }
        if (req.method === 'GET' && path.startsWith('/nfse/')) {
          const note = byKey(decodeURIComponent(path.slice(6)));
          return note ? send(200, { chaveAcesso: note.accessKey, nfseXmlGZipB64: nfseXml(note) }) : send(404, {});
        }
        if (req.method !== 'POST' || path !== '/nfse') return send(404, {});

        const refuse = (codes: { Codigo: string; Descricao: string }[]) => {
          posts.push({ status: 400, codes: codes.map((c) => c.Codigo) });
          send(400, { tipoAmbiente: 2, erros: codes });
        };
        let xml: string;
        try {
          xml = gunzipSync(Buffer.from(JSON.parse(Buffer.concat(chunks).toString('utf8')).dpsXmlGZipB64, 'base64')).toString('utf8');
        } catch {
          return refuse([{ Codigo: 'FAKE-GZIP', Descricao: 'dpsXmlGZipB64 inválido' }]);
        }
        const doc = new DOMParser().parseFromString(xml, 'text/xml');
        const inf = doc.getElementsByTagNameNS(NS, 'infDPS')[0];
        if (!inf) return refuse([{ Codigo: 'FAKE-SCHEMA', Descricao: 'infDPS ausente' }]);
        const missing = REQUIRED.filter((p) => !text(inf, p));
        if (missing.length) return refuse([{ Codigo: 'FAKE-SCHEMA', Descricao: `Campos obrigatórios ausentes: ${missing.join(', ')}` }]);

        // The signature must be made by the certificate that opened the TLS connection.
        const problem = signatureProblem(doc, xml);
        if (problem) return refuse([{ Codigo: 'FAKE-SIG', Descricao: problem }]);

        if (rejection) {
          const codes = rejection;
          rejection = null;
          return refuse(codes);
        }
        const dpsId = inf.getAttribute('Id') ?? '';
        if (notes.some((n) => n.dpsId === dpsId)) return refuse([{ Codigo: 'FAKE-DUP', Descricao: 'DPS já convertida em NFS-e' }]);
        // A substitute names an authorized note of the same prestador, neither canceled nor replaced already.
        const replacedKey = text(inf, 'subst/chSubstda');
        const replaced = replacedKey ? byKey(replacedKey) : undefined;
        if (replacedKey) {
          if (!replaced || text(replaced.dps, 'prest/CNPJ') !== text(inf, 'prest/CNPJ'))
            return refuse([{ Codigo: 'FAKE-SUBST', Descricao: 'NFS-e a substituir não encontrada para este prestador' }]);
          if (replaced.substitutedBy || events.some((e) => e.accessKey === replacedKey && e.code === '101101'))
            return refuse([{ Codigo: 'FAKE-SUBST', Descricao: 'NFS-e a substituir já cancelada ou substituída' }]);
          if (!/^(0[1-5]|99)$/.test(text(inf, 'subst/cMotivo') ?? ''))
            return refuse([{ Codigo: 'FAKE-SCHEMA', Descricao: 'cMotivo da substituição inválido' }]);
        }
        const number = String(notes.length + 1);
        const accessKey = `${text(inf, 'cLocEmi')}2${text(inf, 'prest/CNPJ')}${number.padStart(13, '0')}${'1'.repeat(15)}`;
        const subject = forge.pki.certificateFromPem(clientPem).subject.getField('CN')?.value ?? '';
        const note = { dpsId, accessKey, number, dps: doc, clientSubject: subject };
        notes.push(note);
        if (replaced && replacedKey) {
          replaced.substitutedBy = accessKey;
          events.push({
            accessKey: replacedKey,
            code: '105102',
            reason: text(inf, 'subst/cMotivo') ?? '',
            justification: text(inf, 'subst/xMotivo') ?? '',
            xml: `<?xml version="1.0" encoding="UTF-8"?><evento xmlns="${NS}" versao="1.00"><infEvento Id="EVT${replacedKey}105102001"><nSeqEvento>1</nSeqEvento><chSubstituta>${accessKey}</chSubstituta></infEvento></evento>`,
          });
        }
        posts.push({ status: 201, codes: [] });
        later(() => send(201, { tipoAmbiente: 2, idDps: dpsId, chaveAcesso: accessKey, nfseXmlGZipB64: nfseXml(note), alertas: [] }));
      });
    },
  );
  httpsServer.listen(0, '127.0.0.1');
  await once(httpsServer, 'listening');
  const { port } = httpsServer.address() as { port: number };
  return {
    url: `https://localhost:${port}/SefinNacional`,
    notes,
    posts,
    events,
    eventPosts,
    rejectNext: (errors) => {
      rejection = errors;
    },
    delayNext: (ms) => {
      delay = ms;
    },
    unavailableNext: (count) => {
      unavailable = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        httpsServer.closeAllConnections();
        httpsServer.close(() => resolve());
      }),
  };
}

function nfseXml(note: FakeNote): string {
  const dps = note.dps.documentElement?.toString() ?? '';
  const xml = `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="${NS}" versao="1.00"><infNFSe Id="NFS${note.accessKey}"><nNFSe>${note.number}</nNFSe><cStat>100</cStat>${dps}</infNFSe></NFSe>`;
  return gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
}
