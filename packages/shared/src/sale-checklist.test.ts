import { describe, expect, it } from 'vitest';
import { BUDGET_SERVICE_TYPES } from './budget-services';
import { addDays, SALE_CHECKLIST, type SaleChecklistInput, SERVICE_CHECKLISTS, saleChecklist } from './sale-checklist';
import { TASK_LIMITS } from './tasks';

const base: SaleChecklistInput = {
  sold_on: '2027-03-10',
  trip: { start_date: '2027-07-01', end_date: '2027-07-10' },
  services: [],
  vouchers_sent: { service_ids: [], trip: false },
  contract_sent: false,
};
const service = (id: number, type: string, title: string, start_date: string | null = null, end_date: string | null = null) => ({
  id,
  type,
  title,
  start_date,
  end_date,
});
const rows = (input: Partial<SaleChecklistInput>) => saleChecklist({ ...base, ...input }).map((t) => [t.key, t.title, t.due_date]);

describe('the checklist of a sale', () => {
  it('declares each budget service type, with unique keys and titles an agent reads', () => {
    for (const type of BUDGET_SERVICE_TYPES) expect(SERVICE_CHECKLISTS[type].length).toBeGreaterThan(0);
    const keys = [...SALE_CHECKLIST, ...Object.values(SERVICE_CHECKLISTS).flat()].map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a cruise and a car: cruise and car tasks, no tickets to issue', () => {
    expect(
      rows({
        services: [
          service(7, 'cruise', 'MSC Seaview', '2027-07-02', '2027-07-09'),
          service(8, 'car_rental', 'Carro em Santos', '2027-07-01'),
        ],
      }),
    ).toEqual([
      ['enviar_contrato', 'Enviar contrato para assinatura', '2027-03-10'],
      ['conferir_documentos', 'Conferir documentos dos passageiros', '2027-03-13'],
      ['pedir_avaliacao', 'Pedir avaliação após a viagem', '2027-07-12'],
      ['confirmar_cabine:7', 'Confirmar cabine com a armadora: MSC Seaview', '2027-03-12'],
      ['documentacao_cruzeiro:7', 'Enviar documentação de embarque do cruzeiro: MSC Seaview', '2027-06-22'],
      ['confirmar_locacao:8', 'Confirmar locação do carro: Carro em Santos', '2027-03-12'],
      ['voucher_locacao:8', 'Enviar voucher da locação: Carro em Santos', '2027-06-24'],
    ]);
  });

  it('a flight and two hotels: the tickets and check-in of the flight, one confirmation and voucher per hotel', () => {
    const tasks = rows({
      services: [
        service(1, 'air', 'GRU-LIS', '2027-07-01'),
        service(2, 'accommodation', 'Hotel em Lisboa', '2027-07-02', '2027-07-06'),
        service(3, 'accommodation', 'Hotel no Porto', '2027-07-06', '2027-07-10'),
      ],
    });
    expect(tasks.slice(3)).toEqual([
      ['emitir_passagens:1', 'Emitir passagens: GRU-LIS', '2027-03-11'],
      ['checkin_online:1', 'Fazer check-in online: GRU-LIS', '2027-06-29'],
      ['confirmar_hotel:2', 'Confirmar reserva do hotel: Hotel em Lisboa', '2027-03-12'],
      ['voucher_hotel:2', 'Enviar voucher do hotel: Hotel em Lisboa', '2027-06-25'],
      ['confirmar_hotel:3', 'Confirmar reserva do hotel: Hotel no Porto', '2027-03-12'],
      ['voucher_hotel:3', 'Enviar voucher do hotel: Hotel no Porto', '2027-06-29'],
    ]);
  });

  it('skips the voucher already sent (of the service, or the whole trip) and the contract already sent', () => {
    const services = [service(2, 'accommodation', 'Hotel', '2027-07-02'), service(4, 'tour', 'Passeio', '2027-07-03')];
    const keys = (input: Partial<SaleChecklistInput>) => saleChecklist({ ...base, services, ...input }).map((t) => t.key);
    expect(keys({ vouchers_sent: { service_ids: [2], trip: false } })).toEqual([
      'enviar_contrato',
      'conferir_documentos',
      'pedir_avaliacao',
      'confirmar_hotel:2',
      'confirmar_passeio:4',
      'voucher_passeio:4',
    ]);
    expect(keys({ vouchers_sent: { service_ids: [], trip: true }, contract_sent: true })).toEqual([
      'conferir_documentos',
      'pedir_avaliacao',
      'confirmar_hotel:2',
      'confirmar_passeio:4',
    ]);
  });

  it('a sale close to the trip: work due by the service or trip start, nothing due before the sale', () => {
    expect(
      rows({
        sold_on: '2027-06-30',
        services: [service(1, 'air', 'GRU-LIS', '2027-07-01'), service(5, 'transfer', 'Aeroporto-hotel', null)],
      }),
    ).toEqual([
      ['enviar_contrato', 'Enviar contrato para assinatura', '2027-06-30'],
      ['conferir_documentos', 'Conferir documentos dos passageiros', '2027-07-01'],
      ['pedir_avaliacao', 'Pedir avaliação após a viagem', '2027-07-12'],
      ['emitir_passagens:1', 'Emitir passagens: GRU-LIS', '2027-07-01'],
      ['checkin_online:1', 'Fazer check-in online: GRU-LIS', '2027-06-30'],
      // No date of its own: the trip's.
      ['confirmar_transfer:5', 'Confirmar transfer: Aeroporto-hotel', '2027-06-30'],
      ['voucher_transfer:5', 'Enviar voucher do transfer: Aeroporto-hotel', '2027-06-30'],
    ]);
  });

  it('without travel dates: the trip from the services; no dates at all leaves the trip tasks without one', () => {
    const trip = { start_date: null, end_date: null };
    expect(rows({ trip, services: [service(2, 'accommodation', 'Hotel', '2027-08-01', '2027-08-05')] })).toContainEqual([
      'pedir_avaliacao',
      'Pedir avaliação após a viagem',
      '2027-08-07',
    ]);
    expect(rows({ trip, services: [service(6, 'insurance', 'Seguro Europa')] })).toEqual([
      ['enviar_contrato', 'Enviar contrato para assinatura', '2027-03-10'],
      ['conferir_documentos', 'Conferir documentos dos passageiros', '2027-03-13'],
      ['pedir_avaliacao', 'Pedir avaliação após a viagem', null],
      ['emitir_seguro:6', 'Emitir apólice do seguro viagem: Seguro Europa', '2027-03-12'],
      ['voucher_seguro:6', 'Enviar apólice do seguro ao cliente: Seguro Europa', null],
    ]);
  });

  it('keeps titles within the task limit and asks nothing of a type without a checklist', () => {
    const long = 'x'.repeat(160);
    const [, , , emit] = saleChecklist({ ...base, services: [service(1, 'air', long), service(9, 'ground_services', 'Receptivo')] });
    expect(emit?.title).toHaveLength(TASK_LIMITS.title.max);
    expect(saleChecklist({ ...base, services: [service(9, 'ground_services', 'Receptivo')] })).toHaveLength(SALE_CHECKLIST.length);
  });

  it('adds calendar days across months and years', () => {
    expect(addDays('2027-02-27', 2)).toBe('2027-03-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
  });
});
