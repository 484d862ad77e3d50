// The checklist a closed sale becomes: the work each sold service asks of the agency (issuing the
// tickets of a flight, confirming a cabin with the cruise line, sending a hotel's voucher...) and
// the work of every sale, each due some days from the sale, the service's start or the trip's
// start or end. The API turns it into tasks of the seller in the sale's transaction; declared once
// here, as data, so a new service type or task is one entry.
import type { BudgetServiceType } from './budget-services';
import { TASK_LIMITS, type TaskPriority } from './tasks';

/**
 * What a due date counts from: the sale's day, the sold service's start (the trip's when the
 * service has none), the trip's start or end (the budget's dates, else its services').
 */
export type SaleChecklistAnchor = 'sale' | 'service_start' | 'trip_start' | 'trip_end';

export type SaleChecklistItem = {
  /** Stable: part of the task's source key, so a sale made again finds the task it made before. */
  key: string;
  title: string;
  description: string;
  anchor: SaleChecklistAnchor;
  /** Days from the anchor (negative: before it). */
  offset_days: number;
  priority: TaskPriority;
  /** Left out when this is done already: the service's voucher (or the whole trip's) sent, a contract sent or signed. */
  skip_when?: 'voucher_sent' | 'contract_sent';
};

/** Once per sale, whatever was sold. */
export const SALE_CHECKLIST: readonly SaleChecklistItem[] = [
  {
    key: 'enviar_contrato',
    title: 'Enviar contrato para assinatura',
    description: 'Gerar o contrato da venda e enviá-lo ao cliente para assinatura.',
    anchor: 'sale',
    offset_days: 0,
    priority: 'high',
    skip_when: 'contract_sent',
  },
  {
    key: 'conferir_documentos',
    title: 'Conferir documentos dos passageiros',
    description:
      'Conferir nomes, documentos e validade dos passaportes (6 meses após a volta), vistos, vacinas exigidas e autorização de viagem de menores.',
    anchor: 'sale',
    offset_days: 3,
    priority: 'high',
  },
  {
    key: 'pedir_avaliacao',
    title: 'Pedir avaliação após a viagem',
    description: 'Perguntar ao cliente como foi a viagem e pedir uma avaliação da agência.',
    anchor: 'trip_end',
    offset_days: 2,
    priority: 'low',
  },
];

/** For each sold service, by its type; its title follows the task's (two hotels: one task each). */
export const SERVICE_CHECKLISTS: Record<BudgetServiceType, readonly SaleChecklistItem[]> = {
  air: [
    {
      key: 'emitir_passagens',
      title: 'Emitir passagens',
      description: 'Emitir os bilhetes aéreos e conferir nomes, datas e localizadores com os documentos dos passageiros.',
      anchor: 'sale',
      offset_days: 1,
      priority: 'high',
    },
    {
      key: 'checkin_online',
      title: 'Fazer check-in online',
      description:
        'Fazer o check-in online quando a companhia abrir (em geral 48 h antes do voo), marcar assentos e enviar os cartões de embarque.',
      anchor: 'service_start',
      offset_days: -2,
      priority: 'high',
    },
  ],
  accommodation: [
    {
      key: 'confirmar_hotel',
      title: 'Confirmar reserva do hotel',
      description: 'Confirmar a reserva com o hotel ou o fornecedor: datas, tipo de quarto, regime e número de hóspedes.',
      anchor: 'sale',
      offset_days: 2,
      priority: 'high',
    },
    {
      key: 'voucher_hotel',
      title: 'Enviar voucher do hotel',
      description: 'Enviar ao cliente o voucher da hospedagem com o código de confirmação do hotel.',
      anchor: 'service_start',
      offset_days: -7,
      priority: 'normal',
      skip_when: 'voucher_sent',
    },
  ],
  cruise: [
    {
      key: 'confirmar_cabine',
      title: 'Confirmar cabine com a armadora',
      description: 'Confirmar com a armadora o número e a categoria da cabine, o navio, a data de embarque e os hóspedes.',
      anchor: 'sale',
      offset_days: 2,
      priority: 'high',
    },
    {
      key: 'documentacao_cruzeiro',
      title: 'Enviar documentação de embarque do cruzeiro',
      description:
        'Fazer o check-in online na armadora e enviar ao cliente o cartão de embarque, as etiquetas de bagagem e o horário de embarque no porto.',
      anchor: 'service_start',
      offset_days: -10,
      priority: 'high',
      skip_when: 'voucher_sent',
    },
  ],
  car_rental: [
    {
      key: 'confirmar_locacao',
      title: 'Confirmar locação do carro',
      description: 'Confirmar com a locadora a categoria do carro, os locais e horários de retirada e devolução e as proteções.',
      anchor: 'sale',
      offset_days: 2,
      priority: 'normal',
    },
    {
      key: 'voucher_locacao',
      title: 'Enviar voucher da locação',
      description: 'Enviar ao cliente o voucher da locação e lembrar a CNH, o cartão de crédito para a caução e a PID, se precisar.',
      anchor: 'service_start',
      offset_days: -7,
      priority: 'normal',
      skip_when: 'voucher_sent',
    },
  ],
  transfer: [
    {
      key: 'confirmar_transfer',
      title: 'Confirmar transfer',
      description: 'Confirmar o transfer com o fornecedor: horário, número do voo, endereço e contato do motorista.',
      anchor: 'service_start',
      offset_days: -7,
      priority: 'normal',
    },
    {
      key: 'voucher_transfer',
      title: 'Enviar voucher do transfer',
      description: 'Enviar ao cliente o voucher do transfer com o ponto de encontro e o contato do motorista.',
      anchor: 'service_start',
      offset_days: -5,
      priority: 'normal',
      skip_when: 'voucher_sent',
    },
  ],
  insurance: [
    {
      key: 'emitir_seguro',
      title: 'Emitir apólice do seguro viagem',
      description: 'Emitir a apólice com os dados dos passageiros e as datas da viagem, com a cobertura exigida pelo destino.',
      anchor: 'sale',
      offset_days: 2,
      priority: 'high',
    },
    {
      key: 'voucher_seguro',
      title: 'Enviar apólice do seguro ao cliente',
      description: 'Enviar ao cliente a apólice e o telefone da central de atendimento do seguro.',
      anchor: 'service_start',
      offset_days: -7,
      priority: 'normal',
      skip_when: 'voucher_sent',
    },
  ],
  tour: [
    {
      key: 'confirmar_passeio',
      title: 'Confirmar passeio/ingresso',
      description: 'Confirmar com o fornecedor a data, o horário, o ponto de encontro e o número de participantes.',
      anchor: 'sale',
      offset_days: 3,
      priority: 'normal',
    },
    {
      key: 'voucher_passeio',
      title: 'Enviar voucher do passeio/ingresso',
      description: 'Enviar ao cliente o voucher ou os ingressos com o horário e o ponto de encontro.',
      anchor: 'service_start',
      offset_days: -5,
      priority: 'normal',
      skip_when: 'voucher_sent',
    },
  ],
  other: [
    {
      key: 'confirmar_servico',
      title: 'Confirmar serviço com o fornecedor',
      description: 'Confirmar com o fornecedor a data, o horário e o que está incluído no serviço.',
      anchor: 'sale',
      offset_days: 3,
      priority: 'normal',
    },
  ],
};

/**
 * The source key of a sale's task: 'sale:<budget>:<task key>', unique per agency, so a budget sold
 * again after an undo finds the tasks its earlier sale left done instead of making them twice.
 */
export const saleTaskSourceKey = (budgetId: number, key: string) => `sale:${budgetId}:${key}`;

/** A sold service, as the sale froze it. */
export type SaleChecklistService = { id: number; type: string; title: string; start_date: string | null; end_date: string | null };

export type SaleChecklistInput = {
  /** The sale's day in Brazil ('YYYY-MM-DD'). */
  sold_on: string;
  /** The budget's travel dates. */
  trip: { start_date: string | null; end_date: string | null };
  services: readonly SaleChecklistService[];
  /** Vouchers already sent: the services' ids, and whether one for the whole trip was. */
  vouchers_sent: { service_ids: readonly number[]; trip: boolean };
  /** A contract of the budget already sent or signed. */
  contract_sent: boolean;
};

export type SaleChecklistTask = {
  /** Unique within the sale: the item's key, with the service's id for a service's item. */
  key: string;
  title: string;
  description: string;
  /** 'YYYY-MM-DD', never before the sale; null when the date it counts from is unknown. */
  due_date: string | null;
  priority: TaskPriority;
  service_id: number | null;
};

/** 'YYYY-MM-DD' plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const earliest = (dates: (string | null)[]) => dates.filter((d): d is string => d !== null).sort()[0] ?? null;
const latest = (dates: (string | null)[]) =>
  dates
    .filter((d): d is string => d !== null)
    .sort()
    .at(-1) ?? null;

/**
 * The tasks a sale becomes: the sale's own, then each service's in the sale's order, less those
 * already done (a voucher or contract sent). A task due after its service starts (a sale the day
 * before the trip) is due on that day; one due before the sale, on the sale's day.
 */
export function saleChecklist(input: SaleChecklistInput): SaleChecklistTask[] {
  const { sold_on: soldOn, services } = input;
  const tripStart = input.trip.start_date ?? earliest(services.map((s) => s.start_date));
  const tripEnd = input.trip.end_date ?? latest(services.flatMap((s) => [s.start_date, s.end_date])) ?? tripStart;
  const sentVouchers = new Set(input.vouchers_sent.service_ids);

  const done = (item: SaleChecklistItem, serviceId: number | null) =>
    (item.skip_when === 'contract_sent' && input.contract_sent) ||
    (item.skip_when === 'voucher_sent' && (input.vouchers_sent.trip || (serviceId !== null && sentVouchers.has(serviceId))));

  /** `start`: the service's start, or the trip's for the sale's own tasks and a service without one. */
  const due = (item: SaleChecklistItem, start: string | null): string | null => {
    const anchor = { sale: soldOn, service_start: start, trip_start: tripStart, trip_end: tripEnd }[item.anchor];
    if (anchor === null) return null;
    let date = addDays(anchor, item.offset_days);
    // The work is due by the start (a sale the day before the trip); only the review comes after the trip.
    if (item.anchor !== 'trip_end' && start !== null && date > start) date = start;
    // ISO dates compare as text.
    if (date < soldOn) return soldOn;
    return date;
  };

  const task = (item: SaleChecklistItem, service: SaleChecklistService | null): SaleChecklistTask => {
    const start = service ? (service.start_date ?? tripStart) : tripStart;
    return {
      key: service ? `${item.key}:${service.id}` : item.key,
      title: (service ? `${item.title}: ${service.title}` : item.title).slice(0, TASK_LIMITS.title.max),
      description: item.description,
      due_date: due(item, start),
      priority: item.priority,
      service_id: service?.id ?? null,
    };
  };

  return [
    ...SALE_CHECKLIST.filter((item) => !done(item, null)).map((item) => task(item, null)),
    ...services.flatMap((service) =>
      // A type without a checklist (none of a budget's today) asks for nothing.
      ((SERVICE_CHECKLISTS as Partial<Record<string, readonly SaleChecklistItem[]>>)[service.type] ?? [])
        .filter((item) => !done(item, service.id))
        .map((item) => task(item, service)),
    ),
  ];
}
