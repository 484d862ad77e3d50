// The values of a contract's fields: the sale as it was closed (services, total, payment plan,
// seller, frozen in the sale's snapshot), the client, the budget's trip and passengers, the agency.
import {
  type AgeGroup,
  CLIENT_DOCUMENT_TYPE_LABELS,
  type ClientDocumentType,
  type ContractPlaceholderKey,
  formatCnpj,
  formatCpf,
  formatPostalCode,
  longDate,
  PAX_AGE_GROUP_LABELS,
  type Sale,
  SERVICE_TYPE_LABELS,
  shortDate,
  toCurrency,
} from '@app/shared';

/** The agency as its companies row holds it: CNPJ and CEP as digits, every part optional. */
export type ContractAgency = {
  name: string;
  email: string | null;
  phone: string | null;
  cnpj: string | null;
  cadastur: string | null;
  street: string | null;
  streetNumber: string | null;
  complement: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
};

export type ContractSource = {
  client: {
    name: string;
    cpf: string | null;
    cnpj: string | null;
    email: string | null;
    phone: string | null;
    address: {
      street: string;
      number: string;
      complement: string | null;
      neighborhood: string;
      city: string;
      state: string;
      postalCode: string;
    } | null;
  };
  trip: { title: string; destination: string | null; startDate: string | null; endDate: string | null };
  passengers: {
    name: string;
    ageGroup: AgeGroup;
    cpf: string | null;
    documentType: ClientDocumentType | null;
    documentNumber: string | null;
  }[];
  sale: Sale;
  agency: ContractAgency;
  /** Now: the date the contract is generated on. */
  now: Date;
};

type FilledValues = Record<ContractPlaceholderKey, string | null>;

/** A moment's calendar day where the agencies are ('YYYY-MM-DD'). */
const businessDay = (at: Date) => at.toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
const joined = (parts: (string | null | undefined)[], sep = ' – ') => parts.filter(Boolean).join(sep);
const period = (start: string | null, end: string | null) =>
  joined([shortDate(start), end && end !== start ? shortDate(end) : null], ' a ');

function address(a: NonNullable<ContractSource['client']['address']>): string {
  const street = joined([a.street, a.number, a.complement], ', ');
  return `${street} – ${a.neighborhood}, ${a.city}/${a.state}, CEP ${formatPostalCode(a.postalCode)}`;
}

/** The parts the agency filled, in the client's address order ('Rua X, 10 – Centro, São Paulo/SP, CEP 01001-000'). */
function agencyAddress(a: ContractAgency): string | null {
  const street = joined([a.street, a.streetNumber, a.complement], ', ');
  const place = joined(
    [a.neighborhood, joined([a.city, a.state], '/'), a.postalCode ? `CEP ${formatPostalCode(a.postalCode)}` : null],
    ', ',
  );
  return joined([street, place]) || null;
}

function passenger(p: ContractSource['passengers'][number], index: number): string {
  const document = p.documentType && p.documentNumber ? `${CLIENT_DOCUMENT_TYPE_LABELS[p.documentType]} ${p.documentNumber}` : null;
  return joined([
    `${index + 1}. ${p.name} (${PAX_AGE_GROUP_LABELS[p.ageGroup].toLowerCase()})`,
    p.cpf ? `CPF ${formatCpf(p.cpf)}` : null,
    document,
  ]);
}

/** 'R$ 1.234,56' kept on one line: a no-break space between the symbol and the amount. */
const money = (cents: number, currency: string) => toCurrency(cents, currency).replace(' ', '\u00a0');
const typeLabel = (type: string) =>
  Object.hasOwn(SERVICE_TYPE_LABELS, type) ? SERVICE_TYPE_LABELS[type as keyof typeof SERVICE_TYPE_LABELS] : type;

/** Every field's value (null: none, the contract prints a blank to fill in). */
export function contractValues(src: ContractSource): FilledValues {
  const { client, trip, sale, agency } = src;
  const plan = sale.payment_plan;
  return {
    'cliente.nome': client.name,
    'cliente.cpf': client.cpf ? formatCpf(client.cpf) : null,
    'cliente.documento': client.cpf ? formatCpf(client.cpf) : client.cnpj ? formatCnpj(client.cnpj) : null,
    'cliente.email': client.email,
    'cliente.telefone': client.phone,
    'cliente.endereco': client.address ? address(client.address) : null,
    passageiros: src.passengers.map(passenger).join('\n') || null,
    'viagem.titulo': trip.title,
    'viagem.destino': trip.destination,
    'viagem.data_inicio': shortDate(trip.startDate) || null,
    'viagem.data_fim': shortDate(trip.endDate) || null,
    servicos:
      sale.services
        .map(
          (s) =>
            `• ${joined([`${typeLabel(s.type)}: ${s.title}`, period(s.start_date, s.end_date), s.supplier_name ? `fornecedor: ${s.supplier_name}` : null])}`,
        )
        .join('\n') || null,
    'valores.total': money(sale.sale_cents, sale.currency),
    'pagamento.forma': sale.payment_method_name,
    'pagamento.parcelas':
      plan
        .map((i) =>
          joined([
            plan.length === 1 ? 'Parcela única' : `${i.number}ª parcela`,
            `vencimento ${shortDate(i.due_date)}`,
            money(i.amount_cents, sale.currency),
          ]),
        )
        .join('\n') || null,
    'agencia.nome': agency.name,
    'agencia.cnpj': agency.cnpj ? formatCnpj(agency.cnpj) : null,
    'agencia.cadastur': agency.cadastur,
    'agencia.endereco': agencyAddress(agency),
    'agencia.email': agency.email,
    'agencia.telefone': agency.phone,
    'agencia.cidade': joined([agency.city, agency.state], '/') || null,
    'vendedor.nome': sale.seller_name,
    'data.hoje': longDate(businessDay(src.now)),
    'data.venda': longDate(businessDay(new Date(sale.sold_at))),
  };
}

/**
 * The lines under the agency's name at the top of the contract: its CNPJ and Cadastur, then its
 * address, from the same values the template's fields print; a line without a value is left out.
 */
export function contractAgencyLines(values: FilledValues): string[] {
  const registrations = joined(
    [
      values['agencia.cnpj'] ? `CNPJ ${values['agencia.cnpj']}` : null,
      values['agencia.cadastur'] ? `Cadastur ${values['agencia.cadastur']}` : null,
    ],
    ' · ',
  );
  return [registrations, values['agencia.endereco']].filter((line): line is string => !!line);
}
