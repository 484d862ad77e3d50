// The names users know the screens by, from the first path segment the beacon records.

const SCREEN_LABELS: Record<string, string> = {
  home: 'Atendimentos (início)',
  atendimentos: 'Atendimentos',
  atendimento: 'Atendimento',
  'atendimento-leader': 'Atendimento ou lead',
  clientes: 'Clientes',
  'clientes-pessoa-interna': 'Cliente',
  usuarios: 'Usuários',
  'usuario-view': 'Usuário',
  orcamentos: 'Orçamentos',
  'novo-orcamento': 'Novo orçamento',
  'duplicate-orcamento': 'Duplicar orçamento',
  'orcamento-infor': 'Informações do orçamento',
  'valor-total': 'Valor total',
  'orcamento-reserva': 'Reserva do orçamento',
  'orcamento-timeline': 'Linha do tempo da proposta',
  'venda-fechada': 'Venda fechada',
  tarefas: 'Tarefas',
  fornecedores: 'Fornecedores',
  fornecedor: 'Fornecedor',
  'seu-plano': 'Seu plano',
  perfil: 'Meu perfil',
  hoteis: 'Hotéis favoritos',
  hotel: 'Hotel favorito',
  servicos: 'Serviços',
  hospedagem: 'Parametrização de hospedagem',
  aereo: 'Parametrização de aéreo',
  localidade: 'Parametrização de localidade',
  locacao: 'Parametrização de locação',
  cruzeiro: 'Parametrização de cruzeiro',
  checklist: 'Parametrização de checklist',
  financeiro: 'Parametrização financeira',
  'relatorio-de-acessos': 'Relatório de acessos',
};

/** 'clientes' -> 'Clientes'; a segment without a name shows as its path. */
export const screenLabel = (controller: string): string =>
  Object.hasOwn(SCREEN_LABELS, controller) ? (SCREEN_LABELS[controller] as string) : `/${controller}`;
