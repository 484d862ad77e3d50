import { PRODUCT_NAME, REGISTRATION_TTL_DAYS } from '@app/shared';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../../platform/mail';

/** Sent to new staff and new agency owners: confirm (and set a password) or deny. */
export function registrationMail(appUrl: string, to: string, name: string, companyName: string, token: string): MailMessage {
  const activate = `${appUrl}/registration/activate-user/${token}`;
  const deny = `${appUrl}/registration/deny-user/${token}`;
  return {
    to,
    subject: `${PRODUCT_NAME}: confirme seu cadastro na ${companyName}`,
    text: `Olá, ${name}!\n\nVocê foi cadastrado(a) na ${companyName}. Para confirmar e definir sua senha, acesse:\n${activate}\n\nSe você não reconhece este cadastro, recuse-o em:\n${deny}\n\nOs links valem por ${REGISTRATION_TTL_DAYS} dias.`,
    html: `<p>Olá, ${escapeHtml(name)}!</p><p>Você foi cadastrado(a) na ${escapeHtml(companyName)}.</p><p><a href="${activate}">Confirmar cadastro</a></p><p>Não reconhece este cadastro? <a href="${deny}">Recusar cadastro</a></p><p>Os links valem por ${REGISTRATION_TTL_DAYS} dias.</p>`,
  };
}
