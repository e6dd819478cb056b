import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { v7 as uuidv7 } from 'uuid';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Links in the mail, kept apart so the outbox can list them. */
  links?: string[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Without SMTP every mail lands in `<dataDir>/outbox` (one .json per mail) and in the log. */
export function outboxMailer(dir: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${uuidv7()}.json`);
      await fs.writeFile(file, JSON.stringify({ ...mail, createdAt: new Date().toISOString() }, null, 2));
      log.info({ to: mail.to, subject: mail.subject, links: mail.links, file }, 'mail written to outbox');
    },
  };
}

export async function smtpMailer(url: string, from: string): Promise<Mailer> {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}

/**
 * Sends a mail without making the request wait for the mail server: a reply's timing then does not tell
 * whether a mail went out (password restore, registration), and a slow SMTP server does not hold the
 * request. A failure is logged, not thrown.
 */
export function sendInBackground(mailer: Mailer, mail: Mail, log?: Pick<FastifyBaseLogger, 'error'>): void {
  mailer.send(mail).catch((err: unknown) => {
    if (log) log.error({ err, to: mail.to, subject: mail.subject }, 'mail not sent');
    else console.error(`mail to ${mail.to} not sent:`, err);
  });
}
