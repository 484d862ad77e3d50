// How much outgoing e-mail (budgets, proposals, vouchers, contracts, reservation requests,
// invitations, signature requests) a user and an agency may send, counted in recipients: far above
// what an agency sends, they only stop a flood from a stolen session or a script.

export const SEND_LIMITS = {
  recipientsPerUserPerHour: 200,
  recipientsPerAgencyPerHour: 1_000,
  recipientsPerAgencyPerDay: 5_000,
} as const;

export type SendLimitScope = 'userHour' | 'agencyHour' | 'agencyDay';

const SCOPE_TEXT: Record<SendLimitScope, string> = {
  userHour: `${SEND_LIMITS.recipientsPerUserPerHour.toLocaleString('pt-BR')} destinatários por hora para cada usuário`,
  agencyHour: `${SEND_LIMITS.recipientsPerAgencyPerHour.toLocaleString('pt-BR')} destinatários por hora para a agência`,
  agencyDay: `${SEND_LIMITS.recipientsPerAgencyPerDay.toLocaleString('pt-BR')} destinatários por dia para a agência`,
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** When to try again, in minutes below an hour, else in hours (both rounded up). */
function waitText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return minutes < 60 ? plural(minutes, 'minuto', 'minutos') : plural(Math.ceil(minutes / 60), 'hora', 'horas');
}

/** The 429's message: which limit was met and when sending works again. */
export function sendLimitMessage(scope: SendLimitScope, retryAfterSeconds: number): string {
  return `Limite de envios atingido (${SCOPE_TEXT[scope]}): tente novamente em ${waitText(retryAfterSeconds)}.`;
}

/** The limits in one sentence, for the send dialogs and the API document. */
export const SEND_LIMITS_TEXT = `Os envios são limitados a ${SCOPE_TEXT.userHour}, ${SCOPE_TEXT.agencyHour} e ${SCOPE_TEXT.agencyDay}.`;
