// The starting set of the reference lists no data package holds, typed for Brazilian agencies:
// system rows every agency sees (super_admin edits them, agencies add their own). Lists with a
// kept data package (places, airports, airlines, time zones, currencies, languages) are read from
// it in reference-seed.ts instead.

/** A row to seed: `name`, then `code` and the list's own fields as its declaration names them. */
export type TypedRow = { name: string; code?: string; fields?: Record<string, string | number> };

const described = (rows: [name: string, description: string][]): TypedRow[] =>
  rows.map(([name, description]) => ({ name, fields: { description } }));

export const HOTEL_DIETS: TypedRow[] = [
  { name: 'Sem refeição', code: 'RO', fields: { description: 'Somente a hospedagem, sem refeições.' } },
  { name: 'Café da manhã', code: 'BB', fields: { description: 'Café da manhã incluído.' } },
  { name: 'Meia pensão', code: 'HB', fields: { description: 'Café da manhã e mais uma refeição (almoço ou jantar).' } },
  { name: 'Pensão completa', code: 'FB', fields: { description: 'Café da manhã, almoço e jantar.' } },
  { name: 'All inclusive', code: 'AI', fields: { description: 'Refeições, lanches e bebidas incluídos, conforme as regras do hotel.' } },
  {
    name: 'Ultra all inclusive',
    code: 'UAI',
    fields: { description: 'All inclusive com bebidas premium e serviços extras, conforme as regras do hotel.' },
  },
];

export const HOTEL_ROOM_CATEGORIES: TypedRow[] = described([
  ['Standard', 'A categoria de entrada do hotel.'],
  ['Superior', 'Acima da standard: mais espaço ou melhor localização.'],
  ['Luxo', 'Acabamento e comodidades superiores.'],
  ['Premium', 'Comodidades e serviços exclusivos.'],
  ['Executivo', 'Com área de trabalho e, em geral, acesso a lounge executivo.'],
  ['Júnior suíte', 'Quarto amplo com pequena área de estar integrada.'],
  ['Suíte', 'Quarto com sala de estar separada.'],
  ['Suíte master', 'A maior suíte do hotel.'],
  ['Vista mar', 'Com vista para o mar.'],
  ['Frente mar', 'De frente para o mar.'],
  ['Vista jardim', 'Com vista para o jardim.'],
  ['Bangalô', 'Unidade independente, em geral térrea.'],
  ['Chalé', 'Unidade independente, comum em hotéis de serra e pousadas.'],
]);

export const HOTEL_ROOM_TYPES: TypedRow[] = [
  { name: 'Single', fields: { occupancy: 1, description: 'Para uma pessoa.' } },
  { name: 'Duplo (cama de casal)', fields: { occupancy: 2, description: 'Para duas pessoas, com uma cama de casal.' } },
  { name: 'Twin (duas camas de solteiro)', fields: { occupancy: 2, description: 'Para duas pessoas, com duas camas de solteiro.' } },
  { name: 'Triplo', fields: { occupancy: 3, description: 'Para três pessoas.' } },
  { name: 'Quádruplo', fields: { occupancy: 4, description: 'Para quatro pessoas.' } },
  { name: 'Família', fields: { occupancy: 5, description: 'Para famílias, em geral com camas extras ou quartos conjugados.' } },
];

export const FLIGHT_CLASSES: TypedRow[] = [
  { name: 'Econômica', code: 'Y', fields: { description: 'A classe de entrada.' } },
  { name: 'Econômica premium', code: 'W', fields: { description: 'Mais espaço e serviço melhor que a econômica.' } },
  { name: 'Executiva', code: 'J', fields: { description: 'Assentos amplos, em geral reclináveis em cama nos voos longos.' } },
  { name: 'Primeira classe', code: 'F', fields: { description: 'A classe mais alta, em poucas rotas.' } },
];

export const LUGGAGE_TYPES: TypedRow[] = [
  { name: 'Item pessoal (bolsa ou mochila)', fields: { description: 'Vai embaixo do assento da frente.' } },
  { name: 'Bagagem de mão', fields: { weight_kg: 10, description: 'No compartimento acima dos assentos.' } },
  { name: 'Bagagem despachada 23 kg', fields: { weight_kg: 23, description: 'Uma mala despachada de até 23 kg.' } },
  { name: 'Bagagem despachada 32 kg', fields: { weight_kg: 32, description: 'Uma mala despachada de até 32 kg.' } },
  { name: 'Equipamento esportivo', fields: { description: 'Bicicleta, prancha, tacos de golfe e similares: regras de cada companhia.' } },
  { name: 'Sem bagagem despachada', fields: { description: 'Tarifa só com bagagem de mão.' } },
];

/** Cruise companies with some of their ships. */
export const CRUISE_LINES: { name: string; ships: string[] }[] = [
  {
    name: 'MSC Cruzeiros',
    ships: [
      'MSC Grandiosa',
      'MSC Preziosa',
      'MSC Seaview',
      'MSC Seashore',
      'MSC Orchestra',
      'MSC Armonia',
      'MSC Poesia',
      'MSC Fantasia',
      'MSC Divina',
      'MSC Meraviglia',
      'MSC Bellissima',
      'MSC Virtuosa',
      'MSC Euribia',
      'MSC World Europa',
      'MSC World America',
    ],
  },
  {
    name: 'Costa Cruzeiros',
    ships: [
      'Costa Diadema',
      'Costa Favolosa',
      'Costa Fascinosa',
      'Costa Smeralda',
      'Costa Toscana',
      'Costa Pacifica',
      'Costa Fortuna',
      'Costa Deliziosa',
      'Costa Serena',
    ],
  },
  {
    name: 'Royal Caribbean International',
    ships: [
      'Icon of the Seas',
      'Utopia of the Seas',
      'Wonder of the Seas',
      'Symphony of the Seas',
      'Harmony of the Seas',
      'Oasis of the Seas',
      'Allure of the Seas',
      'Odyssey of the Seas',
      'Anthem of the Seas',
      'Navigator of the Seas',
    ],
  },
  {
    name: 'Norwegian Cruise Line (NCL)',
    ships: [
      'Norwegian Prima',
      'Norwegian Viva',
      'Norwegian Encore',
      'Norwegian Bliss',
      'Norwegian Joy',
      'Norwegian Escape',
      'Norwegian Getaway',
      'Norwegian Star',
    ],
  },
  {
    name: 'Celebrity Cruises',
    ships: [
      'Celebrity Beyond',
      'Celebrity Ascent',
      'Celebrity Apex',
      'Celebrity Edge',
      'Celebrity Reflection',
      'Celebrity Silhouette',
      'Celebrity Equinox',
      'Celebrity Eclipse',
    ],
  },
  {
    name: 'Princess Cruises',
    ships: [
      'Sun Princess',
      'Discovery Princess',
      'Enchanted Princess',
      'Sky Princess',
      'Majestic Princess',
      'Regal Princess',
      'Royal Princess',
      'Caribbean Princess',
    ],
  },
  {
    name: 'Disney Cruise Line',
    ships: ['Disney Wish', 'Disney Treasure', 'Disney Fantasy', 'Disney Dream', 'Disney Magic', 'Disney Wonder'],
  },
  {
    name: 'Carnival Cruise Line',
    ships: ['Carnival Celebration', 'Carnival Jubilee', 'Mardi Gras', 'Carnival Venezia', 'Carnival Firenze'],
  },
  { name: 'Holland America Line', ships: ['Rotterdam', 'Nieuw Statendam', 'Koningsdam'] },
  { name: 'Cunard', ships: ['Queen Mary 2', 'Queen Anne', 'Queen Victoria'] },
  { name: 'Explora Journeys', ships: ['Explora I', 'Explora II'] },
  { name: 'Oceania Cruises', ships: [] },
  { name: 'Regent Seven Seas Cruises', ships: [] },
  { name: 'Silversea', ships: [] },
  { name: 'Viking', ships: [] },
  { name: 'Virgin Voyages', ships: [] },
  { name: 'Azamara', ships: [] },
  { name: 'Seabourn', ships: [] },
];

export const CRUISE_DIETS: TypedRow[] = described([
  ['Pensão completa', 'Café da manhã, almoço e jantar nos restaurantes incluídos; bebidas à parte.'],
  ['Pensão completa com pacote de bebidas', 'Pensão completa mais um pacote de bebidas (água, refrigerantes, sucos e bebidas da casa).'],
  ['Pensão completa com pacote de bebidas premium', 'Pensão completa mais bebidas premium e cafés especiais.'],
  ['All inclusive', 'Refeições, bebidas e parte dos serviços de bordo incluídos, conforme a companhia.'],
]);

export const CRUISE_CABIN_TYPES: TypedRow[] = described([
  ['Interna', 'Sem janela.'],
  ['Externa', 'Com janela ou escotilha para o mar.'],
  ['Externa com vista obstruída', 'Com janela parcialmente coberta (botes salva-vidas, estruturas).'],
  ['Com varanda', 'Com varanda privativa.'],
  ['Suíte', 'Cabine ampla com sala e varanda.'],
  ['Suíte em área exclusiva', 'Suíte num setor reservado do navio, com serviços próprios (ex.: MSC Yacht Club).'],
]);

/** Cabin categories; `cruiseLine` names the company whose own category it is. */
export const CRUISE_CABIN_CATEGORIES: (TypedRow & { cruiseLine?: string })[] = [
  { name: 'Bella', cruiseLine: 'MSC Cruzeiros', fields: { description: 'Experiência de entrada da MSC.' } },
  {
    name: 'Fantastica',
    cruiseLine: 'MSC Cruzeiros',
    fields: { description: 'Experiência da MSC com mais flexibilidade e serviço de quarto.' },
  },
  { name: 'Aurea', cruiseLine: 'MSC Cruzeiros', fields: { description: 'Experiência da MSC com cabines com varanda e spa.' } },
  { name: 'Yacht Club', cruiseLine: 'MSC Cruzeiros', fields: { description: 'Área exclusiva da MSC, com mordomo e restaurante próprio.' } },
  { name: 'Padrão', fields: { description: 'Categoria básica do tipo de cabine.' } },
  { name: 'Superior', fields: { description: 'Cabine maior ou em deck mais alto.' } },
  { name: 'Premium', fields: { description: 'Melhor localização e benefícios extras.' } },
];

/** Cruise ports: `state` (UF) links a Brazilian port to its city. */
export const CRUISE_PORTS: { name: string; city: string; country: string; state?: string }[] = [
  { name: 'Santos', city: 'Santos', country: 'BR', state: 'SP' },
  { name: 'Rio de Janeiro', city: 'Rio de Janeiro', country: 'BR', state: 'RJ' },
  { name: 'Salvador', city: 'Salvador', country: 'BR', state: 'BA' },
  { name: 'Maceió', city: 'Maceió', country: 'BR', state: 'AL' },
  { name: 'Recife', city: 'Recife', country: 'BR', state: 'PE' },
  { name: 'Fortaleza', city: 'Fortaleza', country: 'BR', state: 'CE' },
  { name: 'Ilhabela', city: 'Ilhabela', country: 'BR', state: 'SP' },
  { name: 'Búzios', city: 'Armação dos Búzios', country: 'BR', state: 'RJ' },
  { name: 'Angra dos Reis', city: 'Angra dos Reis', country: 'BR', state: 'RJ' },
  { name: 'Cabo Frio', city: 'Cabo Frio', country: 'BR', state: 'RJ' },
  { name: 'Balneário Camboriú', city: 'Balneário Camboriú', country: 'BR', state: 'SC' },
  { name: 'Itajaí', city: 'Itajaí', country: 'BR', state: 'SC' },
  { name: 'Porto Belo', city: 'Porto Belo', country: 'BR', state: 'SC' },
  { name: 'Ilhéus', city: 'Ilhéus', country: 'BR', state: 'BA' },
  { name: 'Manaus', city: 'Manaus', country: 'BR', state: 'AM' },
  { name: 'Buenos Aires', city: 'Buenos Aires', country: 'AR' },
  { name: 'Montevidéu', city: 'Montevidéu', country: 'UY' },
  { name: 'Punta del Este', city: 'Punta del Este', country: 'UY' },
  { name: 'Miami', city: 'Miami', country: 'US' },
  { name: 'Port Canaveral', city: 'Cabo Canaveral', country: 'US' },
  { name: 'Fort Lauderdale (Port Everglades)', city: 'Fort Lauderdale', country: 'US' },
  { name: 'Nassau', city: 'Nassau', country: 'BS' },
  { name: 'Cozumel', city: 'Cozumel', country: 'MX' },
  { name: 'Barcelona', city: 'Barcelona', country: 'ES' },
  { name: 'Civitavecchia (Roma)', city: 'Civitavecchia', country: 'IT' },
  { name: 'Gênova', city: 'Gênova', country: 'IT' },
  { name: 'Veneza', city: 'Veneza', country: 'IT' },
  { name: 'Marselha', city: 'Marselha', country: 'FR' },
  { name: 'Lisboa', city: 'Lisboa', country: 'PT' },
  { name: 'Southampton', city: 'Southampton', country: 'GB' },
];

/** ACRISS codes: category, body, transmission, fuel/air conditioning (ECMR: economy, 2/4 doors, manual, A/C). */
export const VEHICLE_CATEGORIES: TypedRow[] = [
  { name: 'Econômico', code: 'ECMR', fields: { passengers: 5, description: 'Carro popular, câmbio manual, com ar-condicionado.' } },
  { name: 'Econômico automático', code: 'ECAR', fields: { passengers: 5, description: 'Carro popular, câmbio automático.' } },
  { name: 'Compacto', code: 'CDMR', fields: { passengers: 5, description: 'Hatch ou sedã compacto, câmbio manual.' } },
  { name: 'Compacto automático', code: 'CDAR', fields: { passengers: 5, description: 'Hatch ou sedã compacto, câmbio automático.' } },
  { name: 'Intermediário', code: 'IDAR', fields: { passengers: 5, description: 'Sedã médio, câmbio automático.' } },
  { name: 'Standard', code: 'SDAR', fields: { passengers: 5, description: 'Sedã grande, câmbio automático.' } },
  { name: 'SUV compacto', code: 'CFAR', fields: { passengers: 5, description: 'Utilitário esportivo compacto, câmbio automático.' } },
  { name: 'SUV intermediário', code: 'IFAR', fields: { passengers: 5, description: 'Utilitário esportivo médio, câmbio automático.' } },
  { name: 'SUV grande', code: 'FFAR', fields: { passengers: 7, description: 'Utilitário esportivo grande, sete lugares.' } },
  { name: 'Minivan', code: 'MVAR', fields: { passengers: 7, description: 'Monovolume de sete lugares.' } },
  { name: 'Van', code: 'FVAR', fields: { passengers: 12, description: 'Van de passageiros.' } },
  { name: 'Executivo', code: 'PDAR', fields: { passengers: 5, description: 'Sedã premium, câmbio automático.' } },
  { name: 'Luxo', code: 'LDAR', fields: { passengers: 5, description: 'Sedã de luxo, câmbio automático.' } },
  { name: 'Picape cabine dupla', fields: { passengers: 5, description: 'Picape de quatro portas.' } },
];

export const CAR_RENTAL_COMPANIES: TypedRow[] = [
  'Localiza',
  'Movida',
  'Unidas',
  'Foco Aluguel de Carros',
  'Hertz',
  'Avis',
  'Budget',
  'Alamo',
  'Enterprise',
  'National',
  'Sixt',
  'Europcar',
  'Thrifty',
  'Dollar',
].map((name) => ({ name }));

export const CARD_BRANDS: TypedRow[] = [
  'Visa',
  'Mastercard',
  'Elo',
  'American Express',
  'Hipercard',
  'Diners Club',
  'Discover',
  'JCB',
  'Cabal',
  'Aura',
  'UnionPay',
].map((name) => ({ name }));

export const CHECKLIST_DOCUMENTS: TypedRow[] = described([
  ['Passaporte', 'Válido por pelo menos seis meses após a volta, na maioria dos destinos internacionais.'],
  ['RG ou CIN', 'Identidade com foto em bom estado: voos nacionais e países do Mercosul.'],
  ['CNH', 'Aceita como identificação em voos nacionais.'],
  ['Visto', 'Quando o destino exige: confira prazos e documentos no consulado.'],
  ['Certidão de nascimento', 'Para crianças sem documento de identidade com foto.'],
  ['Autorização de viagem para menor', 'Menor que viaja sem um ou ambos os pais, conforme as regras do CNJ.'],
  ['Certificado Internacional de Vacinação (CIVP)', 'Exigido por alguns países, como prova da vacina contra a febre amarela.'],
  ['Seguro viagem', 'Obrigatório em alguns destinos, como os países do Espaço Schengen.'],
  ['Comprovante de hospedagem', 'Reserva de hotel ou carta-convite, pedido na imigração de alguns países.'],
  ['Passagem de volta', 'Pedida na imigração de muitos países.'],
  ['Permissão Internacional para Dirigir (PID)', 'Para dirigir no exterior, com a CNH.'],
]);

export const CHECKLIST_PRODUCTS: TypedRow[] = described([
  ['Passagem aérea emitida', 'Bilhetes emitidos e localizadores enviados ao cliente.'],
  ['Hospedagem confirmada', 'Reserva confirmada pelo hotel.'],
  ['Seguro viagem contratado', 'Apólice emitida para todos os passageiros.'],
  ['Transfer reservado', 'Traslados de chegada e saída.'],
  ['Locação de veículo reservada', 'Reserva confirmada pela locadora.'],
  ['Ingressos e passeios', 'Parques, atrações e passeios comprados.'],
  ['Cruzeiro confirmado', 'Reserva confirmada pela companhia de cruzeiro.'],
  ['Chip ou eSIM de internet', 'Internet no destino.'],
  ['Câmbio', 'Moeda estrangeira ou cartão pré-pago.'],
  ['Vouchers enviados', 'Todos os vouchers enviados ao cliente.'],
]);

export const TRAVEL_DOCUMENTS: TypedRow[] = described([
  ['Passaporte', 'Documento de viagem internacional.'],
  ['RG', 'Carteira de identidade.'],
  ['CIN', 'Carteira de Identidade Nacional.'],
  ['CNH', 'Carteira Nacional de Habilitação.'],
  ['Certidão de nascimento', 'Documento de crianças sem identidade com foto.'],
  ['Visto', 'Autorização de entrada concedida pelo país de destino.'],
  ['Certificado Internacional de Vacinação ou Profilaxia (CIVP)', 'Prova de vacinação aceita internacionalmente.'],
  ['Autorização de viagem para menor', 'Autorização dos pais ou responsáveis.'],
  ['Permissão Internacional para Dirigir (PID)', 'Tradução oficial da CNH para dirigir no exterior.'],
]);

export const VACCINES: TypedRow[] = described([
  ['Febre amarela', 'Exigida por alguns países; tome até 10 dias antes da viagem.'],
  ['COVID-19', 'Recomendada; exigida por poucos destinos.'],
  ['Tríplice viral (sarampo, caxumba e rubéola)', 'Recomendada para viagens internacionais.'],
  ['Hepatite A', 'Recomendada para destinos com saneamento precário.'],
  ['Hepatite B', 'Recomendada para viagens longas.'],
  ['Poliomielite', 'Exigida na saída de alguns países.'],
  ['Febre tifoide', 'Recomendada para partes da Ásia, da África e da América Latina.'],
  ['Meningocócica ACWY', 'Exigida para a peregrinação a Meca.'],
  ['Raiva', 'Para quem terá contato com animais em áreas de risco.'],
  ['Cólera', 'Para áreas com surto.'],
  ['Encefalite japonesa', 'Para estadias rurais longas em partes da Ásia.'],
  ['Influenza', 'Recomendada para viagens na temporada de gripe.'],
  ['Dengue', 'Para quem já teve dengue e vai a áreas de transmissão.'],
  ['Difteria e tétano (dT)', 'Reforço a cada dez anos.'],
]);
