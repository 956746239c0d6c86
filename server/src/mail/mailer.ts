// Mail through nodemailer: SMTP when SMTP_URL is set; otherwise an outbox a developer
// can read (DATA_DIR/outbox.log and the log), also kept in memory for tests.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text part (always; the development outbox file shows it). */
  text: string;
  /** The HTML part (SMTP sends both, as multipart/alternative). */
  html?: string;
  /** A fixed Message-ID (notices: derived from the notice, so a re-send is recognisably the same mail). */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The last messages sent through the outbox (empty with SMTP). */
  readonly outbox: MailMessage[];
  readonly outboxFile: string | null;
  close(): void;
}

const OUTBOX_KEEP = 200;

export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const outbox: MailMessage[] = [];
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      outbox,
      outboxFile: null,
      async send(m) {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId });
        opts.log.info({ to: m.to, subject: m.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ jsonTransport: true });
  const outboxFile = path.join(opts.dataDir, 'outbox.log');
  return {
    outbox,
    outboxFile,
    async send(m) {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html, messageId: m.messageId });
      outbox.push(m);
      if (outbox.length > OUTBOX_KEEP) outbox.shift();
      const entry = `===== ${new Date().toISOString()}\nFrom: ${opts.from}\nTo: ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n\n`;
      await mkdir(path.dirname(outboxFile), { recursive: true });
      await appendFile(outboxFile, entry, { mode: 0o600 });
      opts.log.info({ to: m.to, subject: m.subject, text: m.text, outbox: outboxFile }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
