import { longDate, PRODUCT_NAME } from '@app/shared';
import { EmailLayout, P, Quote, renderMail } from '../../platform/email/render';
import type { MailMessage } from '../../platform/mail';

export type FollowUpReminderData = {
  to: string;
  agentName: string;
  title: string;
  description: string | null;
  attendance: { id: number; title: string } | null;
  /** 'YYYY-MM-DD'. */
  dueDate: string | null;
};

/** Tells the agent that an automatic follow-up put a task on their board. */
export function followUpReminderMail(appUrl: string, d: FollowUpReminderData): Promise<MailMessage> {
  const href = d.attendance ? `${appUrl}/atendimento/${d.attendance.id}` : `${appUrl}/tarefas`;
  return renderMail(
    { to: d.to, subject: `Nova tarefa de acompanhamento: ${d.title}` },
    <EmailLayout
      brand={{ name: PRODUCT_NAME }}
      preview={d.title}
      heading={`Olá, ${d.agentName}!`}
      action={{ label: d.attendance ? 'Ver o atendimento' : 'Ver as tarefas', href }}
      footnote={
        <>As regras de acompanhamento automático podem ser ligadas e desligadas pelo proprietário ou administrador da agência em Tarefas.</>
      }
    >
      <P>Um acompanhamento automático criou uma tarefa para você: "{d.title}".</P>
      {d.description && <Quote>{d.description}</Quote>}
      {d.attendance && <P>Atendimento: {d.attendance.title}</P>}
      {d.dueDate && <P>Prazo: {longDate(d.dueDate)}</P>}
    </EmailLayout>,
  );
}
