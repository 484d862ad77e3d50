import type { FeatureKey } from '@app/shared/constants';
import { isTrialExpired, planStatusTexts } from '@app/shared/plan-status';

/** What each plan feature means to an agency (super_admin belongs to the system company only). */
export const FEATURE_LABELS: Partial<Record<FeatureKey, string>> = {
  d4sign: 'Assinatura digital de contratos (D4Sign)',
  cambio_sistema: 'Cotação de câmbio do sistema',
  pipedrive_deals: 'Integração com o Pipedrive',
  nfse: 'Emissão de NFS-e',
  financial_table_comments: 'Comentários na tabela financeira',
  custom_subdomain: 'Endereço próprio (subdomínio)',
};

/** The badge of a plan status: its status message, or what active and trialing mean. */
export function statusLabel(status: string | null | undefined, days: number | null | undefined): string {
  if (status === 'active') return 'Ativo';
  if (status === 'trialing') return isTrialExpired(status, days) ? 'Período de teste expirado' : 'Período de teste';
  return planStatusTexts(status, days).message;
}
