import { describe, expect, it } from 'vitest';
import { parseItinerary } from './parse-itinerary';
import { ITINERARY_LIMITS, ITINERARY_MESSAGES, type ItinerarySegment, type ItinerarySource, parseItineraryInput } from './schemas';

// Every sample is written for this corpus (real shapes, made-up people and locators). Dates without
// a year are read as seen on TODAY unless a sample says otherwise.
const TODAY = '2026-05-20';

/** What a sample must read: 'LA8010', 'GRU-EZE', '2026-07-10 08:05', '2026-07-10 11:00' (or null). */
function flight(
  source: ItinerarySource,
  designator: string,
  route: string,
  departs: string,
  arrives: string | null,
  extra: Partial<ItinerarySegment> = {},
): Partial<ItinerarySegment> {
  const [origin, destination] = route.split('-');
  const [departure_date, departure_time] = departs.split(' ');
  const [arrival_date = null, arrival_time = null] = arrives ? arrives.split(' ') : [];
  const days = arrival_date && departure_date ? (Date.parse(arrival_date) - Date.parse(departure_date)) / 86_400_000 : null;
  return {
    source,
    airline: designator.slice(0, 2),
    flight_number: designator.slice(2),
    origin,
    destination,
    departure_date,
    departure_time: departure_time ?? null,
    arrival_date,
    arrival_time: arrival_time ?? extra.arrival_time ?? null,
    arrival_day_offset: days,
    ...extra,
  };
}

type Sample = {
  name: string;
  text: string;
  today?: string;
  segments: Partial<ItinerarySegment>[];
  /** [line number, the line as pasted]. */
  unread?: [number, string][];
};

const AMADEUS: Sample[] = [
  {
    name: 'Amadeus: a round trip with the airline locator',
    text: [
      '  2  LA8010 Y 10JUL 5 GRUEZE HK2  0805 1100  10JUL  E  LA/KXQ7TR',
      '  3  LA8011 Y 20JUL 1 EZEGRU HK2  1230 1515  20JUL  E  LA/KXQ7TR',
    ].join('\n'),
    segments: [
      flight('amadeus', 'LA8010', 'GRU-EZE', '2026-07-10 08:05', '2026-07-10 11:00', {
        line: 1,
        booking_class: 'Y',
        status: 'HK',
        locator: 'KXQ7TR',
        operated_by: null,
      }),
      flight('amadeus', 'LA8011', 'EZE-GRU', '2026-07-20 12:30', '2026-07-20 15:15', { line: 2, locator: 'KXQ7TR' }),
    ],
  },
  {
    name: 'Amadeus: an overnight arrival marked +1',
    text: '  1  AD4512 Y 15AUG 6 VCPREC HK1  2255 0150+1  *1A/E*',
    segments: [flight('amadeus', 'AD4512', 'VCP-REC', '2026-08-15 22:55', '2026-08-16 01:50', { status: 'HK', locator: null })],
  },
  {
    name: 'Amadeus: an overnight arrival told by the arrival date column',
    text: '  1  TP 088 Q 10MAR 2 GRULIS HK2  2205 1125  11MAR  E  TP/9MZV2B',
    today: '2026-02-01',
    segments: [flight('amadeus', 'TP88', 'GRU-LIS', '2026-03-10 22:05', '2026-03-11 11:25', { booking_class: 'Q', locator: '9MZV2B' })],
  },
  {
    name: 'Amadeus: two days later (+2)',
    text: '  1  NH6401 K 12NOV 4 GRUNRT HK1  2350 0545+2',
    segments: [flight('amadeus', 'NH6401', 'GRU-NRT', '2026-11-12 23:50', '2026-11-14 05:45', { booking_class: 'K' })],
  },
  {
    name: 'Amadeus: across the date line, the day before (-1)',
    text: '  1  NZ 010 Y 11JUL 6 AKLHNL HK1  0030 1115-1',
    segments: [flight('amadeus', 'NZ10', 'AKL-HNL', '2026-07-11 00:30', '2026-07-10 11:15')],
  },
  {
    name: 'Amadeus: December to January, the January flight is next year',
    text: ['  1  G31450 Y 28DEC 1 GRUFLN HK2  0640 0750', '  2  G31457 Y 05JAN 2 FLNGRU HK2  1815 1925'].join('\n'),
    today: '2026-12-15',
    segments: [
      flight('amadeus', 'G31450', 'GRU-FLN', '2026-12-28 06:40', '2026-12-28 07:50'),
      flight('amadeus', 'G31457', 'FLN-GRU', '2027-01-05 18:15', '2027-01-05 19:25'),
    ],
  },
  {
    name: "Amadeus: New Year's Eve landing on 1 January (+1)",
    text: '  1  LA3303 Y 31DEC 4 GRUREC HK1  2230 0115+1',
    today: '2026-12-20',
    segments: [flight('amadeus', 'LA3303', 'GRU-REC', '2026-12-31 22:30', '2027-01-01 01:15')],
  },
  {
    name: "Amadeus: New Year's Eve landing on 1 January (arrival date column)",
    text: '  1  AR1251 Y 31DEC 4 AEPMDZ HK1  2250 0040  01JAN',
    today: '2026-12-20',
    segments: [flight('amadeus', 'AR1251', 'AEP-MDZ', '2026-12-31 22:50', '2027-01-01 00:40')],
  },
  {
    name: 'Amadeus: a day already past this year is next year',
    text: '  1  LA8010 Y 10JUL 6 GRUEZE HK1  0805 1100',
    today: '2026-08-01',
    segments: [flight('amadeus', 'LA8010', 'GRU-EZE', '2027-07-10 08:05', '2027-07-10 11:00')],
  },
  {
    name: 'Amadeus: a flight today is this year',
    text: '  1  LA8010 Y 10JUL 5 GRUEZE HK1  0805 1100',
    today: '2026-07-10',
    segments: [flight('amadeus', 'LA8010', 'GRU-EZE', '2026-07-10 08:05', '2026-07-10 11:00')],
  },
  {
    name: 'Amadeus: a whole PNR display, the lines that are no flight reported',
    text: [
      'RP/SAOB22100/SAOB22100            AA/SU  14MAY26/1412Z   6TQWZP',
      '  1.SOUZA/ANA MRS   2.SOUZA/BRUNO MR',
      '  3  LA8070 Y 03APR 5 GRUMIA HK2  0105 0830  03APR  E  LA/LQ2W7D',
      '     OPERATED BY LATAM AIRLINES BRASIL',
      '  4  AA 930 Y 10APR 5 MIAGRU HK2  2145 0650+1  E  AA/SXNQFM',
      '  5 AP SAO 11 5555-0101 - AGENCIA DEMO - A',
      '  6 TK OK14MAY/SAOB22100',
      '  7 SSR DOCS LA HK1 P/BRA/FA000000/BRA/12JAN80/F/16MAY31/SOUZA/ANA/P1',
      '',
    ].join('\n'),
    today: '2026-05-14',
    segments: [
      flight('amadeus', 'LA8070', 'GRU-MIA', '2027-04-03 01:05', '2027-04-03 08:30', {
        line: 3,
        operated_by: 'LATAM AIRLINES BRASIL',
        locator: 'LQ2W7D',
      }),
      flight('amadeus', 'AA930', 'MIA-GRU', '2027-04-10 21:45', '2027-04-11 06:50', { line: 5, locator: 'SXNQFM', operated_by: null }),
    ],
    unread: [
      [1, 'RP/SAOB22100/SAOB22100            AA/SU  14MAY26/1412Z   6TQWZP'],
      [2, '  1.SOUZA/ANA MRS   2.SOUZA/BRUNO MR'],
      [6, '  5 AP SAO 11 5555-0101 - AGENCIA DEMO - A'],
      [7, '  6 TK OK14MAY/SAOB22100'],
      [8, '  7 SSR DOCS LA HK1 P/BRA/FA000000/BRA/12JAN80/F/16MAY31/SOUZA/ANA/P1'],
    ],
  },
  {
    name: 'Amadeus: status codes other than HK (KK, TK, HL)',
    text: [
      '  1  JJ3012 M 22MAY 5 CGHSDU KK1  0700 0805',
      '  2  JJ3047 M 22MAY 5 SDUCGH TK1  1900 2010',
      '  3  JJ3049 M 29MAY 5 SDUCGH HL1  2000 2110',
    ].join('\n'),
    segments: [
      flight('amadeus', 'JJ3012', 'CGH-SDU', '2026-05-22 07:00', '2026-05-22 08:05', { status: 'KK', booking_class: 'M' }),
      flight('amadeus', 'JJ3047', 'SDU-CGH', '2026-05-22 19:00', '2026-05-22 20:10', { status: 'TK' }),
      flight('amadeus', 'JJ3049', 'SDU-CGH', '2026-05-29 20:00', '2026-05-29 21:10', { status: 'HL' }),
    ],
  },
  {
    name: 'Amadeus: airline codes with a digit, flight numbers with leading zeros',
    text: ['  1  G31234 Y 15AUG 6 CGHSDU HK1  1010 1115', '  2  2Z 007 Y 16AUG 7 SDUCNF HK1  0900 1005'].join('\n'),
    segments: [
      flight('amadeus', 'G31234', 'CGH-SDU', '2026-08-15 10:10', '2026-08-15 11:15'),
      flight('amadeus', '2Z7', 'SDU-CNF', '2026-08-16 09:00', '2026-08-16 10:05'),
    ],
  },
  {
    name: 'Amadeus: days and times that do not exist are not read',
    text: [
      '  1  LA3456 Y 31JUN 2 GRUGIG HK1  0805 0910',
      '  2  LA3457 Y 10JUL 5 GIGGRU HK1  2575 2680',
      '  3  LA3458 Y 29FEB 7 GRUGIG HK1  0805 0910',
      '  4  ARNK',
    ].join('\n'),
    today: '2026-03-01',
    segments: [],
    unread: [
      [1, '  1  LA3456 Y 31JUN 2 GRUGIG HK1  0805 0910'],
      [2, '  2  LA3457 Y 10JUL 5 GIGGRU HK1  2575 2680'],
      [3, '  3  LA3458 Y 29FEB 7 GRUGIG HK1  0805 0910'],
      [4, '  4  ARNK'],
    ],
  },
  {
    name: 'Amadeus: an arrival date that contradicts its +1 is not read',
    text: ['  1  AD4512 Y 15AUG 6 VCPREC HK1  2255 0150+1  15AUG', '  2  AD4513 Y 20AUG 4 RECVCP HK1  0230 0620'].join('\n'),
    segments: [flight('amadeus', 'AD4513', 'REC-VCP', '2026-08-20 02:30', '2026-08-20 06:20', { line: 2 })],
    unread: [[1, '  1  AD4512 Y 15AUG 6 VCPREC HK1  2255 0150+1  15AUG']],
  },
];

const SABRE: Sample[] = [
  {
    name: 'Sabre: a segment with the airline locator',
    text: ' 1 LA 8010Y 10JUL 5 GRUEZE HK2   805A 1100A /DCLA*KXQ7TR /E',
    segments: [
      flight('sabre', 'LA8010', 'GRU-EZE', '2026-07-10 08:05', '2026-07-10 11:00', { booking_class: 'Y', status: 'HK', locator: 'KXQ7TR' }),
    ],
  },
  {
    name: 'Sabre: an overnight flight with the arrival date and weekday',
    text: [' 1 AA 906V 20SEP 7 GRUMIA HK1  1155P  635A  21SEP 1 /DCAA*SXNQFM /E', ' 2 AA 995V 27SEP 7 MIAGRU HK1   835P  605A+1 /E'].join(
      '\n',
    ),
    segments: [
      flight('sabre', 'AA906', 'GRU-MIA', '2026-09-20 23:55', '2026-09-21 06:35', { booking_class: 'V', locator: 'SXNQFM' }),
      flight('sabre', 'AA995', 'MIA-GRU', '2026-09-27 20:35', '2026-09-28 06:05', { locator: null }),
    ],
  },
  {
    name: 'Sabre: noon (N) and midnight (M), a weekday letter',
    text: [' 1 G3 1022Y 12JUL J CGHPOA SS1  1200N  135P /E', ' 2 G3 1041Y 19JUL J POACGH SS1  1200M  135A /E'].join('\n'),
    segments: [
      flight('sabre', 'G31022', 'CGH-POA', '2026-07-12 12:00', '2026-07-12 13:35', { status: 'SS' }),
      flight('sabre', 'G31041', 'POA-CGH', '2026-07-19 00:00', '2026-07-19 01:35', { status: 'SS' }),
    ],
  },
  {
    name: 'Sabre: a codeshare, operated by another airline',
    text: [' 1 AA 7642Y 05OCT 1 GRUSCL HK1   905A  120P /DCAA*SXNQFM /E', 'OPERATED BY /LATAM AIRLINES GROUP'].join('\n'),
    segments: [flight('sabre', 'AA7642', 'GRU-SCL', '2026-10-05 09:05', '2026-10-05 13:20', { operated_by: 'LATAM AIRLINES GROUP' })],
  },
  {
    name: 'Sabre: 13 PM is no time',
    text: ' 1 G3 1022Y 12JUL 7 CGHPOA HK1  1305P  135P /E',
    segments: [],
    unread: [[1, ' 1 G3 1022Y 12JUL 7 CGHPOA HK1  1305P  135P /E']],
  },
];

const GALILEO: Sample[] = [
  {
    name: 'Galileo: a round trip',
    text: [
      ' 1. LA 8010 Y  10JUL GRUEZE HK2   805A  1100A O*       FR   E  1',
      ' 2. LA 8011 Y  20JUL EZEGRU HK2  1230P   315P O*       MO   E  1',
    ].join('\n'),
    segments: [
      flight('galileo', 'LA8010', 'GRU-EZE', '2026-07-10 08:05', '2026-07-10 11:00', { status: 'HK', booking_class: 'Y' }),
      flight('galileo', 'LA8011', 'EZE-GRU', '2026-07-20 12:30', '2026-07-20 15:15'),
    ],
  },
  {
    name: 'Galileo: next-day arrivals marked # and +1',
    text: [
      ' 1. CM  702 Y  05AUG GRUPTY HK1   105A   640A O*       WE',
      ' 2. CM  417 Y  05AUG PTYCUN HK1  1155P   310A# O*      WE',
      ' 3. CM  418 Y  12AUG CUNPTY HK1  1150P   325A+1 O*     WE',
    ].join('\n'),
    segments: [
      flight('galileo', 'CM702', 'GRU-PTY', '2026-08-05 01:05', '2026-08-05 06:40'),
      flight('galileo', 'CM417', 'PTY-CUN', '2026-08-05 23:55', '2026-08-06 03:10'),
      flight('galileo', 'CM418', 'CUN-PTY', '2026-08-12 23:50', '2026-08-13 03:25'),
    ],
  },
  {
    name: 'Galileo: a codeshare line and a header',
    text: [
      'ABC1X2/SP SAOOU  AG 99999992  14MAY',
      ' 1. AA 7642 Y  05OCT GRUSCL HK1   905A   120P O*       MO',
      '         OPERATED BY LATAM AIRLINES GROUP',
    ].join('\n'),
    segments: [
      flight('galileo', 'AA7642', 'GRU-SCL', '2026-10-05 09:05', '2026-10-05 13:20', { line: 2, operated_by: 'LATAM AIRLINES GROUP' }),
    ],
    unread: [[1, 'ABC1X2/SP SAOOU  AG 99999992  14MAY']],
  },
];

const RECEIPTS: Sample[] = [
  {
    name: 'LATAM (pt): a flight with its time and airport lines, a codeshare',
    text: [
      'Seu voo está confirmado',
      'Código de reserva: LQ2W7D',
      '',
      'Voo LA3456 - Operado por LATAM Airlines Brasil',
      'Ter, 10 mar 2026',
      '08:05  São Paulo, Guarulhos (GRU)',
      '09:10  Rio de Janeiro, Galeão (GIG)',
      'Classe: Economy (Y)',
    ].join('\n'),
    segments: [
      flight('receipt', 'LA3456', 'GRU-GIG', '2026-03-10 08:05', '2026-03-10 09:10', {
        line: 4,
        booking_class: 'Y',
        operated_by: 'LATAM Airlines Brasil',
        locator: 'LQ2W7D',
        status: null,
      }),
    ],
    unread: [[1, 'Seu voo está confirmado']],
  },
  {
    name: 'LATAM (pt): a connection, the second leg overnight',
    text: [
      'Localizador: KXQ7TR',
      'Ida',
      'Voo LA8070',
      'Sex, 3 abr 2026',
      '01:05  São Paulo, Guarulhos (GRU)',
      '08:30  Miami (MIA)',
      'Voo LA8180',
      'Sex, 3 abr 2026',
      '21:40  Miami (MIA)',
      '06:05 +1  Lima, Jorge Chávez (LIM)',
    ].join('\n'),
    segments: [
      flight('receipt', 'LA8070', 'GRU-MIA', '2026-04-03 01:05', '2026-04-03 08:30', { line: 3, locator: 'KXQ7TR' }),
      flight('receipt', 'LA8180', 'MIA-LIM', '2026-04-03 21:40', '2026-04-04 06:05', { line: 7, locator: 'KXQ7TR' }),
    ],
    unread: [[2, 'Ida']],
  },
  {
    name: 'LATAM (es): vuelo operado por otra filial',
    text: [
      'Código de reserva: PQMW3N',
      'Vuelo LA 2370 - Operado por LATAM Airlines Perú',
      'Domingo, 19 de julio de 2026',
      '06:10  Lima (LIM)',
      '08:05  Cusco (CUZ)',
    ].join('\n'),
    segments: [
      flight('receipt', 'LA2370', 'LIM-CUZ', '2026-07-19 06:10', '2026-07-19 08:05', {
        operated_by: 'LATAM Airlines Perú',
        locator: 'PQMW3N',
      }),
    ],
  },
  {
    name: 'GOL (pt): origin, destination, times and date on labelled lines',
    text: [
      'GOL Linhas Aéreas - Confirmação de compra',
      'Localizador: XJ4K2M',
      'Passageiro: ANA SOUZA',
      'Voo: G3 1234',
      'Data: 15/08/2026',
      'Origem: CGH - São Paulo/Congonhas  Saída: 10:10',
      'Destino: SDU - Rio de Janeiro/Santos Dumont  Chegada: 11:15',
      'Classe: Y',
      'Status: Confirmado',
    ].join('\n'),
    segments: [
      flight('receipt', 'G31234', 'CGH-SDU', '2026-08-15 10:10', '2026-08-15 11:15', {
        line: 4,
        booking_class: 'Y',
        status: 'HK',
        locator: 'XJ4K2M',
      }),
    ],
    unread: [
      [1, 'GOL Linhas Aéreas - Confirmação de compra'],
      [3, 'Passageiro: ANA SOUZA'],
    ],
  },
  {
    name: 'GOL (pt): round trip without years, from December into January',
    text: [
      'Localizador: XJ4K2M',
      'Voo: G3 1450',
      'Data: 28/12',
      'Origem: GRU - São Paulo/Guarulhos  Saída: 06:40',
      'Destino: FLN - Florianópolis  Chegada: 07:50',
      'Voo: G3 1457',
      'Data: 05/01',
      'Origem: FLN - Florianópolis  Saída: 18:15',
      'Destino: GRU - São Paulo/Guarulhos  Chegada: 19:25',
    ].join('\n'),
    today: '2026-12-15',
    segments: [
      flight('receipt', 'G31450', 'GRU-FLN', '2026-12-28 06:40', '2026-12-28 07:50', { locator: 'XJ4K2M' }),
      flight('receipt', 'G31457', 'FLN-GRU', '2027-01-05 18:15', '2027-01-05 19:25', { locator: 'XJ4K2M' }),
    ],
  },
  {
    name: 'Azul (pt): a route line and dated departure and arrival, overnight',
    text: [
      'Azul Linhas Aéreas Brasileiras',
      'Código da reserva: QW7E9R',
      'Voo AD 4512',
      'Campinas (VCP) → Recife (REC)',
      'Partida: 15/08/2026 22:55',
      'Chegada: 16/08/2026 01:50',
    ].join('\n'),
    segments: [flight('receipt', 'AD4512', 'VCP-REC', '2026-08-15 22:55', '2026-08-16 01:50', { locator: 'QW7E9R' })],
    unread: [[1, 'Azul Linhas Aéreas Brasileiras']],
  },
  {
    name: 'Azul (pt): the flight number alone beside the airline name',
    text: ['Voo 4020 | Azul', 'Campinas (VCP) → Confins (CNF)', 'Partida: 22/05/2026 07:15', 'Chegada: 22/05/2026 08:30'].join('\n'),
    segments: [flight('receipt', 'AD4020', 'VCP-CNF', '2026-05-22 07:15', '2026-05-22 08:30', { locator: null })],
  },
  {
    name: 'TAP (en): departure and arrival with written dates and terminals',
    text: [
      'Booking reference: 9MZV2B',
      'Flight TP088  Operated by TAP Air Portugal',
      'Departure: 10 Mar 2027 22:05 São Paulo (GRU) Terminal 3',
      'Arrival: 11 Mar 2027 11:25 Lisbon (LIS) Terminal 1',
      'Class: Economy (Q)',
      'Status: Confirmed',
    ].join('\n'),
    segments: [
      flight('receipt', 'TP88', 'GRU-LIS', '2027-03-10 22:05', '2027-03-11 11:25', {
        booking_class: 'Q',
        status: 'HK',
        operated_by: 'TAP Air Portugal',
        locator: '9MZV2B',
      }),
    ],
  },
  {
    name: 'TAP (pt): partida e chegada por extenso',
    text: [
      'Reserva TAP Air Portugal',
      'Código de reserva: 9MZV2B',
      'Voo TP 87',
      'Partida: 20 de março de 2027, 11:00 - Lisboa (LIS)',
      'Chegada: 20 de março de 2027, 18:30 - São Paulo (GRU)',
    ].join('\n'),
    segments: [flight('receipt', 'TP87', 'LIS-GRU', '2027-03-20 11:00', '2027-03-20 18:30', { locator: '9MZV2B' })],
    unread: [[1, 'Reserva TAP Air Portugal']],
  },
  {
    name: 'American (en): weekday and month, 12-hour clock, (+1)',
    text: [
      'Record Locator: SXNQFM',
      'AA 906  Sun, Sep 20',
      'Depart: GRU São Paulo 11:55 PM',
      'Arrive: MIA Miami 6:35 AM (+1)',
      'Cabin: Economy (V)',
      'AA 995  Sun, Sep 27',
      'Depart: MIA Miami 8:35 PM',
      'Arrive: GRU São Paulo 6:05 AM (+1)',
      'Cabin: Economy (V)',
    ].join('\n'),
    segments: [
      flight('receipt', 'AA906', 'GRU-MIA', '2026-09-20 23:55', '2026-09-21 06:35', { booking_class: 'V', locator: 'SXNQFM' }),
      flight('receipt', 'AA995', 'MIA-GRU', '2026-09-27 20:35', '2026-09-28 06:05', { booking_class: 'V', locator: 'SXNQFM' }),
    ],
  },
  {
    name: 'American (en): a codeshare operated by LATAM, a month-first date',
    text: [
      'Flight: AA 7642  Operated by LATAM Airlines Group',
      'Date: 10/18/2026',
      'From: GRU São Paulo  Depart: 9:05 AM',
      'To: SCL Santiago  Arrive: 1:20 PM',
    ].join('\n'),
    segments: [flight('receipt', 'AA7642', 'GRU-SCL', '2026-10-18 09:05', '2026-10-18 13:20', { operated_by: 'LATAM Airlines Group' })],
  },
  {
    name: 'American (en): 09/10/2026 may be either day, so the flight is not read',
    text: ['Flight: AA 7642', 'Date: 09/10/2026', 'From: GRU São Paulo  Depart: 9:05 AM', 'To: SCL Santiago  Arrive: 1:20 PM'].join('\n'),
    segments: [],
    unread: [
      [1, 'Flight: AA 7642'],
      [2, 'Date: 09/10/2026'],
      [3, 'From: GRU São Paulo  Depart: 9:05 AM'],
      [4, 'To: SCL Santiago  Arrive: 1:20 PM'],
    ],
  },
  {
    name: 'Aerolíneas Argentinas (es): salida y llegada, estado confirmado',
    text: [
      'Aerolíneas Argentinas',
      'Código de reserva: RTZB4K',
      'Vuelo AR 1245',
      'Salida: 12/07/2026 14:30 Buenos Aires (AEP)',
      'Llegada: 12/07/2026 16:10 Córdoba (COR)',
      'Clase: Y',
      'Estado: Confirmado',
      'Vuelo AR 1248',
      'Salida: 19/07/2026 20:05 Córdoba (COR)',
      'Llegada: 19/07/2026 21:30 Buenos Aires (AEP)',
      'Clase: Y',
      'Estado: Confirmado',
    ].join('\n'),
    segments: [
      flight('receipt', 'AR1245', 'AEP-COR', '2026-07-12 14:30', '2026-07-12 16:10', {
        booking_class: 'Y',
        status: 'HK',
        locator: 'RTZB4K',
        line: 3,
      }),
      flight('receipt', 'AR1248', 'COR-AEP', '2026-07-19 20:05', '2026-07-19 21:30', {
        booking_class: 'Y',
        status: 'HK',
        locator: 'RTZB4K',
        line: 8,
      }),
    ],
    unread: [[1, 'Aerolíneas Argentinas']],
  },
  {
    name: 'Copa (es): sale y llega, con la fecha en palabras',
    text: [
      'Copa Airlines - Itinerario',
      'Código de reserva: CMX7YQ',
      'Vuelo CM 702  Operado por Copa Airlines',
      'Sale: 05 ago 2026 01:05  Sao Paulo (GRU)',
      'Llega: 05 ago 2026 06:40  Ciudad de Panamá (PTY)',
      'Vuelo CM 417',
      'Sale: 05 ago 2026 23:55  Ciudad de Panamá (PTY)',
      'Llega: 06 ago 2026 03:10  Cancún (CUN)',
    ].join('\n'),
    segments: [
      flight('receipt', 'CM702', 'GRU-PTY', '2026-08-05 01:05', '2026-08-05 06:40', { operated_by: 'Copa Airlines', locator: 'CMX7YQ' }),
      flight('receipt', 'CM417', 'PTY-CUN', '2026-08-05 23:55', '2026-08-06 03:10', { operated_by: null, locator: 'CMX7YQ' }),
    ],
    unread: [[1, 'Copa Airlines - Itinerario']],
  },
  {
    name: 'Copa (en): departs and arrives',
    text: [
      'Reservation code: CMX7YQ',
      'Flight CM 701',
      'Departs: Aug 12, 2026 8:25 AM Panama City (PTY)',
      'Arrives: Aug 12, 2026 4:45 PM Sao Paulo (GRU)',
    ].join('\n'),
    segments: [flight('receipt', 'CM701', 'PTY-GRU', '2026-08-12 08:25', '2026-08-12 16:45', { locator: 'CMX7YQ' })],
  },
  {
    name: 'A receipt row: flight, airports, date and times on one line',
    text: [
      'VOO     DE   PARA  DATA   SAI    CHEGA',
      'LA3456  GRU  GIG   10MAR  08:05  09:10',
      'LA3457  GIG  GRU   14MAR  19:00  20:05',
    ].join('\n'),
    today: '2026-02-10',
    segments: [
      flight('receipt', 'LA3456', 'GRU-GIG', '2026-03-10 08:05', '2026-03-10 09:10', { line: 2 }),
      flight('receipt', 'LA3457', 'GIG-GRU', '2026-03-14 19:00', '2026-03-14 20:05', { line: 3 }),
    ],
    unread: [[1, 'VOO     DE   PARA  DATA   SAI    CHEGA']],
  },
  {
    name: 'A receipt whose arrival has no date and lands before it left: arrival date unknown',
    text: ['Voo: LA 8084', 'Data: 10/03/2026', 'Origem: GRU  Saída: 23:40', 'Destino: LIM  Chegada: 02:35'].join('\n'),
    segments: [flight('receipt', 'LA8084', 'GRU-LIM', '2026-03-10 23:40', null, { arrival_time: '02:35', arrival_day_offset: null })],
  },
  {
    name: 'A receipt flight without its destination is not read',
    text: ['Voo: G3 1234', 'Data: 15/08/2026', 'Origem: CGH - São Paulo/Congonhas  Saída: 10:10'].join('\n'),
    segments: [],
    unread: [
      [1, 'Voo: G3 1234'],
      [2, 'Data: 15/08/2026'],
      [3, 'Origem: CGH - São Paulo/Congonhas  Saída: 10:10'],
    ],
  },
  {
    name: 'A receipt flight whose origin is said two ways is not read',
    text: ['Voo AD 4512', 'Campinas (VCP) → Recife (REC)', 'Partida: 15/08/2026 22:55 Confins (CNF)', 'Chegada: 16/08/2026 01:50'].join(
      '\n',
    ),
    segments: [],
    unread: [
      [1, 'Voo AD 4512'],
      [2, 'Campinas (VCP) → Recife (REC)'],
      [3, 'Partida: 15/08/2026 22:55 Confins (CNF)'],
      [4, 'Chegada: 16/08/2026 01:50'],
    ],
  },
  {
    name: 'A receipt with fare, baggage and legal lines after the flight',
    text: [
      'Voo: G3 1022',
      'Data: 12/07/2026',
      'Origem: CGH  Saída: 12:00',
      'Destino: POA  Chegada: 13:35',
      'Bagagem: 1 peça de 23 kg',
      'Tarifa: R$ 1.234,56',
      'Alterações sujeitas a multa. Emitido em 01/05/2026 às 14:22.',
    ].join('\n'),
    segments: [flight('receipt', 'G31022', 'CGH-POA', '2026-07-12 12:00', '2026-07-12 13:35')],
    unread: [
      [5, 'Bagagem: 1 peça de 23 kg'],
      [6, 'Tarifa: R$ 1.234,56'],
      [7, 'Alterações sujeitas a multa. Emitido em 01/05/2026 às 14:22.'],
    ],
  },
];

const MIXED: Sample[] = [
  {
    name: 'A GDS segment and a receipt in the same paste, in the order written',
    text: [
      '  1  LA8010 Y 10JUL 5 GRUEZE HK2  0805 1100',
      '',
      'Vuelo AR 1245',
      'Salida: 12/07/2026 14:30 Buenos Aires (AEP)',
      'Llegada: 12/07/2026 16:10 Córdoba (COR)',
    ].join('\n'),
    segments: [
      flight('amadeus', 'LA8010', 'GRU-EZE', '2026-07-10 08:05', '2026-07-10 11:00', { line: 1 }),
      flight('receipt', 'AR1245', 'AEP-COR', '2026-07-12 14:30', '2026-07-12 16:10', { line: 3 }),
    ],
  },
  {
    name: 'Text that holds no flight: every line reported, blank lines not',
    text: ['Olá, segue a reserva:', '', 'LA 8010 dia 10 de julho, saindo de Guarulhos de manhã', '\t'].join('\r\n'),
    segments: [],
    unread: [
      [1, 'Olá, segue a reserva:'],
      [3, 'LA 8010 dia 10 de julho, saindo de Guarulhos de manhã'],
    ],
  },
];

const CORPUS = [...AMADEUS, ...SABRE, ...GALILEO, ...RECEIPTS, ...MIXED];

describe('parseItinerary', () => {
  it.each(CORPUS)('$name', ({ text, today, segments, unread }) => {
    const read = parseItinerary(text, today ?? TODAY);
    expect(read.segments).toHaveLength(segments.length);
    segments.forEach((expected, i) => {
      expect(read.segments[i]).toMatchObject(expected);
    });
    expect(read.unread_lines).toEqual((unread ?? []).map(([line, t]) => ({ line, text: t })));
  });

  it('has a corpus of at least 40 samples over every format and airline', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    const read = CORPUS.flatMap((s) => parseItinerary(s.text, s.today ?? TODAY).segments);
    expect(new Set(read.map((s) => s.source))).toEqual(new Set(['amadeus', 'sabre', 'galileo', 'receipt']));
    const receiptAirlines = new Set(read.filter((s) => s.source === 'receipt').map((s) => s.airline));
    for (const airline of ['LA', 'G3', 'AD', 'TP', 'AA', 'AR', 'CM']) expect(receiptAirlines).toContain(airline);
  });

  it('reads ten times the largest text the schema accepts in linear time (no regular expression backtracks over a line)', () => {
    // 200,000 characters: a linear reader takes well under a second; a quadratic one, minutes.
    const chars = ITINERARY_LIMITS.chars * 10;
    const segment = '  1  LA8010 Y 10JUL 5 GRUEZE HK2  0805 1100';
    const gdsLine = `${segment.repeat(2)}${' '.repeat(60)}`;
    const samples = {
      'GDS-like lines': Array.from({ length: ITINERARY_LIMITS.lines * 10 }, () => gdsLine).join('\n'),
      'one line of labels': `Voo LA3456 ${'  Partida: 10/03 '.repeat(chars / 16)}`,
      'a codeshare spread over the line': `Voo LA3456  Operado por A${' '.repeat(chars)}B`,
      'receipt blocks': 'Voo LA3456  Partida: 10/03/2026 08:05 (GRU)  Chegada: 10/03/2026 09:10 (GIG)\n'.repeat(chars / 80),
      spaces: `Voo ${' '.repeat(chars)}`,
      'codeshare lines': [segment, `OPERATED BY${' '.repeat(chars / 2)}`, segment, `OPERATED BY A${' '.repeat(chars / 2)}B`].join('\n'),
      digits: '1'.repeat(chars),
      'dates and times': '10 mar 1/2 1:'.repeat(chars / 13),
    };
    for (const [name, text] of Object.entries(samples)) {
      const started = performance.now();
      parseItinerary(text.slice(0, chars), TODAY);
      expect(performance.now() - started, name).toBeLessThan(4_000);
    }
  });
});

describe('parseItineraryInput', () => {
  const issues = (input: unknown) => parseItineraryInput.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes up to the limits, a final line break opening no line', () => {
    const lines = Array.from({ length: ITINERARY_LIMITS.lines }, (_, i) => `linha ${i}`).join('\n');
    expect(issues({ text: `${lines}\n` })).toBeUndefined();
    expect(issues({ text: 'x'.repeat(ITINERARY_LIMITS.chars), today: '2026-05-20' })).toBeUndefined();
  });

  it('refuses a blank text, one past the limits, a bad date and unknown fields', () => {
    expect(issues({ text: ' \n\t' })).toEqual([['text', ITINERARY_MESSAGES.empty]]);
    expect(issues({ text: 'x'.repeat(ITINERARY_LIMITS.chars + 1) })).toEqual([['text', ITINERARY_MESSAGES.tooLong]]);
    expect(issues({ text: 'x\n'.repeat(ITINERARY_LIMITS.lines + 1) })).toEqual([['text', ITINERARY_MESSAGES.tooManyLines]]);
    expect(issues({ text: 'LA8010', today: '20/05/2026' })?.map(([path]) => path)).toEqual(['today']);
    expect(issues({ text: 'LA8010', company_id: 2 })?.map(([path]) => path)).toEqual(['']);
    expect(ITINERARY_MESSAGES.tooLong).toBe('O texto colado pode ter no máximo 20.000 caracteres.');
  });
});
