// The trip checklist an agency loads onto an attendance (GET /api/system/preloaded-tasks, POST
// /api/tasks/preload): each item is due some days from the sale, the trip's start or its end.
import type { PreloadedTask } from './tasks';

export const PRELOADED_TASKS = [
  {
    key: 'emitir_passagens',
    title: 'Emitir passagens',
    description: 'Emitir os bilhetes aéreos e conferir nomes, datas e localizadores com os documentos dos passageiros.',
    anchor: 'sale',
    offset_days: 1,
    priority: 'high',
  },
  {
    key: 'verificar_passaporte_vistos',
    title: 'Verificar passaporte e vistos',
    description: 'Conferir se o passaporte vale pelo menos 6 meses após a volta e se o destino exige visto ou autorização eletrônica.',
    anchor: 'sale',
    offset_days: 1,
    priority: 'high',
  },
  {
    key: 'confirmar_hotel',
    title: 'Confirmar reserva do hotel',
    description: 'Confirmar a reserva com o hotel ou o fornecedor: datas, tipo de quarto, regime e número de hóspedes.',
    anchor: 'sale',
    offset_days: 2,
    priority: 'high',
  },
  {
    key: 'contratar_seguro',
    title: 'Contratar seguro viagem',
    description: 'Contratar o seguro viagem com a cobertura exigida pelo destino (ex.: 30 mil euros para o Espaço Schengen).',
    anchor: 'sale',
    offset_days: 3,
    priority: 'normal',
  },
  {
    key: 'verificar_vacinas',
    title: 'Verificar vacinas exigidas',
    description:
      'Conferir as vacinas exigidas pelo destino (ex.: febre amarela, com o Certificado Internacional de Vacinação tomado 10 dias antes do embarque).',
    anchor: 'sale',
    offset_days: 3,
    priority: 'high',
  },
  {
    key: 'autorizacao_menores',
    title: 'Conferir autorização de viagem de menores',
    description: 'Se viaja criança ou adolescente sem os dois responsáveis, orientar a autorização de viagem com firma reconhecida.',
    anchor: 'sale',
    offset_days: 3,
    priority: 'normal',
  },
  {
    key: 'confirmar_transfer',
    title: 'Confirmar transfer',
    description: 'Confirmar os transfers de chegada e de saída: horários, número do voo e contato do motorista.',
    anchor: 'trip_start',
    offset_days: -7,
    priority: 'normal',
  },
  {
    key: 'enviar_voucher',
    title: 'Enviar voucher ao cliente',
    description: 'Enviar os vouchers de hotel, transfer e passeios ao cliente.',
    anchor: 'trip_start',
    offset_days: -7,
    priority: 'high',
  },
  {
    key: 'enviar_roteiro',
    title: 'Enviar roteiro final',
    description: 'Enviar o roteiro final com voos, hotéis, transfers, passeios e contatos de emergência.',
    anchor: 'trip_start',
    offset_days: -5,
    priority: 'normal',
  },
  {
    key: 'reconfirmar_voos',
    title: 'Reconfirmar horários dos voos',
    description: 'Reconfirmar com as companhias aéreas os horários dos voos e avisar o cliente de qualquer mudança.',
    anchor: 'trip_start',
    offset_days: -3,
    priority: 'normal',
  },
  {
    key: 'checkin_online',
    title: 'Fazer check-in online (48 h antes do voo)',
    description:
      'Fazer o check-in online quando a companhia abrir (em geral 48 h antes do voo), marcar assentos e enviar os cartões de embarque.',
    anchor: 'trip_start',
    offset_days: -2,
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
] as const satisfies readonly PreloadedTask[];

export type PreloadedTaskKey = (typeof PRELOADED_TASKS)[number]['key'];
