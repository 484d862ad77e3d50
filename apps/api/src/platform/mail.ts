import type { Db } from '@app/db';
import nodemailer from 'nodemailer';

export type MailMessage = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP_URL set: real delivery through nodemailer. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Embedded default: mail lands in the outbox table, readable at /dev/outbox. */
export function outboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.outboxMail.create({ data: { to: message.to, subject: message.subject, text: message.text, html: message.html } });
    },
  };
}
