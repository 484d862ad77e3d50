import { PASSWORD_RESET_TTL_MINUTES, PRODUCT_NAME } from '@app/shared';
import { escapeHtml } from '../../html';
import type { MailMessage } from '../../platform/mail';

export function passwordResetMail(appUrl: string, to: string, name: string, token: string): MailMessage {
  const link = `${appUrl}/definir-senha/${token}`;
  return {
    to,
    subject: `${PRODUCT_NAME}: redefinição de senha`,
    text: `Olá, ${name}!\n\nRecebemos um pedido para redefinir a sua senha. Para criar uma nova senha, acesse:\n${link}\n\nO link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos. Se você não fez esse pedido, ignore este e-mail.`,
    html: `<p>Olá, ${escapeHtml(name)}!</p><p>Recebemos um pedido para redefinir a sua senha.</p><p><a href="${link}">Criar nova senha</a></p><p>O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos. Se você não fez esse pedido, ignore este e-mail.</p>`,
  };
}
