// The DPS builder against the national layout (the schema subset in test/), and its signature.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { makeA1Pfx, makeTestCa, signatureHolds } from '../../../test/nfse-certificates';
import { type A1Certificate, readPfx } from './nfse-certificate';
import { buildDps, type DpsInput, dpsId } from './nfse-dps';
import { signXml } from './nfse-sign';

const schema = readFileSync(new URL('../../../test/nfse-dps-v1.00-subset.xsd', import.meta.url), 'utf8');
const validate = (xml: string) =>
  validateXML({ xml: [{ fileName: 'dps.xml', contents: xml }], schema: [{ fileName: 'dps.xsd', contents: schema }] });

const input: DpsInput = {
  environment: 'homologacao',
  issuedAt: new Date('2026-11-28T14:05:09.123Z'),
  series: '1',
  number: 42,
  provider: { cnpj: '12345678000195', municipalRegistration: '1234567', cityCode: '3550308', taxRegime: 'simples_nacional' },
  taker: { document: '52998224725', name: 'Ana Souza', email: 'ana@example.com' },
  service: { code: '090201', description: 'Agenciamento de turismo - Intermediação: Lua de mel & <Lisboa>' },
  amountCents: 150_005,
};

let certificate: A1Certificate;
beforeAll(() => {
  const { pfx } = makeA1Pfx(makeTestCa(), '12345678000195', 'segredo');
  certificate = readPfx(pfx, 'segredo');
});

describe('buildDps', () => {
  it('names the DPS by municipality, CNPJ, series and number (TSIdDPS)', () => {
    expect(dpsId('3550308', '12345678000195', '1', 42)).toBe('DPS355030821234567800019500001000000000000042');
    expect(dpsId('3550308', '12345678000195', '1', 42)).toHaveLength(45);
  });

  it('writes the fields in the layout order, in Brasília time, with decimal values', () => {
    const xml = buildDps(input);
    expect(xml).toContain(
      '<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infDPS Id="DPS355030821234567800019500001000000000000042">',
    );
    expect(xml).toContain('<tpAmb>2</tpAmb><dhEmi>2026-11-28T11:05:09-03:00</dhEmi>');
    expect(xml).toContain('<dCompet>2026-11-28</dCompet>');
    expect(xml).toContain('<regTrib><opSimpNac>3</opSimpNac><regApTribSN>1</regApTribSN><regEspTrib>0</regEspTrib></regTrib>');
    expect(xml).toContain('<toma><CPF>52998224725</CPF><xNome>Ana Souza</xNome><email>ana@example.com</email></toma>');
    expect(xml).toContain('Lua de mel &amp; &lt;Lisboa&gt;');
    expect(xml).toContain('<vServ>1500.05</vServ>');
    expect(buildDps({ ...input, environment: 'producao' })).toContain('<tpAmb>1</tpAmb>');
  });

  it('is valid against the DPS schema once signed, for every regime and a company as tomador', async () => {
    for (const taxRegime of ['simples_nacional', 'lucro_presumido', 'mei'] as const) {
      const signed = signXml(buildDps({ ...input, provider: { ...input.provider, taxRegime } }), certificate);
      const result = await validate(signed);
      expect(result.errors).toEqual([]);
      expect(result.valid).toBe(true);
    }
    const company = signXml(buildDps({ ...input, taker: { document: '11222333000181', name: 'Empresa X', email: null } }), certificate);
    expect((await validate(company)).valid).toBe(true);
  });

  it('gives the tomador’s address in Brazil (municipality by IBGE code, CEP), between the name and the e-mail, valid against the schema', async () => {
    const address = {
      cityCode: '3550308',
      postalCode: '01310100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: null,
      neighborhood: 'Bela Vista',
    };
    const xml = buildDps({ ...input, taker: { ...(input.taker as NonNullable<DpsInput['taker']>), address } });
    expect(xml).toContain(
      '<xNome>Ana Souza</xNome><end><endNac><cMun>3550308</cMun><CEP>01310100</CEP></endNac><xLgr>Avenida Paulista</xLgr><nro>1000</nro><xBairro>Bela Vista</xBairro></end><email>ana@example.com</email>',
    );
    const result = await validate(signXml(xml, certificate));
    expect(result.errors).toEqual([]);
    const withComplement = buildDps({
      ...input,
      taker: { ...(input.taker as NonNullable<DpsInput['taker']>), address: { ...address, complement: 'Conjunto 12' } },
    });
    expect(withComplement).toContain('<nro>1000</nro><xCpl>Conjunto 12</xCpl><xBairro>Bela Vista</xBairro>');
    expect((await validate(signXml(withComplement, certificate))).valid).toBe(true);
  });

  it('names the note it replaces in subst, between cLocEmi and prest, valid with and without a justification', async () => {
    const accessKey = '3550308212345678000195'.padEnd(50, '7');
    const substitution = { accessKey, reason: '99' as const, justification: 'Valor do serviço informado com erro.' };
    const xml = buildDps({ ...input, substitution });
    expect(xml).toContain(
      `<cLocEmi>3550308</cLocEmi><subst><chSubstda>${accessKey}</chSubstda><cMotivo>99</cMotivo><xMotivo>Valor do serviço informado com erro.</xMotivo></subst><prest>`,
    );
    expect((await validate(signXml(xml, certificate))).errors).toEqual([]);
    const bare = signXml(buildDps({ ...input, substitution: { ...substitution, reason: '05', justification: null } }), certificate);
    expect((await validate(bare)).valid).toBe(true);
    const oneDigit = signXml(buildDps({ ...input, substitution: { ...substitution, reason: '9' as '99' } }), certificate);
    expect((await validate(oneDigit)).valid).toBe(false);
  });

  it('fails the schema without the signature or with a field out of its pattern', async () => {
    expect((await validate(buildDps(input))).valid).toBe(false);
    const badCity = signXml(buildDps({ ...input, provider: { ...input.provider, cityCode: '355030' } }), certificate);
    expect((await validate(badCity)).valid).toBe(false);
  });
});

describe('signXml', () => {
  it('signs infDPS enveloped with RSA-SHA256 over C14N, verifiable with the certificate it carries', () => {
    const signed = signXml(buildDps(input), certificate);
    expect(signed).toMatch(/<\/infDPS><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
    expect(signed).toContain('<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>');
    expect(signed).toContain('<Reference URI="#DPS355030821234567800019500001000000000000042">');
    expect(signed).toContain(`<X509Certificate>${certificate.certBase64}</X509Certificate>`);

    const verify = (xml: string) => signatureHolds(xml, certificate.certPem);
    expect(verify(signed)).toBe(true);
    expect(verify(signed.replace('<vServ>1500.05</vServ>', '<vServ>1.00</vServ>'))).toBe(false);
  });
});
