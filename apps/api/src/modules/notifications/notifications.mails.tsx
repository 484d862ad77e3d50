import { firstName, PRODUCT_NAME } from '@app/shared';
import { EmailLayout, P, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';

/** A notification the agent chose to get by e-mail too (Meu perfil), with the link to its record. */
export function notificationMail(appUrl: string, d: { to: string; name: string; title: string; link: string }): Promise<MailMessage> {
  return renderMail(
    { to: d.to, subject: d.title },
    <EmailLayout
      brand={{ name: PRODUCT_NAME }}
      preview={d.title}
      heading={`Olá, ${firstName(d.name)}!`}
      action={{ label: 'Abrir no sistema', href: `${appUrl}${d.link}` }}
      footnote={<>Você recebe este e-mail porque escolheu ser avisado disso em Meu perfil. Desmarque lá para não receber mais.</>}
    >
      <P>{d.title}</P>
    </EmailLayout>,
  );
}
