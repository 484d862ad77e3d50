import { businessDate, type CompanyClosure, longDate, PRODUCT_NAME } from '@app/shared';
import { EmailLayout, P, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';

const brazilDay = (iso: string) => longDate(businessDate(new Date(iso)));

/** The owners hear of each step of closing the account: scheduled, cancelled, and the deletion done. */
export function companyClosureMail(
  appUrl: string,
  kind: 'scheduled' | 'cancelled' | 'deleted',
  owner: { email: string; name: string | null },
  closure: CompanyClosure & { company_name: string },
): Promise<MailMessage> {
  const company = closure.company_name;
  const date = brazilDay(closure.scheduled_for);
  const heading = owner.name ? `Olá, ${owner.name}!` : 'Olá!';
  if (kind === 'scheduled') {
    const subject = `${PRODUCT_NAME}: encerramento da conta da ${company} agendado para ${date}`;
    return renderMail(
      { to: owner.email, subject },
      <EmailLayout
        brand={{ name: PRODUCT_NAME }}
        preview={subject}
        heading={heading}
        action={{ label: 'Cancelar o encerramento', href: `${appUrl}/perfil` }}
        footnote="Não foi você? Entre agora e cancele o encerramento em Meu perfil."
      >
        <P>
          {closure.requested_by} pediu o encerramento da conta da {company}. Em {date}, todos os dados da agência (clientes, atendimentos,
          orçamentos, vendas, arquivos) serão excluídos definitivamente.
        </P>
        <P>Até lá, a conta continua funcionando: exporte seus dados em Meu perfil {'>'} Seus dados, ou cancele o encerramento.</P>
      </EmailLayout>,
    );
  }
  if (kind === 'cancelled') {
    const subject = `${PRODUCT_NAME}: encerramento da conta da ${company} cancelado`;
    return renderMail(
      { to: owner.email, subject },
      <EmailLayout brand={{ name: PRODUCT_NAME }} preview={subject} heading={heading}>
        <P>O encerramento da conta da {company} foi cancelado. Nada será excluído e a conta segue ativa.</P>
      </EmailLayout>,
    );
  }
  const subject = `${PRODUCT_NAME}: os dados da ${company} foram excluídos`;
  return renderMail(
    { to: owner.email, subject },
    <EmailLayout brand={{ name: PRODUCT_NAME }} preview={subject} heading={heading}>
      <P>
        Conforme pedido em {brazilDay(closure.requested_at)}, a conta da {company} foi encerrada e todos os seus dados e arquivos foram
        excluídos definitivamente dos nossos sistemas.
      </P>
      <P>Obrigado por ter usado o {PRODUCT_NAME}.</P>
    </EmailLayout>,
  );
}
