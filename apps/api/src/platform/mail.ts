import type { Db } from '@app/db';
import type { Transporter } from 'nodemailer';

export type MailAttachment = { filename: string; content: Buffer; contentType: string };

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe on the mails to an agency's clients). */
  headers?: Record<string, string>;
  /** Set by deliverOnce: the same mail keeps the same id whichever run sends it. */
  messageId?: string;
};

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP_URL set: real delivery through nodemailer (loaded with the first mail: a process that sends none never holds it). */
export function smtpMailer(url: string, from: string): Mailer {
  let transport: Transporter | undefined;
  return {
    kind: 'smtp',
    async send(message) {
      transport ??= (await import('nodemailer')).default.createTransport(url);
      await transport.sendMail({ from, ...message });
    },
  };
}

/**
 * Embedded default: mail lands in the outbox table, readable at /dev/outbox: one row per recipient
 * (as a mailbox would see it), attachments by name, type and size only.
 */
export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      const attachments = (message.attachments ?? []).map((a) => ({
        filename: a.filename,
        content_type: a.contentType,
        size: a.content.length,
      }));
      const { subject, text, html } = message;
      await db.outboxMail.createMany({ data: [message.to].flat().map((to) => ({ to, subject, text, html, attachments })) });
    },
  };
}
