import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the action link in the mail, if any */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Mail goes out through SMTP_URL when it is set. Without it the mail is stored in the outbox table
 * (tests and a local user read it there) and its link is logged at info level: that link is meant for
 * the person running the server locally, and it is the only token-like value ever written to a log.
 */
export const createMailer = (
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Mailer => {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      await db.insert(mailOutbox).values({
        to: mail.to.toLowerCase(),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        link: mail.link ?? null,
      });
      log.info(
        { to: mail.to, subject: mail.subject, link: mail.link },
        'mail stored in outbox (no SMTP_URL)',
      );
    },
  };
};

export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
