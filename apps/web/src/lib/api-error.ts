// Reading the one error body of the API (apps/api errors.ts), carried in TRPCClientError.data.
import { CLIENT_LIST_LABELS } from '@app/shared/crm-labels';
import { type ApiErrorBody, GENERIC_ERROR_MESSAGE, serverErrorText, statusMessage } from '@app/shared/errors';
import { type FormLabels, fieldMessage } from '@app/shared/form';
import { capitalize } from '@app/shared/format';

export type ApiError = {
  status: number;
  code: string;
  message: string;
  errors: Record<string, string[]>;
};

/**
 * pt-BR names of the fields the API reports errors for, for the bar's text of a call without a
 * form (a form names its fields with its own labels).
 */
const FIELD_LABELS: Record<string, string> = {
  email: 'E-mail',
  name: 'Nome',
  title: 'Título',
  phone: 'Telefone',
  role: 'Perfil',
  password: 'Senha',
  password_confirmation: 'Confirmação da senha',
  current_password: 'Senha atual',
  search: 'Busca',
  cpf: 'CPF',
  cnpj: 'CNPJ',
  start_date: 'Data inicial',
  end_date: 'Data final',
};

/** Lists whose rows the API names by index ('contacts.1.email'). */
const LIST_LABELS: Record<string, { legend: string; noun: string; fields: Record<string, string> }> = CLIENT_LIST_LABELS;

/** 'user.email' -> 'email': forms name their inputs by the last path segment. */
export const fieldKey = (path: string) => path.split('.').pop() ?? path;

/**
 * The name the bar gives an error's field: 'user.email' -> 'E-mail', a list's row by its place
 * ('contacts.1.email' -> 'Contato 2 - E-mail', 'documents.0' -> 'Documento 1', 'contacts' -> 'Contatos').
 * A field with a label in `labels` (a form's) takes it; one without a known name has none (never the API's key).
 */
export function fieldLabel(path: string, labels: FormLabels = {}): string | undefined {
  const segments = path.split('.');
  const at = segments.findIndex((segment) => /^\d+$/.test(segment));
  const list = at > 0 ? LIST_LABELS[segments[at - 1] ?? ''] : undefined;
  if (list) {
    const row = `${capitalize(list.noun)} ${Number(segments[at]) + 1}`;
    const field = segments[at + 1];
    const name = field ? (list.fields[field] ?? labels[field] ?? FIELD_LABELS[field]) : undefined;
    return name ? `${row} - ${name}` : row;
  }
  const key = fieldKey(path);
  return labels[key] ?? LIST_LABELS[key]?.legend ?? FIELD_LABELS[key];
}

export function apiError(error: unknown): ApiError {
  const data = (error as { data?: Partial<ApiErrorBody> | null } | null)?.data;
  if (data && typeof data.status === 'number') {
    return {
      status: data.status,
      code: data.code ?? String(data.status),
      message: data.message ?? statusMessage(data.status),
      errors: data.errors ?? {},
    };
  }
  // No body of ours: the network failed or something in between answered.
  const httpStatus = (error as { meta?: { response?: { status?: number } } } | null)?.meta?.response?.status;
  const status = typeof httpStatus === 'number' && httpStatus >= 400 ? httpStatus : 500;
  return { status, code: 'NETWORK', message: statusMessage(status, GENERIC_ERROR_MESSAGE), errors: {} };
}

/** A refused call's own words: a 4xx whose message says more than its status's catalogue text. */
function ownWords(err: ApiError): string | null {
  if (err.code === 'NETWORK' || err.status >= 500 || err.message === statusMessage(err.status)) return null;
  return err.message;
}

/**
 * The bar's text: the first field error of 3 to 149 characters, after the field's name
 * ('taken' -> '{field} já está em uso'; a sentence of its own, such as a one-time link's error,
 * reads alone); else the server's own words for a refused call (a sold budget's 409 says to undo
 * the sale, which 'Solicitação conflitante' does not); else the catalogue message for the status.
 * With `fallback`, for an action that names its own failure ('Erro ao criar sessão de
 * pagamento'): the server's own words for a refused call, else that fallback.
 */
export function errorText(err: ApiError, fallback?: string): string {
  if (fallback !== undefined) return ownWords(err) ?? fallback;
  const first = Object.entries(err.errors).find(([, messages]) => messages.length > 0);
  const message = first?.[1][0] ?? '';
  if (first && message.length >= 3 && message.length <= 149) return fieldMessage(message, fieldLabel(first[0]));
  return ownWords(err) ?? serverErrorText({ ...err, errors: {} }, err.status).text;
}

/** Errors a form showed itself (on its fields, or above them): the notification bar leaves them out. */
const shownByForm = new WeakSet<object>();

export function markShownByForm(error: unknown): void {
  if (typeof error === 'object' && error !== null) shownByForm.add(error);
}

export const isShownByForm = (error: unknown): boolean => typeof error === 'object' && error !== null && shownByForm.has(error);
