// E-mail through the outbox: with SMTP_URL every mail is a queued row and the job runner sends it. An
// SMTP server that is down does not fail the call that asked for the mail (an invitation answers 0);
// the mail waits, is sent once the server is back, and never twice.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATHS } from '../../contract/http';
import { jobHandlers } from '../../server/jobs';
import { mailOutbox } from '../../server/platform/db/schema';
import { createJobRunner, type JobLog } from '../../server/platform/jobs';
import { createMailer } from '../../server/platform/mail';
import { addUser, apiSuite } from './fixtures';
import { APP_TIMEOUT } from './helpers';

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
let port: number;
let smtp: SMTPServer | undefined;
const received: string[] = [];

/** A port nobody listens on (yet). */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** The SMTP stand-in: accepts every mail and keeps its raw text. */
const startSmtp = (): Promise<SMTPServer> =>
  new Promise((resolve) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push(raw);
          done();
        });
      },
    });
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

// the app's SMTP_URL names a port the stand-in listens on only later in the test
const { t, tokens, call } = apiSuite(async () => {
  port = await freePort();
  return { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } };
});

beforeAll(async () => {
  await addUser(t, tokens, 'op', { type: 'OPERATOR' });
}, APP_TIMEOUT);

afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

describe('the mail outbox', () => {
  it('keeps a mail through an SMTP outage and sends it once the server is back, once', async () => {
    const res = await call('op', 'POST', `${BASE_PATHS.main}/user/operator/register`, {
      email: 'new.operator@example.com',
      name: 'New Operator',
    });
    expect(res.json()).toMatchObject({ code: 0 });
    const [queued] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'new.operator@example.com'));
    expect(queued).toMatchObject({ state: 'queued', sentAt: null });

    const runner = createJobRunner({ db: t.db, log: quiet, handlers: jobHandlers({ config: t.config }) });
    let now = Date.now() + 1000;
    // the SMTP server is down: the attempt fails, the mail stays queued with the reason
    await runner.runDue(new Date(now));
    const [waiting] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, queued?.id ?? 0));
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 });
    expect(waiting?.lastError).toMatch(/ECONNREFUSED|connect/i);

    // it is back: the next attempt (after the backoff) sends it
    smtp = await startSmtp();
    now += 60_000;
    await runner.runDue(new Date(now));
    const [sent] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, queued?.id ?? 0));
    expect(sent).toMatchObject({ state: 'sent', attempts: 2, lastError: null });
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('new.operator@example.com');
    expect(received[0]).toContain('Activate your account');

    // and never again
    for (let i = 0; i < 3; i++) {
      now += 3_600_000;
      await runner.runDue(new Date(now));
    }
    expect(received).toHaveLength(1);
  });

  it('sends a mail with its attachment (a scheduled export’s CSV) as a file of the mail', async () => {
    const mailer = createMailer(t.config, t.db, quiet as never);
    await mailer.send({
      to: 'reports@example.com',
      subject: 'Scheduled export: brand (daily)',
      text: 'Attached.',
      html: '<p>Attached.</p>',
      attachment: { name: 'brand-2030-01-06.csv', text: 'id,name\n1,Acme Bakery\n' },
    });
    const before = received.length;
    const runner = createJobRunner({ db: t.db, log: quiet, handlers: jobHandlers({ config: t.config }) });
    await runner.runDue(new Date(Date.now() + 10 * 3_600_000));
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'reports@example.com'));
    expect(row).toMatchObject({ state: 'sent', attachmentName: 'brand-2030-01-06.csv' });
    expect(received).toHaveLength(before + 1);
    const raw = received.at(-1) ?? '';
    expect(raw).toMatch(/Content-Disposition: attachment;\s*filename=brand-2030-01-06\.csv/);
    expect(raw).toContain('Content-Type: text/csv');
    // the file's text, as nodemailer encodes it (base64)
    expect(raw.replace(/\r?\n/g, '')).toContain(Buffer.from('id,name\n1,Acme Bakery\n').toString('base64'));
  });
});
