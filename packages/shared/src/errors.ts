import type { ApiErrorBody } from './error-body';

/** The message users read for each HTTP status. */
export const GENERIC_ERROR_MESSAGE = 'Houve um erro de sistema e não foi possível realizar a ação';

export const STATUS_MESSAGES: Record<number, string> = {
  400: GENERIC_ERROR_MESSAGE,
  401: 'Não autorizado',
  403: 'Proibido',
  404: 'Não encontrado',
  409: 'Solicitação conflitante',
  500: GENERIC_ERROR_MESSAGE,
};

export const PAGE_NOT_FOUND_MESSAGE = 'Página não encontrada';
export const IMAGE_UPLOAD_ERROR = 'Erro ao fazer upload da imagem';
export const FREE_PLAN_MIGRATION_SUCCESS = 'Migrado para o Plano Grátis com sucesso!';
export const FREE_PLAN_MIGRATION_ERROR = 'Erro ao migrar para o Plano Grátis. Tente novamente.';
export const CHECKOUT_URL_MISSING = 'Link de pagamento não gerado, tente novamente.';
export const PAYMENT_ERROR = 'Erro ao processar pagamento. Tente novamente.';
export const PAYMENT_SESSION_ERROR = 'Erro ao criar sessão de pagamento';
export const PAYMENT_CHECK_ERROR = 'Erro ao verificar status do pagamento';
export const USER_EMAIL_NOT_FOUND = 'Email do usuário não encontrado';
export const CURRENT_PLAN_NOT_FOUND = 'Plano atual não encontrado';
export const FREE_PLAN_NOT_FOUND = 'Free Plan not found';
/** Rails-style uniqueness message; the client turns it into '{field} já está em uso'. */
export const TAKEN_MESSAGE = 'has already been taken';

export type { ApiErrorBody } from './error-body';

export function statusMessage(status: number, fallback?: string): string {
  return STATUS_MESSAGES[status] ?? fallback ?? GENERIC_ERROR_MESSAGE;
}

export type ServerErrorText = { text: string; cpfInUse: boolean };

/**
 * The text shown for a server error. The first field error wins when it is 3 to 149
 * characters long ('taken' becomes '{field} já está em uso'); otherwise the status message.
 */
export function serverErrorText(body: Partial<ApiErrorBody> | undefined, status: number): ServerErrorText {
  const first = body?.errors ? Object.entries(body.errors).find(([, messages]) => messages.length > 0) : undefined;
  if (first) {
    const [field, messages] = first;
    const message = messages[0] ?? '';
    if (message.length >= 3 && message.length <= 149) {
      const cpfInUse = field.toLowerCase().includes('cpf');
      if (message.includes('taken')) return { text: `${field} já está em uso`, cpfInUse };
      return { text: `${field} ${message}`, cpfInUse };
    }
  }
  const text = STATUS_MESSAGES[status] ?? body?.message ?? GENERIC_ERROR_MESSAGE;
  return { text, cpfInUse: false };
}
