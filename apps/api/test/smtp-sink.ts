import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string;
  messageId: string;
  /** Every header as sent, by lower-case name (the last of a repeated one). */
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: Buffer }[];
};

/** A real SMTP server on a free local port that keeps what it receives (or, while `refuse(true)`, refuses every recipient). */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let refusing = false;
  /** Messages taken and still being read into `received`. */
  const unread = new Set<Promise<void>>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!refusing) return callback();
      // What a mail server answers while it cannot take mail for a while.
      callback(Object.assign(new Error('Requested action aborted: local error in processing'), { responseCode: 451 }));
    },
    // Like a mail server's queue: the message is taken (250) as soon as it has arrived, and read
    // afterwards. Reading before answering would widen the window in which a client killed after
    // its last byte never learns that the mail was taken (RFC 1047).
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        // The session's envelope is the next message's once answered.
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        callback();
        const read = simpleParser(Buffer.concat(chunks)).then((mail) => {
          for (const to of recipients) {
            received.push({
              to,
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              replyTo: mail.replyTo?.text ?? '',
              messageId: mail.messageId ?? '',
              headers: Object.fromEntries(
                mail.headerLines.map((h) => [
                  h.key,
                  h.line
                    .slice(h.line.indexOf(':') + 1)
                    .replace(/\r?\n/g, '')
                    .trim(),
                ]),
              ),
              attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
            });
          }
        });
        unread.add(read);
        // A message that cannot be read stays out of `received`: the test waiting for it fails there.
        read.catch(() => undefined).finally(() => unread.delete(read));
      });
    },
  });
  // A client killed in the middle of a message (the fleet test's worker) resets its connection, and
  // smtp-server reports it on the server: like a mail server, the sink drops that message and goes on.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    /** Resolves once every message taken so far is in `received`. */
    async settled() {
      while (unread.size > 0) await Promise.allSettled([...unread]);
    },
    refuse(on: boolean) {
      refusing = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
