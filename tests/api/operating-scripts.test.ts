import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILD_NODE_ARGS } from '../node-child';
import { freshMigratedPgDatabase, migratedDataDir } from './helpers';

// These run the real entry points as a user would (what the npm scripts run: plain Node on
// scripts/start.ts and scripts/run.ts, each loading a bundle), on a temporary DATA_DIR (or a fresh
// PostgreSQL database when DATABASE_URL is set).
const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-scripts-'));
let pgDb: { url: string; drop: () => Promise<void> } | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  // migrated already (the shared image or template): the children start without initdb and migrations
  pgDb = process.env.DATABASE_URL ? await freshMigratedPgDatabase(process.env.DATABASE_URL) : undefined;
  if (!pgDb) await migratedDataDir(dataDir);
  env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: pgDb?.url ?? '',
    JWT_SECRET: '',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    PORT: '0',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'info',
  };
}, 60_000);

afterAll(async () => {
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node <script> …args`, as the npm scripts run them (scripts/run.ts, scripts/start.ts). */
const run = (script: string, args: string[]): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CHILD_NODE_ARGS, script, ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

const createUser = (...args: string[]) => run('scripts/run.ts', ['scripts/create-user.ts', ...args]);

interface Started {
  child: ChildProcess;
  url: string;
  stdout: () => string;
}

/** Starts the server as `npm start` runs it (or another command) and waits for its "listening" log line. */
const startServer = (
  [cmd, argv]: readonly [string, readonly string[]] = [
    process.execPath,
    [...CHILD_NODE_ARGS, 'scripts/start.ts'],
  ],
): Promise<Started> =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: root, env });
    let out = '';
    child.stdout.on('data', (d) => {
      out += String(d);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve({ child, url: m[1], stdout: () => out });
    });
    child.stderr.on('data', (d) => {
      out += String(d);
    });
    child.on('close', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });

const stop = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => {
    child.removeAllListeners('close');
    child.on('close', (code) => resolve(code));
    child.kill('SIGTERM');
  });

const getToken = (url: string, email: string, password: string) =>
  fetch(`${url}/portal-main-service/api/v1/auth/get-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe('server.ts and create-user', () => {
  it('prints a generated first-operator password once, and stops cleanly on SIGTERM', async () => {
    const first = await startServer();
    const line = /First operator: admin@example\.com \/ (\S+)/.exec(first.stdout());
    expect(line).not.toBeNull();
    const password = line?.[1] ?? '';
    const res = await getToken(first.url, 'admin@example.com', password);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-access-token')).toBeTruthy();
    expect((await res.json()).data.type).toBe('OPERATOR');
    // the password went to stdout once and not into a log line
    expect(first.stdout().split(password).length - 1).toBe(1);
    expect(await stop(first.child)).toBe(0);

    const second = await startServer();
    expect(second.stdout()).not.toContain('First operator');
    expect((await getToken(second.url, 'admin@example.com', password)).status).toBe(200);
    expect(await stop(second.child)).toBe(0);
  }, 400_000);

  it('npm start: a SIGTERM to npm stops the server it started, which then refuses connections', async () => {
    // DIST_DIR points at a folder of its own, so scripts/start.ts builds nothing and starts the server
    const started = await startServer(['npm', ['start']]);
    expect((await fetch(`${started.url}/readyz`)).status).toBe(200);
    expect(await stop(started.child)).toBe(0);
    // the server went with npm: nothing listens on its port any more
    await expect(fetch(`${started.url}/readyz`)).rejects.toThrow();
  }, 120_000);

  it('create-user adds an ENABLE user that can log in; a used e-mail and bad args exit 2', async () => {
    const made = await createUser(
      '--type',
      'merchant',
      '--email',
      'Shop@Example.com',
      '--password',
      'shop password 1',
    );
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout.trim()).toMatch(/^\d+$/);

    const dup = await createUser(
      '--type',
      'operator',
      '--email',
      'shop@example.com',
      '--password',
      'other password',
    );
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain('already in use');

    const bad = await createUser('--type', 'wizard', '--email', 'x@example.com', '--password', 'long enough');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--type must be operator or merchant');
    const short = await createUser('--type', 'merchant', '--email', 'y@example.com', '--password', 'short');
    expect(short.code).toBe(2);

    const server = await startServer();
    try {
      const res = await getToken(server.url, 'shop@example.com', 'shop password 1');
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.data).toMatchObject({
        id: Number(made.stdout.trim()),
        email: 'shop@example.com',
        type: 'MERCHANT',
        state: 'ENABLE',
        signupState: 'SUBMITTED',
      });
    } finally {
      expect(await stop(server.child)).toBe(0);
    }
  }, 400_000);
});
