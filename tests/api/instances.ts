// Real server processes for the tests that need more than app.inject: several instances on one
// database, a process killed with SIGKILL, a restart on the same data. Each runs what `npm start`
// runs, scripts/start.ts on plain Node (the server's bundle); each caller gives it a DIST_DIR of its own,
// so it builds no portal.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { CHILD_NODE_ARGS } from '../node-child';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface Instance {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  output: () => string;
}

/** The settings every test instance shares (on top of the caller's). */
export const INSTANCE_ENV = {
  JWT_SECRET: 'instances-test-secret-0123456789abcdef-0123',
  ADMIN_PASSWORD: 'First-operator-Pass1',
  LOG_LEVEL: 'info',
  PORT: '0',
} as const;

/** Starts the server (scripts/start.ts) with `env` and waits until it listens. */
export const startInstance = (env: Record<string, string>): Promise<Instance> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CHILD_NODE_ARGS, 'scripts/start.ts'], {
      cwd: root,
      env: { ...process.env, ...INSTANCE_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: unknown) => {
      out += String(d);
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) resolve({ child, url: m[1], output: () => out });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('close', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });

/** SIGTERM, and the exit code once it has stopped. */
export const stopInstance = (i: Instance): Promise<number | null> =>
  new Promise((resolve) => {
    if (i.child.exitCode !== null) return resolve(i.child.exitCode);
    i.child.removeAllListeners('close');
    i.child.on('close', (code) => resolve(code));
    i.child.kill('SIGTERM');
  });

/** SIGKILL: no shutdown, no flush; resolves once the process is gone. */
export const killInstance = (i: Instance): Promise<void> =>
  new Promise((resolve) => {
    if (i.child.exitCode !== null || i.child.signalCode !== null) return resolve();
    i.child.removeAllListeners('close');
    i.child.on('close', () => resolve());
    i.child.kill('SIGKILL');
  });
