// The job that issues a requested NFS-e. Idempotent: a note no longer pending is left alone, and
// before sending, the authority is asked whether this DPS already became a note (an earlier attempt
// whose answer was lost to a timeout or a crash): then that note is fetched, never a second one
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
  nfseTakerDocument,
} from '@app/shared';
import { DOMParser } from '@xmldom/xmldom';
import { z } from 'zod';
import { documentCipherOf } from '../../document-numbers';
import { JOB_MAX_ATTEMPTS, type JobDefinition, type JobDeps } from '../../platform/jobs';
import { certificateProblem, readPfx } from './nfse-certificate';
import { renderDanfse } from './nfse-danfse';
import { buildDps, DPS_NAMESPACE } from './nfse-dps';
import { buildCancelEvent, CANCEL_EVENT } from './nfse-event';
import { rejectionMessages } from './nfse-messages';
import { nationalProvider } from './nfse-national';
import { signXml } from './nfse-sign';

/** nNFSe of the authorized note's XML. */
function noteNumber(xml: string): string | null {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
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
        if (run.attempt >= JOB_MAX_ATTEMPTS)
          await deps.db.nfseNote.updateMany({
            where: { id: note_id, status },
            data: { errors: [{ code: NFSE_NO_ANSWER_CODE, message: NFSE_MESSAGES.noAnswer }] },
          });
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
      amountCents: true,
      issCents: true,
      description: true,
      substitutesNoteId: true,
      substitutes: { select: { accessKey: true } },
      substitutionReason: true,
      substitutionJustification: true,
      company: { select: { name: true } },
      sale: { select: { budget: { select: { client: { select: { name: true, cpf: true, cnpj: true, email: true } } } } } },
    },
  });
  if (note?.status !== 'pending') return;
  const settings = await db.nfseSettings.findUniqueOrThrow({ where: { companyId: note.companyId } });
  const reject = (errors: { code: string; message: string }[]) =>
    db.nfseNote.updateMany({ where: { id: note.id, status: 'pending' }, data: { status: 'rejected', errors } });
  const unusable = certificateProblem(settings);
  if (unusable || !settings.certificateSealed || !settings.passwordSealed) {
    await reject([unusable ?? { code: 'CERTIFICADO', message: NFSE_MESSAGES.certificateMissing }]);
    return;
  }
  const certificate = openCertificate(config, { certificateSealed: settings.certificateSealed, passwordSealed: settings.passwordSealed });
  const environment = note.environment as NfseEnvironment;
  const provider = nationalProvider(config, environment, certificate);
  const client = note.sale.budget.client;
  const document = nfseTakerDocument(client);

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
            taker: document ? { document, name: client.name, email: client.email } : null,
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
  if (outcome.kind === 'rejected') {
    await reject(rejectionMessages(outcome.errors));
    return;
  }
  const number = noteNumber(outcome.xml) ?? outcome.accessKey;
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

/** One attempt: asks whether the cancellation is registered, sends it when not, keeps the answer. */
async function cancel(note_id: number, { db, config }: JobDeps) {
  const note = await db.nfseNote.findUnique({
    where: { id: note_id },
    select: { id: true, companyId: true, status: true, environment: true, accessKey: true, cancelReason: true, cancelJustification: true },
  });
  if (note?.status !== 'canceling' || !note.accessKey || !note.cancelReason || !note.cancelJustification) return;
  const settings = await db.nfseSettings.findUniqueOrThrow({ where: { companyId: note.companyId } });
  const back = (errors: { code: string; message: string }[]) =>
    db.nfseNote.updateMany({ where: { id: note.id, status: 'canceling' }, data: { status: 'authorized', errors } });
  const unusable = certificateProblem(settings);
  if (unusable || !settings.certificateSealed || !settings.passwordSealed) {
    await back([unusable ?? { code: 'CERTIFICADO', message: NFSE_MESSAGES.certificateMissing }]);
    return;
  }
  const certificate = openCertificate(config, { certificateSealed: settings.certificateSealed, passwordSealed: settings.passwordSealed });
  const environment = note.environment as NfseEnvironment;
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
            reason: note.cancelReason as NfseCancelReason,
            justification: note.cancelJustification,
          }),
          certificate,
          'infPedReg',
        ),
      );
  // Refused as already registered: an earlier attempt whose answer was lost got there first.
  const registered = sent.kind === 'rejected' ? await provider.findEvent(note.accessKey, CANCEL_EVENT) : null;
  const outcome = registered ? ({ kind: 'registered', ...registered } as const) : sent;
  if (outcome.kind === 'rejected') {
    await back(rejectionMessages(outcome.errors));
    return;
  }
  await db.nfseNote.updateMany({
    where: { id: note.id, status: 'canceling' },
    data: { status: 'canceled', canceledAt: new Date(), cancelXml: outcome.xml, errors: [] },
  });
}

export const nfseJobs = [issueNfseJob, cancelNfseJob] as JobDefinition<unknown>[];
