import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { DbOrTx } from './audit';
import type { Config } from './config';
import type { Db } from './db/client';
import { mailOutbox } from './db/schema';
import { enqueue, type JobHandler } from './jobs';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** the action link in the mail, if any */
  link?: string;
  /** one file sent with it (a scheduled export's CSV), kept in the outbox row */
  attachment?: { name: string; text: string };
}

export interface Mailer {
  /** records the mail (in `db`, a transaction when given one) and has it sent; never waits for SMTP */
  send(mail: Mail, db?: DbOrTx): Promise<void>;
}

export const SEND_MAIL_JOB = 'send-mail';
/** Attempts before a mail is left for someone to look at (2 s doubling: about 17 minutes in all). */
export const MAIL_MAX_ATTEMPTS = 10;

/**
 * Every mail is a row of `mail_outbox` first. With SMTP_URL it is queued and the job runner sends it
 * (`sendMailJob`), retrying with backoff: an SMTP outage delays mail, never loses it and never fails
 * the call that caused it. Without SMTP_URL the row is the mail (stored), and its link is logged at
 * info level: that link is meant for the person running the server locally, and it is the only
 * token-like value ever written to a log.
 */
export const createMailer = (
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Mailer => ({
  async send(mail, into = db) {
    const row = {
      to: mail.to.toLowerCase(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      link: mail.link ?? null,
      attachmentName: mail.attachment?.name ?? null,
      attachment: mail.attachment?.text ?? null,
    };
    if (!config.smtpUrl) {
      await into.insert(mailOutbox).values({ ...row, state: 'stored' });
      log.info(
        { to: mail.to, subject: mail.subject, link: mail.link },
        'mail stored in outbox (no SMTP_URL)',
      );
      return;
    }
    const [queued] = await into
      .insert(mailOutbox)
      .values({ ...row, state: 'queued' })
      .returning({ id: mailOutbox.id });
    if (!queued) throw new Error('mail not recorded');
    await enqueue(into, SEND_MAIL_JOB, { mailId: queued.id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
    log.info({ to: mail.to, subject: mail.subject, mailId: queued.id }, 'mail queued');
  },
});

/**
 * The `send-mail` job: sends one queued mail through SMTP_URL and marks it sent; a refusal is noted
 * on the row and thrown, so the runner tries again later. A mail already sent is never sent again.
 */
export const sendMailJob = (config: Pick<Config, 'smtpUrl' | 'mailFrom'>): JobHandler => {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return async (payload, { db }) => {
    const mailId = Number(payload.mailId);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    if (mail?.state !== 'queued') return { skipped: mail ? mail.state : 'no such mail' };
    if (!transport) return { skipped: 'no SMTP_URL' };
    await db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1` })
      .where(eq(mailOutbox.id, mailId));
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachmentName !== null && mail.attachment !== null
          ? {
              attachments: [
                { filename: mail.attachmentName, content: mail.attachment, contentType: 'text/csv' },
              ],
            }
          : {}),
      });
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      await db.update(mailOutbox).set({ lastError }).where(eq(mailOutbox.id, mailId));
      throw err;
    }
    await db
      .update(mailOutbox)
      .set({ state: 'sent', sentAt: new Date(), lastError: null })
      .where(and(eq(mailOutbox.id, mailId), eq(mailOutbox.state, 'queued')));
    return { sent: mailId };
  };
};

export const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
