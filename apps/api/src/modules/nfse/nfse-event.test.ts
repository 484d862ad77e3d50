// The cancellation request against the national event layout (the schema subset in test/), signed.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { makeA1Pfx, makeTestCa, signatureHolds } from '../../../test/nfse-certificates';
import { type A1Certificate, readPfx } from './nfse-certificate';
import { buildCancelEvent, type CancelEventInput, cancelEventId } from './nfse-event';
import { signXml } from './nfse-sign';

const schema = readFileSync(new URL('../../../test/nfse-event-v1.00-subset.xsd', import.meta.url), 'utf8');
const validate = (xml: string) =>
  validateXML({ xml: [{ fileName: 'evento.xml', contents: xml }], schema: [{ fileName: 'evento.xsd', contents: schema }] });

const KEY = '35503082123456780001950000000000012111111111111111';
const input: CancelEventInput = {
  environment: 'homologacao',
  requestedAt: new Date('2026-11-28T14:05:09.123Z'),
  cnpj: '12345678000195',
  accessKey: KEY,
  reason: '2',
  justification: 'Cliente desistiu da viagem & <pediu> reembolso',
};

let certificate: A1Certificate;
beforeAll(() => {
  const { pfx } = makeA1Pfx(makeTestCa(), '12345678000195', 'segredo');
  certificate = readPfx(pfx, 'segredo');
});

describe('buildCancelEvent', () => {
  it('asks to cancel the note by its key, with the reason code and the justification, in Brasília time', () => {
    expect(cancelEventId(KEY)).toBe(`PRE${KEY}101101`);
    const xml = buildCancelEvent(input);
    expect(xml).toContain(`<pedRegEvento xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infPedReg Id="PRE${KEY}101101">`);
    expect(xml).toContain('<tpAmb>2</tpAmb><verAplic>AgenciaCRM_1.0</verAplic><dhEvento>2026-11-28T11:05:09-03:00</dhEvento>');
    expect(xml).toContain(`<CNPJAutor>12345678000195</CNPJAutor><chNFSe>${KEY}</chNFSe>`);
    expect(xml).toContain('<e101101><xDesc>Cancelamento de NFS-e</xDesc><cMotivo>2</cMotivo>');
    expect(xml).toContain('<xMotivo>Cliente desistiu da viagem &amp; &lt;pediu&gt; reembolso</xMotivo>');
    expect(buildCancelEvent({ ...input, environment: 'producao' })).toContain('<tpAmb>1</tpAmb>');
  });

  it('is valid against the event schema once signed, and not without the signature or with a short justification', async () => {
    const signed = signXml(buildCancelEvent(input), certificate, 'infPedReg');
    const result = await validate(signed);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect((await validate(buildCancelEvent(input))).valid).toBe(false);
    expect((await validate(signXml(buildCancelEvent({ ...input, justification: 'curto' }), certificate, 'infPedReg'))).valid).toBe(false);
  });

  it('signs infPedReg enveloped, verifiable with the certificate it carries', () => {
    const signed = signXml(buildCancelEvent(input), certificate, 'infPedReg');
    expect(signed).toContain(`<Reference URI="#PRE${KEY}101101">`);
    const verify = (xml: string) => signatureHolds(xml, certificate.certPem);
    expect(verify(signed)).toBe(true);
    expect(verify(signed.replace('<cMotivo>2</cMotivo>', '<cMotivo>9</cMotivo>'))).toBe(false);
  });
});
