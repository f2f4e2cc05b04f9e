import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import type { MailAttachment } from '../emails/layout.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

export interface SentMail extends MailMessage {
  id: string;
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The last messages sent by this process, newest last (development and tests only). */
  outbox(): readonly SentMail[];
}

const OUTBOX_SIZE = 200;

/**
 * Real SMTP through nodemailer when SMTP_URL is set; otherwise nodemailer's JSON transport, with each
 * message written to the log (MAIL_TRANSPORT=log) or to DATA_DIR/mail as a JSON file (MAIL_TRANSPORT=file).
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  // Made at the first message, not at start: nodemailer is loaded then (ADR 223).
  let transport: Promise<Transporter> | undefined;
  const transportFor = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    return config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL)
      : nodemailer.createTransport({ jsonTransport: true });
  };
  const sent: SentMail[] = [];
  let counter = 0;
  return {
    async send(message) {
      transport ??= transportFor();
      const info = await (await transport).sendMail({ from: config.MAIL_FROM, ...message });
      const mail: SentMail = {
        ...message,
        id: `${Date.now()}-${++counter}`,
        sentAt: new Date().toISOString(),
      };
      if (!config.isProduction) {
        sent.push(mail);
        if (sent.length > OUTBOX_SIZE) sent.shift();
      }
      if (config.SMTP_URL) {
        log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      } else if (config.MAIL_TRANSPORT === 'file' && config.dataDir) {
        const dir = path.join(config.dataDir, 'mail');
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, `${mail.id}.json`), JSON.stringify(mail, null, 2));
        log.info({ to: message.to, subject: message.subject }, 'mail written to the data folder');
      } else {
        log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'mail (dev transport)',
        );
      }
    },
    outbox: () => sent,
  };
}
