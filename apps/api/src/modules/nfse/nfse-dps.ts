// The DPS (Declaração de Prestação de Serviço) of the NFS-e Nacional, layout v1.00 (namespace
// http://www.sped.fazenda.gov.br/nfse): built from plain values, no I/O. Only the groups an agency's
// service note needs: the agency as prestador and emitente, the customer as tomador, one service
// (agenciamento de turismo) taxed by ISSQN not withheld, no federal retentions.
import type { NfseEnvironment, NfseSubstitutionReason, NfseTaxRegime } from '@app/shared';
import type XmlBuilder from 'xmlbuilder2';
import { onFirstUse } from '../../platform/on-first-use';

const xmlBuilder = onFirstUse<typeof XmlBuilder>('xmlbuilder2');

export const DPS_NAMESPACE = 'http://www.sped.fazenda.gov.br/nfse';
export const DPS_VERSION = '1.00';
/** verAplic: who generated the DPS (TSVerAplic, up to 20 characters). */
export const DPS_APP_VERSION = 'AgenciaCRM_1.0';

export type DpsInput = {
  environment: NfseEnvironment;
  /** Emission moment; written in Brasília time (UTC−03:00), as the layout's examples do. */
  issuedAt: Date;
  series: string;
  number: number;
  provider: { cnpj: string; municipalRegistration: string; cityCode: string; taxRegime: NfseTaxRegime };
  taker: { document: string; name: string; email: string | null; address?: DpsAddress | null } | null;
  service: { code: string; description: string };
  amountCents: number;
  /** The authorized note this DPS replaces (group subst): its access key, reason code and justification. */
  substitution?: { accessKey: string; reason: NfseSubstitutionReason; justification: string | null } | null;
};

/**
 * TSIdDPS: "DPS" + municipality (7) + inscription kind (1: CPF, 2: CNPJ) + inscription (14) +
 * series (5) + number (15), digits padded with zeros.
 */
export function dpsId(cityCode: string, cnpj: string, series: string, number: number): string {
  return `DPS${cityCode}2${cnpj.padStart(14, '0')}${series.padStart(5, '0')}${String(number).padStart(15, '0')}`;
}

/** The tomador's address in Brazil (TCEndereco with endNac): the municipality by its IBGE code, the CEP in digits. */
export type DpsAddress = {
  cityCode: string;
  postalCode: string;
  street: string;
  number: string;
  complement: string | null;
  neighborhood: string;
};

/** Cents as TSDec15V2 ("1234.56"). */
export const decimal = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** AAAA-MM-DDThh:mm:ss-03:00 (TSDateTimeUTC: no fraction of a second). */
export function brasiliaTime(at: Date): { dateTime: string; date: string } {
  const local = new Date(at.getTime() - 3 * 60 * 60 * 1000).toISOString().slice(0, 19);
  return { dateTime: `${local}-03:00`, date: local.slice(0, 10) };
}

/** opSimpNac: 1 não optante, 2 MEI, 3 ME/EPP (with regApTribSN 1: federal and municipal taxes through the SN). */
export function regTrib(regime: NfseTaxRegime) {
  if (regime === 'mei') return { opSimpNac: '2', regEspTrib: '0' };
  if (regime === 'simples_nacional') return { opSimpNac: '3', regApTribSN: '1', regEspTrib: '0' };
  return { opSimpNac: '1', regEspTrib: '0' };
}

/** The DPS, unsigned (signDps adds the enveloped signature of infDPS). */
export function buildDps(input: DpsInput): string {
  const when = brasiliaTime(input.issuedAt);
  const id = dpsId(input.provider.cityCode, input.provider.cnpj, input.series, input.number);
  const doc = xmlBuilder().create({ version: '1.0', encoding: 'UTF-8' });
  const inf = doc.ele(DPS_NAMESPACE, 'DPS', { versao: DPS_VERSION }).ele('infDPS', { Id: id });
  inf.ele('tpAmb').txt(input.environment === 'producao' ? '1' : '2');
  inf.ele('dhEmi').txt(when.dateTime);
  inf.ele('verAplic').txt(DPS_APP_VERSION);
  inf.ele('serie').txt(input.series);
  inf.ele('nDPS').txt(String(input.number));
  inf.ele('dCompet').txt(when.date);
  inf.ele('tpEmit').txt('1');
  inf.ele('cLocEmi').txt(input.provider.cityCode);
  if (input.substitution) {
    const subst = inf.ele('subst');
    subst.ele('chSubstda').txt(input.substitution.accessKey);
    subst.ele('cMotivo').txt(input.substitution.reason);
    if (input.substitution.justification) subst.ele('xMotivo').txt(input.substitution.justification.slice(0, 255));
  }
  // The prestador is the emitente: its name and address come from the national register, not the DPS.
  const prest = inf.ele('prest');
  prest.ele('CNPJ').txt(input.provider.cnpj);
  prest.ele('IM').txt(input.provider.municipalRegistration);
  const reg = prest.ele('regTrib');
  for (const [name, value] of Object.entries(regTrib(input.provider.taxRegime))) reg.ele(name).txt(value);
  if (input.taker) {
    const toma = inf.ele('toma');
    toma.ele(input.taker.document.length === 14 ? 'CNPJ' : 'CPF').txt(input.taker.document);
    toma.ele('xNome').txt(input.taker.name.slice(0, 300));
    const address = input.taker.address;
    if (address) {
      const end = toma.ele('end');
      const nac = end.ele('endNac');
      nac.ele('cMun').txt(address.cityCode);
      nac.ele('CEP').txt(address.postalCode);
      end.ele('xLgr').txt(address.street.slice(0, 255));
      end.ele('nro').txt(address.number.slice(0, 60));
      if (address.complement) end.ele('xCpl').txt(address.complement.slice(0, 156));
      end.ele('xBairro').txt(address.neighborhood.slice(0, 60));
    }
    if (input.taker.email) toma.ele('email').txt(input.taker.email.slice(0, 80));
  }
  const serv = inf.ele('serv');
  serv.ele('locPrest').ele('cLocPrestacao').txt(input.provider.cityCode);
  const cServ = serv.ele('cServ');
  cServ.ele('cTribNac').txt(input.service.code);
  cServ.ele('xDescServ').txt(input.service.description.slice(0, 2000));
  const valores = inf.ele('valores');
  valores.ele('vServPrest').ele('vServ').txt(decimal(input.amountCents));
  const trib = valores.ele('trib');
  // The ISS rate is omitted: a municipality in the national system has it parametrised and the
  // authority applies it (pAliq is only for municipalities outside it).
  const tribMun = trib.ele('tribMun');
  tribMun.ele('tribISSQN').txt('1');
  tribMun.ele('tpRetISSQN').txt('1');
  trib.ele('totTrib').ele('indTotTrib').txt('0');
  return doc.end({ headless: false });
}
