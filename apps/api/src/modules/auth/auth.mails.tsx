import { PASSWORD_RESET_TTL_MINUTES, PRODUCT_NAME } from '@app/shared';
import { EmailLayout, P, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';

export function passwordResetMail(appUrl: string, to: string, name: string, token: string): Promise<MailMessage> {
  const link = `${appUrl}/definir-senha/${token}`;
  return renderMail(
    { to, subject: `${PRODUCT_NAME}: redefinição de senha` },
    <EmailLayout
      brand={{ name: PRODUCT_NAME }}
      preview="Crie uma nova senha"
      heading={`Olá, ${name}!`}
      action={{ label: 'Criar nova senha', href: link }}
      footnote={`O link vale por ${PASSWORD_RESET_TTL_MINUTES} minutos. Se você não fez esse pedido, ignore este e-mail.`}
    >
      <P>Recebemos um pedido para redefinir a sua senha. Para criar uma nova senha, use o botão abaixo.</P>
    </EmailLayout>,
  );
}
