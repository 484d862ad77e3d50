// The pedido de registro de evento of the NFS-e Nacional (pedRegEvento, layout v1.00): the
// cancellation (e101101) the agency asks for one of its notes. Built from plain values, no I/O; the
// signature of infPedReg is added by signXml.
import type { NfseCancelReason, NfseEnvironment } from '@app/shared';
import type XmlBuilder from 'xmlbuilder2';
import { onFirstUse } from '../../platform/on-first-use';
import { brasiliaTime, DPS_APP_VERSION, DPS_NAMESPACE, DPS_VERSION } from './nfse-dps';

const xmlBuilder = onFirstUse<typeof XmlBuilder>('xmlbuilder2');

/** The event code of the cancellation (a note has at most one). */
export const CANCEL_EVENT = '101101';

/**
 * The request's Id on layout 1.00: "PRE" + the note's access key (50) + the event code (6),
 * PRE[0-9]{56}. The 1.01 schema adds a 3-digit sequence (PRE[0-9]{59}) and an nPedRegEvento
 * element; integrators report the Sefin Nacional refusing both on 1.00, so neither is sent.
 */
export const cancelEventId = (accessKey: string) => `PRE${accessKey}${CANCEL_EVENT}`;

export type CancelEventInput = {
  environment: NfseEnvironment;
  requestedAt: Date;
  cnpj: string;
  accessKey: string;
  reason: NfseCancelReason;
  justification: string;
};

/** The cancellation request, unsigned. */
export function buildCancelEvent(input: CancelEventInput): string {
  const doc = xmlBuilder().create({ version: '1.0', encoding: 'UTF-8' });
  const inf = doc.ele(DPS_NAMESPACE, 'pedRegEvento', { versao: DPS_VERSION }).ele('infPedReg', { Id: cancelEventId(input.accessKey) });
  inf.ele('tpAmb').txt(input.environment === 'producao' ? '1' : '2');
  inf.ele('verAplic').txt(DPS_APP_VERSION);
  inf.ele('dhEvento').txt(brasiliaTime(input.requestedAt).dateTime);
  inf.ele('CNPJAutor').txt(input.cnpj);
  inf.ele('chNFSe').txt(input.accessKey);
  const event = inf.ele(`e${CANCEL_EVENT}`);
  event.ele('xDesc').txt('Cancelamento de NFS-e');
  event.ele('cMotivo').txt(input.reason);
  event.ele('xMotivo').txt(input.justification);
  return doc.end({ headless: false });
}
