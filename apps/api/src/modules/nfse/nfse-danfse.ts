// The DANFSe (the NFS-e's printable aid) drawn by us with pdfkit from what the note stores: the
// national API answers the XML only. Latin-1 text in the standard fonts covers pt-BR.
import { toCurrency } from '@app/shared';

export type DanfseData = {
  environment: 'homologacao' | 'producao';
  number: string;
  accessKey: string;
  authorizedAt: Date;
  provider: { cnpj: string; municipalRegistration: string; name: string };
  taker: { name: string; document: string | null };
  description: string;
  amountCents: number;
  issCents: number;
};

export async function renderDanfse(data: DanfseData): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `NFS-e ${data.number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(9).text(label);
    doc.font('Helvetica').fontSize(11).text(value).moveDown(0.6);
  };
  doc.font('Helvetica-Bold').fontSize(16).text('DANFSe - Documento Auxiliar da NFS-e');
  if (data.environment === 'homologacao')
    doc.fillColor('#b00020').fontSize(12).text('AMBIENTE DE HOMOLOGAÇÃO - SEM VALOR FISCAL').fillColor('black');
  doc.moveDown();
  line('Número da NFS-e', data.number);
  line('Chave de acesso', data.accessKey);
  line('Data e hora da autorização', data.authorizedAt.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
  line('Prestador', `${data.provider.name} - CNPJ ${data.provider.cnpj} - Inscrição municipal ${data.provider.municipalRegistration}`);
  line('Tomador', data.taker.document ? `${data.taker.name} - ${data.taker.document}` : data.taker.name);
  line('Discriminação do serviço', data.description);
  line('Valor do serviço', toCurrency(data.amountCents));
  line('ISS (estimado pela alíquota configurada)', toCurrency(data.issCents));
  doc.end();
  return done;
}
