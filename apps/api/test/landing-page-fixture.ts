import {
  firstPartDiffers,
  installmentOptions,
  type LandingPage,
  type LandingProposal,
  type LandingService,
  landingPageSchema,
  pixBrCode,
  splitByWeights,
  splitEvenly,
} from '@app/shared';

const base = (id: number, title: string, date: string, time: string | null, sale: number | null) => ({
  id,
  title,
  description: null,
  start_date: date,
  start_time: time,
  end_date: null,
  end_time: null,
  adult_number: 2,
  child_number: 1,
  infant_number: 0,
  sale_cents: sale,
});

/** One service of each kind in turn, dated a day apart from 2027-01-10. */
function serviceAt(id: number, index: number, proposalTitle: string, showValues: boolean): LandingService {
  const day = `2027-01-${String(10 + index).padStart(2, '0')}`;
  const sale = showValues ? 123_456 + index * 10_000 : null;
  switch (index % 7) {
    case 0:
      return {
        ...base(id, `Voo São Paulo – Gramado ${index + 1} (${proposalTitle})`, day, '08:15', sale),
        type: 'air',
        type_label: 'Aéreo',
        details: {
          segments: [
            {
              origin: { code: 'GRU', name: 'Aeroporto de Guarulhos', city: 'São Paulo' },
              destination: { code: 'POA', name: 'Aeroporto Salgado Filho', city: 'Porto Alegre' },
              airline: { code: 'LA', name: 'LATAM' },
              flight_number: '3120',
              departure_date: day,
              departure_time: '08:15',
              arrival_date: day,
              arrival_time: '10:00',
              class_name: 'Econômica',
              luggage: '1 mala de 23 kg',
            },
          ],
        },
      };
    case 1:
      return {
        ...base(id, `Hospedagem Pousada Serra Azul ${index + 1}`, day, null, sale),
        end_date: `2027-01-${String(14 + index).padStart(2, '0')}`,
        type: 'accommodation',
        type_label: 'Hospedagem',
        details: {
          hotel_name: 'Pousada Serra Azul',
          city: 'Gramado',
          location: 'Centro',
          stars: 4,
          address: 'Rua Coberta, 123',
          diet: 'Café da manhã',
          check_in_time: '14:00',
          check_out_time: '12:00',
          rooms: [{ adult_number: 2, child_number: 1, infant_number: 0, number_room: 1, room_type: 'Triplo', room_category: 'Luxo' }],
          photos: [],
        },
      };
    case 2:
      return {
        ...base(id, `Traslado aeroporto – hotel ${index + 1}`, day, '10:30', sale),
        type: 'transfer',
        type_label: 'Traslado',
        details: { from_place: 'Aeroporto Salgado Filho', to_place: 'Pousada Serra Azul', vehicle: 'Van', private: true },
      };
    case 3:
      return {
        ...base(id, `Passeio Maria Fumaça e vinícolas ${index + 1}`, day, '09:00', sale),
        type: 'tour',
        type_label: 'Passeio',
        details: { place: 'Bento Gonçalves', meeting_point: 'Recepção da pousada', includes: 'Degustação e almoço típico' },
      };
    case 4:
      return {
        ...base(id, `Seguro viagem Família ${index + 1}`, day, null, sale),
        type: 'insurance',
        type_label: 'Seguro',
        details: { plan_name: 'Nacional Família', coverage: 'Despesas médicas e bagagem' },
      };
    case 5:
      return {
        ...base(id, `Locação de carro ${index + 1}`, day, '11:00', sale),
        type: 'car_rental',
        type_label: 'Locação de carro',
        details: {
          rental_company: 'Localiza',
          vehicle_category: 'SUV automático',
          pickup_place: 'Aeroporto de Porto Alegre',
          dropoff_place: null,
        },
      };
    default:
      return {
        ...base(id, `Cruzeiro pela costa ${index + 1}`, day, '17:00', sale),
        type: 'cruise',
        type_label: 'Cruzeiro',
        details: {
          cruise_company: 'MSC',
          ship: 'Seaview',
          embark_port: 'Santos',
          disembark_port: 'Santos',
          cabin_type: 'Varanda',
          cabin_category: 'Fantástica',
          diet: 'Pensão completa',
          itinerary: 'Santos, Búzios, Ilhabela',
        },
      };
  }
}

export const FIXTURE_PROPOSAL_TITLES = ['Lua de mel em Gramado — São João', 'Serra Gaúcha econômica', 'Férias em família com cruzeiro'];

/** A customer's page as the landing loader would build it: `proposals` × `services` services, values when `showValues`. */
export function landingPageFixture(opts: { proposals?: number; services?: number; showValues?: boolean } = {}): LandingPage {
  const { proposals = 3, services = 6, showValues = true } = opts;
  const list: LandingProposal[] = Array.from({ length: proposals }, (_, p) => {
    const title = FIXTURE_PROPOSAL_TITLES[p % FIXTURE_PROPOSAL_TITLES.length] ?? `Proposta ${p + 1}`;
    const items = Array.from({ length: services }, (_, s) => serviceAt(p * 100 + s + 1, s, title, showValues));
    const total = items.reduce((sum, s) => sum + (s.sale_cents ?? 0), 0);
    // 2 adults and 1 child, split as budget-totals splits them.
    const [adultShare = 0, childShare = 0] = splitByWeights(total, [2, 1]);
    const adults = splitEvenly(adultShare, 2);
    return {
      id: p + 1,
      title,
      position: p,
      services: items,
      canceled_services: [],
      totals: showValues
        ? {
            sale_cents: total,
            per_passenger: { adult: adults.each_cents, child: childShare },
            per_passenger_first: firstPartDiffers(adults) ? { adult: adults.first_cents } : {},
            passengers: { adult: 2, child: 1, infant: 0 },
          }
        : null,
      payment_options: showValues
        ? [
            {
              payment_method_id: 1,
              kind: 'credit_card',
              name: 'Cartão de crédito',
              instructions: null,
              installments: installmentOptions({ kind: 'credit_card', max_installments: 3, installment_interest: [] }, total).map((o) => ({
                count: o.count,
                installment_cents: o.installment_cents,
                first_installment_cents: o.first_installment_cents,
                total_cents: o.total_cents,
                interest_free: o.interest_free,
                label: o.label,
              })),
              pix: null,
            },
            {
              payment_method_id: 2,
              kind: 'pix',
              name: 'Pix',
              instructions: 'Envie o comprovante para a agência.',
              installments: [],
              pix: {
                key: 'financeiro@viagens-sao-joao.test',
                amount_cents: total,
                br_code: pixBrCode({
                  key: 'financeiro@viagens-sao-joao.test',
                  merchantName: 'Viagens Sao Joao',
                  merchantCity: 'Gramado',
                  amountCents: total,
                }),
              },
            },
          ]
        : [],
    };
  });
  return landingPageSchema.parse({
    landing_page_id: '3f1c9a52-4d1e-4b7a-9d3c-2a6f0e8b7c11',
    title: 'Viagem de lua de mel à Serra Gaúcha',
    destination: 'Gramado e Canela',
    start_date: '2027-01-10',
    end_date: '2027-01-20',
    currency: 'BRL',
    show_values: showValues,
    status: 'sent',
    cover_image_url: null,
    observations: 'Preços sujeitos à disponibilidade até a emissão.',
    agency: {
      name: 'Viagens São João',
      logo_url: null,
      email: 'contato@viagens-sao-joao.test',
      phone: '(54) 3286-0000',
      whatsapp: '(54) 99999-0000',
      website: 'https://viagens-sao-joao.test',
      instagram: 'viagenssaojoao',
      city: 'Gramado',
      state: 'RS',
      cnpj: '11222333000181',
      cadastur: '43.123456.10.0001-2',
    },
    agent: { name: 'Joana' },
    passengers: [
      { first_name: 'Conceição', age_group: 'adult' },
      { first_name: 'André', age_group: 'adult' },
      { first_name: 'Lúcia', age_group: 'child' },
    ],
    proposals: list,
    recommendations: [
      { id: 1, category: 'restaurant', title: 'Fondue no Chalé Suíço', description: 'Reserve com antecedência.', url: null },
      { id: 2, category: 'document', title: 'Documento de identificação', description: 'RG ou CNH dentro da validade.', url: null },
    ],
    accepted: null,
  });
}
