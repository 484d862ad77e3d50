// The job that issues a requested NFS-e, through the national API or the gateway. Idempotent: a
// note no longer pending is left alone, and before sending, the authority (or the gateway, by the
// note's reference) is asked whether this DPS already became a note (an earlier attempt whose
// answer was lost to a timeout or a crash): then that note is fetched, never a second one
// issued. A failure to reach the authority throws, so the queue retries with backoff; the last
// attempt also says so on the note, which stays pending (it may exist at the authority) until the
// owner tries again. The cancellation job works the same way: it asks whether the note's
// cancellation is already registered before sending it, and a refusal puts the note back to
// authorized with the authority's reasons.

import {
  NFSE_MESSAGES,
  NFSE_NO_ANSWER_CODE,
  type NfseCancelReason,
  type NfseEnvironment,
  type NfseSubstitutionReason,
  type NfseTaxRegime,
  nfseTakerAddress,
  nfseTakerDocument,
} from '@app/shared';
import type XmlDom from '@xmldom/xmldom';
import { z } from 'zod';
import { documentCipherOf } from '../../document-numbers';
import { JOB_MAX_ATTEMPTS, type JobDefinition, type JobDeps } from '../../platform/jobs';
import { onFirstUse } from '../../platform/on-first-use';
import { municipalityOfPostalCode } from '../clients/postal-codes.service';
import { nfseTakerSelect } from './nfse.where';
import { issuerProblem, readPfx } from './nfse-certificate';
import { renderDanfse } from './nfse-danfse';
import { brasiliaTime, buildDps, DPS_NAMESPACE, type DpsAddress, decimal, regTrib } from './nfse-dps';
import { buildCancelEvent, CANCEL_EVENT } from './nfse-event';
import { focusGateway, type GatewayNote, type NfseGateway } from './nfse-gateway';
import { rejectionMessages } from './nfse-messages';
import { type AuthorityMessage, NfseUnavailable, nationalProvider } from './nfse-national';
import { signXml } from './nfse-sign';

const xmlDom = onFirstUse<typeof XmlDom>('@xmldom/xmldom');

/** nNFSe of the authorized note's XML. */
function noteNumber(xml: string): string | null {
  const doc = new (xmlDom().DOMParser)().parseFromString(xml, 'text/xml');
  return doc.getElementsByTagNameNS(DPS_NAMESPACE, 'nNFSe')[0]?.textContent?.trim() || null;
}

/** A job on one note in `status`; its last failed attempt says so on the note, which keeps its status. */
function noteJob(name: string, status: 'pending' | 'canceling', attempt: (noteId: number, deps: JobDeps) => Promise<void>) {
  const job: JobDefinition<{ note_id: number }> = {
    name,
    payload: z.strictObject({ note_id: z.number().int().positive() }),
    async handle({ note_id }, deps, run) {
      try {
        await attempt(note_id, deps);
      } catch (error) {
        if (run.attempt >= JOB_MAX_ATTEMPTS) {
          const through = await deps.db.nfseNote.findUnique({ where: { id: note_id }, select: { gatewayRef: true } });
          const message = through?.gatewayRef ? NFSE_MESSAGES.gatewayNoAnswer : NFSE_MESSAGES.noAnswer;
          await deps.db.nfseNote.updateMany({ where: { id: note_id, status }, data: { errors: [{ code: NFSE_NO_ANSWER_CODE, message }] } });
        }
        throw error;
      }
    },
  };
  return job;
}

export const issueNfseJob = noteJob('nfse.issue', 'pending', issue);
export const cancelNfseJob = noteJob('nfse.cancel', 'canceling', cancel);

/** The agency's A1 certificate, opened from its sealed copy. */
function openCertificate(config: JobDeps['config'], sealed: { certificateSealed: string; passwordSealed: string }) {
  const cipher = documentCipherOf(config);
  return readPfx(Buffer.from(cipher.open(sealed.certificateSealed), 'base64'), cipher.open(sealed.passwordSealed));
}

/**
 * The customer's address as the DPS names it: the municipality by its IBGE code, read from the CEP
 * lookup (client addresses keep the city's name only). An incomplete address (nfseTakerAddress), or a
 * CEP the lookup cannot place now, leaves the tomador without an address (allowed).
 */
async function takerAddress(config: JobDeps['config'], stored: Parameters<typeof nfseTakerAddress>[0]): Promise<DpsAddress | null> {
  const address = nfseTakerAddress(stored);
  const cityCode = address && (await municipalityOfPostalCode(config, address.postal_code));
  if (!address || !cityCode) return null;
  return {
    cityCode,
    postalCode: address.postal_code,
    street: address.street,
    number: address.number,
    complement: address.complement,
    neighborhood: address.neighborhood,
  };
}

type Issued = { kind: 'authorized'; accessKey: string; xml: string; number?: string } | { kind: 'rejected'; errors: AuthorityMessage[] };

/** A gateway still working on the note is asked again this often within one attempt, then on the next. */
const GATEWAY_POLLS = 3;
const GATEWAY_POLL_MS = 1000;

/**
 * Through the gateway: asks for the note's reference, queues the note when the gateway has none, then
 * waits for its answer. A note still processing throws, so the queue asks again later; the
 * reference is kept on the note before anything is sent, so no attempt ever queues a second note.
 */
async function issueThroughGateway(gateway: NfseGateway, ref: string, dps: () => Record<string, string | number>): Promise<Issued> {
  let found: GatewayNote | null = await gateway.find(ref);
  if (!found) {
    const sent = await gateway.issue(ref, dps());
    // Refused as already known: an earlier attempt whose answer was lost queued it.
    found = await gateway.find(ref);
    if (!found) {
      if (sent.kind === 'rejected') return sent;
      throw new NfseUnavailable('the gateway does not show the note it accepted');
    }
  }
  for (let poll = 1; found.state === 'processing' && poll < GATEWAY_POLLS; poll++) {
    await new Promise((resolve) => setTimeout(resolve, GATEWAY_POLL_MS));
    found = (await gateway.find(ref)) ?? found;
  }
  if (found.state === 'processing') throw new NfseUnavailable('the gateway is still processing the note');
  if (found.state === 'rejected') return { kind: 'rejected', errors: found.errors };
  if (found.state === 'canceled')
    return { kind: 'rejected', errors: [{ code: 'CANCELADA', description: 'A nota foi cancelada no provedor.' }] };
  return { kind: 'authorized', accessKey: found.accessKey, xml: found.xml, number: found.number };
}

/** One attempt: asks for the DPS, sends it when the authority has none, keeps the answer. */
async function issue(note_id: number, { db, config, storage }: JobDeps) {
  const note = await db.nfseNote.findUnique({
    where: { id: note_id },
    select: {
      id: true,
      companyId: true,
      status: true,
      environment: true,
      dpsSeries: true,
      dpsNumber: true,
      dpsId: true,
      gatewayRef: true,
      issuedAt: true,
      amountCents: true,
      issCents: true,
      description: true,
      substitutesNoteId: true,
      substitutes: { select: { accessKey: true } },
      substitutionReason: true,
      substitutionJustification: true,
      company: { select: { name: true } },
      sale: {
        select: {
          budget: {
            select: {
              client: { select: nfseTakerSelect },
            },
          },
        },
      },
    },
  });
  if (note?.status !== 'pending') return;
  const settings = await db.nfseSettings.findUniqueOrThrow({ where: { companyId: note.companyId } });
  const reject = (errors: { code: string; message: string }[]) =>
    db.nfseNote.updateMany({ where: { id: note.id, status: 'pending' }, data: { status: 'rejected', errors } });
  // A note already handed to the gateway is followed there, whichever issuer the agency uses now.
  const route = note.gatewayRef ? 'gateway' : settings.issuer;
  const unusable = issuerProblem({ ...settings, issuer: route });
  if (unusable) {
    await reject([unusable]);
    return;
  }
  const environment = note.environment as NfseEnvironment;
  const client = note.sale.budget.client;
  const document = nfseTakerDocument(client);
  // The tomador's address goes only with an identified tomador.
  const address = document ? await takerAddress(config, client.addresses[0]) : null;
  let outcome: Issued;
  if ((note.gatewayRef || settings.issuer === 'gateway') && settings.gatewayTokenSealed) {
    const gateway = focusGateway(config, environment, documentCipherOf(config).open(settings.gatewayTokenSealed));
    let ref = note.gatewayRef;
    if (!ref) {
      ref = `n${note.id}-${Date.now().toString(36)}`;
      await db.nfseNote.updateMany({ where: { id: note.id, status: 'pending', gatewayRef: null }, data: { gatewayRef: ref } });
      ref = (await db.nfseNote.findUniqueOrThrow({ where: { id: note.id }, select: { gatewayRef: true } })).gatewayRef ?? ref;
    }
    const issuedAt = brasiliaTime(new Date());
    outcome = await issueThroughGateway(gateway, ref, () => ({
      data_emissao: issuedAt.dateTime,
      data_competencia: issuedAt.date,
      codigo_municipio_emissora: settings.cityCode,
      cnpj_prestador: settings.cnpj,
      inscricao_municipal_prestador: settings.municipalRegistration,
      codigo_opcao_simples_nacional: regTrib(settings.taxRegime as NfseTaxRegime).opSimpNac,
      regime_especial_tributacao: '0',
      ...(document ? { [document.length === 14 ? 'cnpj_tomador' : 'cpf_tomador']: document, razao_social_tomador: client.name } : {}),
      ...(document && client.email ? { email_tomador: client.email } : {}),
      ...(address
        ? {
            codigo_municipio_tomador: address.cityCode,
            cep_tomador: address.postalCode,
            logradouro_tomador: address.street,
            numero_tomador: address.number,
            ...(address.complement ? { complemento_tomador: address.complement } : {}),
            bairro_tomador: address.neighborhood,
          }
        : {}),
      codigo_municipio_prestacao: settings.cityCode,
      codigo_tributacao_nacional_iss: settings.serviceCode,
      descricao_servico: note.description,
      valor_servico: decimal(note.amountCents),
      tributacao_iss: '1',
      tipo_retencao_iss: '1',
    }));
  } else {
    outcome = await issueThroughNational(
      config,
      environment,
      settings,
      note,
      document ? { document, name: client.name, email: client.email, address } : null,
    );
  }
  if (outcome.kind === 'rejected') {
    await reject(rejectionMessages(outcome.errors, route === 'gateway' ? 'gateway' : 'national'));
    return;
  }
  const number = noteNumber(outcome.xml) ?? outcome.number ?? outcome.accessKey;
  const authorizedAt = new Date();
  const pdf = await renderDanfse({
    environment,
    number,
    accessKey: outcome.accessKey,
    authorizedAt,
    provider: { cnpj: settings.cnpj, municipalRegistration: settings.municipalRegistration, name: note.company.name },
    taker: { name: client.name, document },
    description: note.description,
    amountCents: note.amountCents,
    issCents: note.issCents,
  });
  const pdfKey = `nfse/${note.companyId}/${note.id}-${outcome.accessKey}.pdf`;
  await storage.put(pdfKey, pdf);
  const authorized = {
    where: { id: note.id, status: 'pending' },
    data: {
      status: 'authorized',
      number,
      accessKey: outcome.accessKey,
      xml: outcome.xml,
      pdfKey,
      authorizedAt,
      issuedAt: authorizedAt,
      errors: [],
    },
  };
  const { substitutesNoteId } = note;
  if (!substitutesNoteId) {
    await db.nfseNote.updateMany(authorized);
    return;
  }
  // The authority canceled the replaced note by substitution (event 105102) as it authorized this one.
  await db.$transaction(async (tx) => {
    const { count } = await tx.nfseNote.updateMany(authorized);
    if (count) await tx.nfseNote.updateMany({ where: { id: substitutesNoteId, status: 'authorized' }, data: { status: 'substituted' } });
  });
}

type NoteToIssue = {
  dpsId: string;
  dpsSeries: string;
  dpsNumber: number;
  amountCents: number;
  description: string;
  substitutes: { accessKey: string | null } | null;
  substitutionReason: string | null;
  substitutionJustification: string | null;
};

/** Through the national API: asks for the DPS, signs and sends it when the authority has none. */
async function issueThroughNational(
  config: JobDeps['config'],
  environment: NfseEnvironment,
  settings: {
    certificateSealed: string | null;
    passwordSealed: string | null;
    cnpj: string;
    municipalRegistration: string;
    cityCode: string;
    taxRegime: string;
    serviceCode: string;
  },
  note: NoteToIssue,
  taker: { document: string; name: string; email: string | null; address: DpsAddress | null } | null,
): Promise<Issued> {
  if (!settings.certificateSealed || !settings.passwordSealed) throw new Error('a national note to issue without the certificate');
  const certificate = openCertificate(config, { certificateSealed: settings.certificateSealed, passwordSealed: settings.passwordSealed });
  const provider = nationalProvider(config, environment, certificate);
  const found = await provider.findByDps(note.dpsId);
  const sent = found
    ? ({ kind: 'authorized', ...found } as const)
    : await provider.issue(
        signXml(
          buildDps({
            environment,
            issuedAt: new Date(),
            series: note.dpsSeries,
            number: note.dpsNumber,
            provider: {
              cnpj: settings.cnpj,
              municipalRegistration: settings.municipalRegistration,
              cityCode: settings.cityCode,
              taxRegime: settings.taxRegime as NfseTaxRegime,
            },
            taker,
            service: { code: settings.serviceCode, description: note.description },
            amountCents: note.amountCents,
            substitution:
              note.substitutes?.accessKey && note.substitutionReason
                ? {
                    accessKey: note.substitutes.accessKey,
                    reason: note.substitutionReason as NfseSubstitutionReason,
                    justification: note.substitutionJustification,
                  }
                : null,
          }),
          certificate,
        ),
      );
  // Refused as a duplicate: another run of this note (a retry sent again by the owner) got there first.
  const duplicate = sent.kind === 'rejected' ? await provider.findByDps(note.dpsId) : null;
  const outcome = duplicate ? ({ kind: 'authorized', ...duplicate } as const) : sent;
  return outcome;
}

/** One attempt: asks whether the cancellation is registered, sends it when not, keeps the answer. */
async function cancel(note_id: number, { db, config }: JobDeps) {
  const note = await db.nfseNote.findUnique({
    where: { id: note_id },
    select: {
      id: true,
      companyId: true,
      status: true,
      environment: true,
      accessKey: true,
      gatewayRef: true,
      cancelReason: true,
      cancelJustification: true,
    },
  });
  if (note?.status !== 'canceling' || !note.accessKey || !note.cancelReason || !note.cancelJustification) return;
  const settings = await db.nfseSettings.findUniqueOrThrow({ where: { companyId: note.companyId } });
  const back = (errors: { code: string; message: string }[]) =>
    db.nfseNote.updateMany({ where: { id: note.id, status: 'canceling' }, data: { status: 'authorized', errors } });
  // Canceled where it was issued, whichever issuer the agency uses now.
  const route = note.gatewayRef ? 'gateway' : 'national';
  const unusable = issuerProblem({ ...settings, issuer: route });
  if (unusable) {
    await back([unusable]);
    return;
  }
  const environment = note.environment as NfseEnvironment;
  let outcome: { kind: 'registered'; xml: string | null } | { kind: 'rejected'; errors: AuthorityMessage[] };
  if (note.gatewayRef && settings.gatewayTokenSealed) {
    const gateway = focusGateway(config, environment, documentCipherOf(config).open(settings.gatewayTokenSealed));
    const canceled = async () => {
      const found = await gateway.find(note.gatewayRef as string);
      return found?.state === 'canceled' ? ({ kind: 'registered', xml: found.xml } as const) : null;
    };
    const sent = (await canceled()) ?? (await gateway.cancel(note.gatewayRef, note.cancelJustification));
    // Refused as already canceled: an earlier attempt whose answer was lost got there first.
    outcome = (sent.kind === 'rejected' ? await canceled() : null) ?? sent;
  } else {
    outcome = await cancelThroughNational(config, environment, settings, {
      accessKey: note.accessKey,
      reason: note.cancelReason as NfseCancelReason,
      justification: note.cancelJustification,
    });
  }
  if (outcome.kind === 'rejected') {
    await back(rejectionMessages(outcome.errors, route));
    return;
  }
  await db.nfseNote.updateMany({
    where: { id: note.id, status: 'canceling' },
    data: { status: 'canceled', canceledAt: new Date(), cancelXml: outcome.xml, errors: [] },
  });
}

/** Through the national API: the signed cancellation event, unless it is already registered. */
async function cancelThroughNational(
  config: JobDeps['config'],
  environment: NfseEnvironment,
  settings: { certificateSealed: string | null; passwordSealed: string | null; cnpj: string },
  note: { accessKey: string; reason: NfseCancelReason; justification: string },
) {
  if (!settings.certificateSealed || !settings.passwordSealed) throw new Error('a national note to cancel without the certificate');
  const certificate = openCertificate(config, { certificateSealed: settings.certificateSealed, passwordSealed: settings.passwordSealed });
  const provider = nationalProvider(config, environment, certificate);
  const found = await provider.findEvent(note.accessKey, CANCEL_EVENT);
  const sent = found
    ? ({ kind: 'registered', ...found } as const)
    : await provider.registerEvent(
        note.accessKey,
        signXml(
          buildCancelEvent({
            environment,
            requestedAt: new Date(),
            cnpj: settings.cnpj,
            accessKey: note.accessKey,
            reason: note.reason,
            justification: note.justification,
          }),
          certificate,
          'infPedReg',
        ),
      );
  // Refused as already registered: an earlier attempt whose answer was lost got there first.
  const registered = sent.kind === 'rejected' ? await provider.findEvent(note.accessKey, CANCEL_EVENT) : null;
  return registered ? ({ kind: 'registered', ...registered } as const) : sent;
}

export const nfseJobs = [issueNfseJob, cancelNfseJob] as JobDefinition<unknown>[];
