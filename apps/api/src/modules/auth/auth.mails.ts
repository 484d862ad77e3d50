import { PASSWORD_RESET_TTL_MINUTES, PRODUCT_NAME, REGISTRATION_TTL_DAYS } from '@app/shared';
import type { MailMessage } from '../../platform/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function passwordResetMail(appUrl: string, to: string, name: string, token: string): MailMessage {
  const link = `${appUrl}/definir-senha/${token}`;
  return {
    to,
    subject: `${PRODUCT_NAME}: redefinição de senha`,
    text: `Olá, ${name}!\n\nRecebemos um pedido para redefinir a sua senha. Para criar uma nova senha, acesse:\n${link}\n\nO link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos. Se você não fez esse pedido, ignore este e-mail.`,
    html: `<p>Olá, ${escapeHtml(name)}!</p><p>Recebemos um pedido para redefinir a sua senha.</p><p><a href="${link}">Criar nova senha</a></p><p>O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos. Se você não fez esse pedido, ignore este e-mail.</p>`,
  };
}

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
