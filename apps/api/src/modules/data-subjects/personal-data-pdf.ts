// A data subject's export as a document the person can read: each section of PersonalDataExport with
// its fields named in Portuguese, drawn in the product's embedded fonts (every accent), page numbers
// at the bottom. Drawn in a PDF worker thread like every other PDF (platform/pdf).
import { BUSINESS_TIME_ZONE, type PersonalDataExport, shortDate } from '@app/shared';
import { drawText, fontChains } from '../../platform/pdf/fonts';
import { openA4Pdf } from '../budget-documents/budget-pdf';

const MARGIN = 50;
const FOOTER_HEIGHT = 24;
const COLORS = { text: '#1f2933', muted: '#616e7c', brand: '#1c4e80' };

/** The export's keys as the person reads them. */
const LABELS: Record<string, string> = {
  id: 'Código',
  kind: 'Tipo',
  name: 'Nome',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Telefone',
  birth_date: 'Nascimento',
  notes: 'Observações',
  is_active: 'Ativo',
  created_at: 'Criado em',
  updated_at: 'Alterado em',
  relationship: 'Relação',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  postal_code: 'CEP',
  type: 'Tipo',
  country: 'País',
  issued_at: 'Emissão',
  expires_at: 'Validade',
  filename: 'Arquivo',
  content_type: 'Formato',
  size: 'Tamanho (bytes)',
  title: 'Título',
  destination: 'Destino',
  start_date: 'Início',
  end_date: 'Fim',
  status: 'Situação',
  budget_id: 'Orçamento',
  budget_title: 'Orçamento',
  age_group: 'Faixa etária',
  document_type: 'Documento',
  document_number: 'Número do documento',
  document_country: 'País do documento',
  document_expires_at: 'Validade do documento',
  accepted_at: 'Aceito em',
  recipients: 'Destinatários',
  message: 'Mensagem',
  sent_at: 'Enviado em',
  user: 'Usuário',
  at: 'Quando',
  action: 'O quê',
  detail: 'Detalhe',
  marketing_consent_at: 'Aceitou receber ofertas em',
  marketing_consent_source: 'Origem do aceite',
  marketing_consent_withdrawn_at: 'Descadastrou-se em',
  ip_address: 'Endereço IP',
};

/** A moment as the agency reads it (the server's own clock is UTC). */
const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(new Date(iso));

const SECTIONS: [keyof PersonalDataExport, string][] = [
  ['contacts', 'Contatos'],
  ['addresses', 'Endereços'],
  ['documents', 'Documentos'],
  ['attachments', 'Arquivos'],
  ['companions', 'Acompanhantes'],
  ['attendances', 'Atendimentos'],
  ['budget_passengers', 'Passageiro em orçamentos'],
  ['acceptances', 'Aceites de orçamento'],
  ['emails', 'E-mails enviados'],
  ['accesses', 'Quem da agência abriu o cadastro'],
  ['personal_data_reads', 'Quem da agência leu os documentos ou exportou os dados'],
  ['requests', 'Pedidos de titular atendidos'],
];

function shown(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return shortDate(value);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return dateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return key === 'id' ? `#${value}` : String(value);
}

export function renderPersonalDataPdf(data: PersonalDataExport): Promise<Buffer> {
  const fonts = fontChains();
  const { doc, done } = openA4Pdf(fonts, {
    margin: MARGIN,
    footerHeight: FOOTER_HEIGHT,
    info: { Title: `Dados do titular: ${String(data.client.name)}`, Author: data.agency.name },
  });
  const width = doc.page.width - 2 * MARGIN;
  const text = (value: string, opts: { size?: number; bold?: boolean; color?: string; gap?: number } = {}) => {
    if (doc.y > doc.page.height - MARGIN - FOOTER_HEIGHT - 20) doc.addPage();
    doc.fontSize(opts.size ?? 10).fillColor(opts.color ?? COLORS.text);
    drawText(doc, fonts, value, opts.bold ? 'bold' : 'regular', { x: MARGIN, y: doc.y }, { width });
    if (opts.gap) doc.moveDown(opts.gap);
  };
  const record = (r: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(r)) {
      const v = shown(key, value);
      if (v !== null) text(`${LABELS[key] ?? key}: ${v}`, { size: 9.5 });
    }
    doc.moveDown(0.5);
  };

  text(data.agency.name, { size: 14, bold: true, color: COLORS.brand, gap: 0.2 });
  text('Dados pessoais do titular (LGPD, art. 18)', { size: 18, bold: true, gap: 0.2 });
  text(`Gerado em ${dateTime(data.generated_at)}. Tudo o que a agência guarda sobre a pessoa no sistema.`, {
    size: 9.5,
    color: COLORS.muted,
    gap: 0.8,
  });
  text('Cadastro', { size: 13, bold: true, color: COLORS.brand, gap: 0.3 });
  record(data.client);
  for (const [key, title] of SECTIONS) {
    const rows = data[key] as Record<string, unknown>[];
    text(title, { size: 13, bold: true, color: COLORS.brand, gap: 0.3 });
    if (!rows.length) {
      text('Nenhum registro.', { size: 9.5, color: COLORS.muted, gap: 0.6 });
      continue;
    }
    for (const row of rows) record(row);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor(COLORS.muted);
    doc.text(`Página ${i + 1} de ${range.count}`, MARGIN, doc.page.height - MARGIN - 10, { width, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
