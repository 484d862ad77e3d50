import { PRODUCT_NAME, REGISTRATION_TTL_DAYS } from '@app/shared';
import { EmailLayout, P, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';

/** Sent to new staff and new agency owners: confirm (and set a password) or deny. */
export function registrationMail(appUrl: string, to: string, name: string, companyName: string, token: string): Promise<MailMessage> {
  const activate = `${appUrl}/registration/activate-user/${token}`;
  const deny = `${appUrl}/registration/deny-user/${token}`;
  return renderMail(
    { to, subject: `${PRODUCT_NAME}: confirme seu cadastro na ${companyName}` },
    <EmailLayout
      brand={{ name: PRODUCT_NAME }}
      preview={`Confirme seu cadastro na ${companyName}`}
      heading={`Olá, ${name}!`}
      action={{ label: 'Confirmar cadastro', href: activate }}
      footnote={
        <>
          {/* The link ends the sentence without a period: a mail client would take the period into the link. */}
          Os links valem por {REGISTRATION_TTL_DAYS} dias. Não reconhece este cadastro? Recuse-o em: <a href={deny}>{deny}</a>
        </>
      }
    >
      <P>Você foi cadastrado(a) na {companyName}. Para confirmar e definir sua senha, use o botão abaixo.</P>
    </EmailLayout>,
  );
}
