// The budget as a designed PDF (cover, proposals day by day, values, payment options, Pix QR,
// recommendations, the agency's contact on every page), drawn from the public LandingPage DTO
// only: the PDF can never show more than the landing page.
import {
  AGE_GROUPS,
  type AgencyContact,
  agencyRegistration,
  canceledServiceTexts,
  type LandingPage,
  type LandingPaymentOption,
  type LandingProposal,
  type LandingService,
  longDate,
  PAYMENT_METHOD_KIND_LABELS,
  passengerSplit,
  perPassengerText,
  RECOMMENDATION_CATEGORY_LABELS,
  shortDate,
  timelineDays,
  toCurrency,
  weekdayLongDate,
} from '@app/shared';
import PDFDocument from 'pdfkit';
import { encode } from 'uqr';
import { drawText, type FontChains, fontChains, registerFonts } from '../../platform/pdf/fonts';

export type BudgetPdfOptions = {
  /** The agency's logo as PNG or JPEG bytes (the caller reads and converts it); none: its name. */
  logo?: Buffer | null;
};

const COLORS = { brand: '#1c5d99', text: '#1f2933', muted: '#616e7c', rule: '#d9dee4', band: '#f0f4f8' };
const MARGIN = 48;
const FOOTER_HEIGHT = 40;

type Doc = PDFKit.PDFDocument;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function headCount(a: { adult_number: number; child_number: number; infant_number: number }): string {
  return [
    a.adult_number ? plural(a.adult_number, 'adulto', 'adultos') : '',
    a.child_number ? plural(a.child_number, 'criança', 'crianças') : '',
    a.infant_number ? plural(a.infant_number, 'bebê', 'bebês') : '',
  ]
    .filter(Boolean)
    .join(', ');
}

const dateTime = (date: string | null, time: string | null) => [shortDate(date), time ?? ''].filter(Boolean).join(' ');
const joined = (parts: (string | null | undefined)[], sep = ' · ') => parts.filter(Boolean).join(sep);
const place = (p: { code: string | null; name: string; city: string | null }) =>
  joined([p.code, p.name, p.city && p.city !== p.name ? p.city : null], ' ');

/** The lines under a service's title: what the customer needs to know of each kind. */
function serviceLines(s: LandingService): string[] {
  const period = joined([dateTime(s.start_date, s.start_time), dateTime(s.end_date, s.end_time)], ' até ');
  const lines: string[] = [];
  switch (s.type) {
    case 'air':
      for (const seg of s.details.segments) {
        lines.push(`${place(seg.origin)} – ${place(seg.destination)}`);
        lines.push(
          joined([
            seg.airline ? joined([seg.airline.name, seg.flight_number ? `voo ${seg.flight_number}` : null], ' ') : seg.flight_number,
            `partida ${dateTime(seg.departure_date, seg.departure_time)}`,
            seg.arrival_date || seg.arrival_time ? `chegada ${dateTime(seg.arrival_date, seg.arrival_time)}` : null,
          ]),
        );
        const extra = joined([seg.class_name ? `classe ${seg.class_name}` : null, seg.luggage ? `bagagem: ${seg.luggage}` : null]);
        if (extra) lines.push(extra);
      }
      break;
    case 'accommodation': {
      const d = s.details;
      lines.push(joined([d.hotel_name, d.stars ? plural(d.stars, 'estrela', 'estrelas') : null, d.location, d.city]));
      if (d.address) lines.push(d.address);
      lines.push(
        joined([
          s.start_date ? `check-in ${dateTime(s.start_date, d.check_in_time)}` : null,
          s.end_date ? `check-out ${dateTime(s.end_date, d.check_out_time)}` : null,
          d.diet ? `regime: ${d.diet}` : null,
        ]),
      );
      for (const r of d.rooms) {
        const kind = joined([r.room_type, r.room_category ? `(${r.room_category})` : null], ' ') || 'Quarto';
        lines.push(`${r.number_room} × ${kind} – ${headCount(r)}`);
      }
      break;
    }
    case 'cruise': {
      const d = s.details;
      lines.push(joined([d.cruise_company, d.ship ? `navio ${d.ship}` : null]));
      lines.push(
        joined([d.embark_port ? `embarque em ${d.embark_port}` : null, d.disembark_port ? `desembarque em ${d.disembark_port}` : null]),
      );
      lines.push(
        joined([d.cabin_type ? `cabine ${joined([d.cabin_type, d.cabin_category], ' ')}` : null, d.diet ? `regime: ${d.diet}` : null]),
      );
      if (d.itinerary) lines.push(`Roteiro: ${d.itinerary}`);
      lines.push(period);
      break;
    }
    case 'car_rental': {
      const d = s.details;
      lines.push(joined([d.rental_company, d.vehicle_category ? `categoria ${d.vehicle_category}` : null]));
      lines.push(joined([`retirada: ${d.pickup_place}`, d.dropoff_place ? `devolução: ${d.dropoff_place}` : null]));
      lines.push(period);
      break;
    }
    case 'transfer': {
      const d = s.details;
      lines.push(`${d.from_place} – ${d.to_place}`);
      lines.push(joined([d.private ? 'privativo' : 'compartilhado', d.vehicle, period]));
      break;
    }
    case 'insurance':
      lines.push(joined([s.details.plan_name, s.details.coverage ? `cobertura: ${s.details.coverage}` : null]));
      lines.push(period);
      break;
    case 'tour': {
      const d = s.details;
      lines.push(joined([d.place, d.meeting_point ? `encontro: ${d.meeting_point}` : null, period]));
      if (d.includes) lines.push(`Inclui: ${d.includes}`);
      break;
    }
    case 'other':
      lines.push(period);
      break;
  }
  const people = headCount(s);
  if (people) lines.push(people);
  return lines.filter(Boolean);
}

function contactLine(a: AgencyContact): string {
  return joined([
    a.email,
    a.phone,
    a.whatsapp && a.whatsapp !== a.phone ? `WhatsApp ${a.whatsapp}` : null,
    a.website,
    a.instagram ? `Instagram ${a.instagram.startsWith('@') ? a.instagram : `@${a.instagram}`}` : null,
    joined([a.city, a.state], '/'),
  ]);
}

class Writer {
  readonly width: number;
  constructor(
    readonly doc: Doc,
    readonly fonts: FontChains,
  ) {
    this.width = doc.page.width - 2 * MARGIN;
  }

  /** A new page when less than `height` is left above the footer. */
  room(height: number) {
    if (this.doc.y + height > this.doc.page.height - MARGIN - FOOTER_HEIGHT) this.doc.addPage();
  }

  text(value: string, opts: { size?: number; bold?: boolean; color?: string; gap?: number; indent?: number } = {}) {
    const { doc } = this;
    doc.fontSize(opts.size ?? 10).fillColor(opts.color ?? COLORS.text);
    drawText(
      doc,
      this.fonts,
      value,
      opts.bold ? 'bold' : 'regular',
      { x: MARGIN + (opts.indent ?? 0), y: doc.y },
      {
        width: this.width - (opts.indent ?? 0),
      },
    );
    if (opts.gap) doc.moveDown(opts.gap);
  }

  rule() {
    const { doc } = this;
    doc.moveDown(0.4);
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + this.width, doc.y)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.moveDown(0.6);
  }

  heading(value: string) {
    this.room(60);
    const { doc } = this;
    const y = doc.y;
    doc.rect(MARGIN, y, this.width, 24).fill(COLORS.band);
    doc.fontSize(12).fillColor(COLORS.brand);
    drawText(doc, this.fonts, value, 'bold', { x: MARGIN + 8, y: y + 5 }, { width: this.width - 16 });
    doc.y = y + 30;
  }
}

/** The Pix QR code as vector rectangles (sharp at any zoom): each run of dark modules of a row is one. */
function drawQr(doc: Doc, payload: string, x: number, y: number, size: number) {
  const qr = encode(payload, { ecc: 'M', border: 2 });
  const cell = size / qr.size;
  doc.rect(x, y, size, size).fill('#ffffff');
  qr.data.forEach((row, r) => {
    let start = -1;
    for (let c = 0; c <= row.length; c++) {
      if (row[c] && start < 0) start = c;
      else if (!row[c] && start >= 0) {
        doc.rect(x + start * cell, y + r * cell, (c - start) * cell, cell);
        start = -1;
      }
    }
  });
  doc.fill('#000000');
}

function cover(w: Writer, page: LandingPage, logo: Buffer | null | undefined) {
  const { doc } = w;
  if (logo) {
    doc.image(logo, MARGIN, MARGIN, { fit: [180, 70] });
    doc.y = MARGIN + 84;
  } else {
    w.text(page.agency.name, { size: 16, bold: true, color: COLORS.brand, gap: 1 });
  }
  doc.moveDown(3);
  w.text('Orçamento de viagem', { size: 11, color: COLORS.muted, gap: 0.3 });
  w.text(page.title, { size: 26, bold: true, gap: 0.5 });
  if (page.destination) w.text(page.destination, { size: 15, color: COLORS.brand, gap: 0.5 });
  const dates = joined([longDate(page.start_date), longDate(page.end_date)], ' a ');
  if (dates) w.text(dates, { size: 12, gap: 0.5 });
  if (page.passengers.length) w.text(`Passageiros: ${page.passengers.map((p) => p.first_name).join(', ')}`, { size: 12, gap: 1 });
  w.text(`Preparado por ${page.agent.name}, ${page.agency.name}.`, { size: 10, color: COLORS.muted, gap: 1 });
  if (page.observations) {
    w.rule();
    w.text('Observações', { size: 11, bold: true, gap: 0.3 });
    w.text(page.observations, { size: 10, gap: 0.5 });
  }
  w.rule();
  w.text(`${page.proposals.length === 1 ? 'Proposta' : 'Propostas'} neste orçamento:`, { size: 11, bold: true, gap: 0.3 });
  page.proposals.forEach((p, index) => {
    w.text(joined([`${index + 1}. ${p.title}`, p.totals ? toCurrency(p.totals.sale_cents, page.currency) : null], ' – '), { size: 11 });
  });
}

function service(w: Writer, s: LandingService, page: LandingPage) {
  const lines = serviceLines(s);
  w.room(30 + lines.length * 13);
  const y = w.doc.y;
  w.doc.rect(MARGIN, y + 2, 3, 12).fill(COLORS.brand);
  w.text(`${s.type_label}: ${s.title}`, { size: 11, bold: true, indent: 10 });
  for (const line of lines) w.text(line, { size: 9.5, color: COLORS.muted, indent: 10 });
  if (s.description) w.text(s.description, { size: 9.5, indent: 10 });
  if (page.show_values && s.sale_cents !== null)
    w.text(`Valor: ${toCurrency(s.sale_cents, page.currency)}`, { size: 10, bold: true, indent: 10 });
  w.doc.moveDown(0.6);
}

/** The proposal's canceled services, apart from the days: what each still adds to the total, and from what. */
function canceledServices(w: Writer, p: LandingProposal, page: LandingPage) {
  if (!p.canceled_services.length) return;
  w.heading('Serviços cancelados');
  for (const s of p.canceled_services) {
    const texts = canceledServiceTexts(s, (cents) => toCurrency(cents, page.currency));
    w.room(50);
    const { doc } = w;
    doc.rect(MARGIN, doc.y + 2, 3, 12).fill(COLORS.muted);
    w.text(`${s.type_label}: ${s.title}`, { size: 11, bold: true, indent: 10 });
    const dates = joined([shortDate(s.start_date), s.end_date && s.end_date !== s.start_date ? shortDate(s.end_date) : null], ' a ');
    if (dates) w.text(dates, { size: 9.5, color: COLORS.muted, indent: 10 });
    w.text(texts.status, { size: 10, bold: true, indent: 10 });
    if (texts.original && texts.returned) {
      // The original value struck through, as the page shows it.
      doc
        .font('regular')
        .fontSize(9.5)
        .fillColor(COLORS.muted)
        .text('Valor original ', MARGIN + 10, doc.y, { width: w.width - 10, continued: true })
        .text(texts.original, { strike: true, continued: true })
        .text(` · reembolso de ${texts.returned}`, { strike: false });
    }
    doc.moveDown(0.6);
  }
}

function paymentOption(w: Writer, option: LandingPaymentOption) {
  const { doc } = w;
  const qrSize = 96;
  w.room(option.pix ? qrSize + 40 : 30 + option.installments.length * 12);
  w.text(
    joined([option.name, option.name === PAYMENT_METHOD_KIND_LABELS[option.kind] ? null : PAYMENT_METHOD_KIND_LABELS[option.kind]], ' – '),
    {
      size: 10.5,
      bold: true,
    },
  );
  if (option.instructions) w.text(option.instructions, { size: 9, color: COLORS.muted });
  // installments.ts' label: it names the first installment where it takes the leftover cents.
  for (const i of option.installments) w.text(i.label, { size: 9.5, indent: 10 });
  if (option.pix) {
    const top = doc.y + 4;
    drawQr(doc, option.pix.br_code, MARGIN + w.width - qrSize, top, qrSize);
    const textWidth = w.width - qrSize - 16;
    doc.y = top;
    doc.font('regular').fontSize(9.5).fillColor(COLORS.text);
    doc.text(`Chave Pix: ${option.pix.key}`, MARGIN + 10, doc.y, { width: textWidth });
    doc.text(`Valor: ${toCurrency(option.pix.amount_cents)}`, MARGIN + 10, doc.y, { width: textWidth });
    doc.font('bold').text('Pix copia e cola:', MARGIN + 10, doc.y, { width: textWidth });
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(COLORS.muted)
      .text(option.pix.br_code, MARGIN + 10, doc.y, { width: textWidth });
    doc.y = Math.max(doc.y, top + qrSize) + 4;
  }
  doc.moveDown(0.5);
}

function proposal(w: Writer, p: LandingProposal, index: number, page: LandingPage) {
  const { doc } = w;
  doc.addPage();
  w.text(`Proposta ${index + 1}`, { size: 10, color: COLORS.muted });
  w.text(p.title, { size: 20, bold: true, gap: 0.4 });
  if (page.show_values && p.totals) {
    w.text(`Total: ${toCurrency(p.totals.sale_cents, page.currency)}`, { size: 14, bold: true, color: COLORS.brand });
    const totals = p.totals;
    const perLine = joined(
      AGE_GROUPS.map((group) => {
        const split = passengerSplit(totals, group);
        return split && perPassengerText(group, split, (cents) => toCurrency(cents, page.currency));
      }),
    );
    w.text(
      joined([
        headCount({
          adult_number: p.totals.passengers.adult,
          child_number: p.totals.passengers.child,
          infant_number: p.totals.passengers.infant,
        }),
        perLine,
      ]),
      {
        size: 10,
        color: COLORS.muted,
      },
    );
  }
  doc.moveDown(0.8);
  for (const day of timelineDays(p.services)) {
    w.heading(day.date ? weekdayLongDate(day.date) : 'Sem data definida');
    for (const s of day.services) service(w, s, page);
  }
  canceledServices(w, p, page);
  if (page.show_values && p.payment_options.length) {
    w.heading('Formas de pagamento');
    for (const option of p.payment_options) paymentOption(w, option);
  }
}

function recommendations(w: Writer, page: LandingPage) {
  if (!page.recommendations.length) return;
  w.doc.addPage();
  w.text('Recomendações', { size: 20, bold: true, gap: 0.6 });
  for (const r of page.recommendations) {
    w.room(50);
    w.text(`${RECOMMENDATION_CATEGORY_LABELS[r.category]}: ${r.title}`, { size: 11, bold: true });
    if (r.description) w.text(r.description, { size: 9.5 });
    if (r.url) w.text(r.url, { size: 9, color: COLORS.brand });
    w.doc.moveDown(0.6);
  }
}

/** The agency's contact and the page number at the bottom of every page (drawn once all pages exist). */
function footers(doc: Doc, fonts: FontChains, agency: AgencyContact) {
  const range = doc.bufferedPageRange();
  const contact = joined([agency.name, agencyRegistration(agency), contactLine(agency)]);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin must not open a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - FOOTER_HEIGHT + 14;
    const width = doc.page.width - 2 * MARGIN;
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(MARGIN + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.fontSize(8).fillColor(COLORS.muted);
    drawText(doc, fonts, contact, 'regular', { x: MARGIN, y }, { width: width - 70, lineBreak: true, height: 24, ellipsis: true });
    doc.text(`Página ${i + 1} de ${range.count}`, MARGIN + width - 70, y, { width: 70, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
}

/**
 * An A4 document in the product's font chains (fonts.ts: `regular`, `bold` first), buffering its pages (the footers are
 * written last) and `done` with its bytes once ended: the budget's PDF and the contract's.
 */
export function openA4Pdf(
  fonts: FontChains,
  opts: { margin: number; footerHeight: number; info: PDFKit.DocumentInfo },
): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const { margin, footerHeight } = opts;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, left: margin, right: margin, bottom: margin + footerHeight },
    bufferPages: true,
    // No default font: the standard Helvetica would be read from disk for each document; every
    // text names its font.
    font: null as unknown as string,
    info: opts.info,
    lang: 'pt-BR',
  });
  registerFonts(doc, fonts);
  doc.font('regular');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

export function renderBudgetPdf(page: LandingPage, opts: BudgetPdfOptions = {}): Promise<Buffer> {
  const fonts = fontChains();
  const { doc, done } = openA4Pdf(fonts, {
    margin: MARGIN,
    footerHeight: FOOTER_HEIGHT,
    info: { Title: page.title, Author: page.agency.name, Subject: page.destination ?? page.title },
  });
  const w = new Writer(doc, fonts);
  cover(w, page, opts.logo);
  for (const [index, p] of page.proposals.entries()) proposal(w, p, index, page);
  recommendations(w, page);
  footers(doc, fonts, page.agency);
  doc.end();
  return done;
}
