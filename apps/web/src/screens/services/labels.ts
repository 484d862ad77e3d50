// pt-BR texts of the /servicos screen: how each type is priced and what its own fields are called.
import type { BudgetServiceType, PricingMode } from '@app/shared/budget-services';
import { REFERENCE_LIST_KEYS, type ReferenceListKey, referenceList } from '@app/shared/reference-lists';

export const PRICING_LABELS: Record<PricingMode, string> = {
  per_pax: 'por passageiro',
  per_room: 'por quarto',
  total: 'valor total',
};

export const PRICING_HINTS: Record<PricingMode, string> = {
  per_pax: 'Uma tarifa por adulto, criança e bebê.',
  per_room: 'O valor de cada quarto pela estadia toda, multiplicado pela quantidade de quartos.',
  total: 'Um valor único para todos os passageiros.',
};

/** Each type's own fields (besides title, dates, passengers and values, common to every service), in the form's order. */
export const DETAIL_FIELD_LABELS: Record<BudgetServiceType, readonly string[]> = {
  air: ['Trechos: origem, destino, companhia aérea, número do voo', 'Partida e chegada (data e hora)', 'Classe, bagagem e localizador'],
  accommodation: [
    'Hotel (favorito ou digitado) e cidade',
    'Regime de alimentação',
    'Horários de check-in e check-out',
    'Quartos: hóspedes, tipo, categoria e valor',
  ],
  cruise: ['Companhia e navio', 'Portos de embarque e desembarque', 'Tipo e categoria de cabine', 'Regime de bordo e roteiro'],
  car_rental: ['Locadora e categoria do veículo', 'Locais de retirada e devolução'],
  transfer: ['Origem e destino', 'Veículo e se é privativo'],
  insurance: ['Plano e coberturas'],
  tour: ['Local, ponto de encontro e o que inclui'],
  other: ['Só os campos comuns'],
};

/** The parameterization screen and tab of a reference list (/aereo/2 = companhias aéreas), if it has one. */
export function listPath(list: string): string | null {
  const key = REFERENCE_LIST_KEYS.find((k) => k === list) as ReferenceListKey | undefined;
  if (!key) return null;
  const group = referenceList(key).group;
  const position = REFERENCE_LIST_KEYS.filter((k) => referenceList(k).group === group).indexOf(key) + 1;
  return `/${group}/${position}`;
}
