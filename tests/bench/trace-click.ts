// Investigation tool (issue 23 item 10): one menu click under a Chromium performance trace, printing
// what the main thread did between the click and the list's API request: timers installed and fired
// (with their delay, 50 ms to 10 s), long tasks (over 20 ms), requests.
// `npx tsx tests/bench/trace-click.ts [path ...]`; TRACE_TAG names the trace files in $TMPDIR/speed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, launchBrowser, newContext, signIn, startDemoServer } from '../e2e/harness';
import { runMain } from './main';

process.env.E2E_TEMPLATES ??= path.join(tmpdir(), 'loyalty-bench-menu-templates');
mkdirSync(process.env.E2E_TEMPLATES, { recursive: true });

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: Record<string, unknown> };
}

const main = async () => {
  const paths = process.argv.slice(2);
  const targets = paths.length > 0 ? paths : ['/device', '/vouchers'];
  const server = await startDemoServer();
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, server.baseUrl);
    await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    const page = await context.newPage();
    await signIn(page, { email: 'operator@loyalty-demo.example', password: DEMO_PASSWORD });
    const menu = page.getByTestId('side-menu');
    await menu.locator('[aria-expanded]').first().waitFor();
    const closed = menu.locator('[aria-expanded="false"]');
    while ((await closed.count()) > 0) await closed.first().click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    for (const target of targets) {
      await browser.startTracing(page, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'blink.user_timing',
          'v8.execute',
        ],
      });
      await menu.locator(`a[href="${target}"]`).click();
      await page.locator('tbody tr').first().waitFor();
      await page.waitForTimeout(300);
      const buf = await browser.stopTracing();
      const dir = path.join(tmpdir(), 'speed');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `trace${process.env.TRACE_TAG ?? ''}${target.replaceAll('/', '_')}.json`);
      writeFileSync(file, buf);
      const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      const click = events.find(
        (e) =>
          e.name === 'EventDispatch' && (e.args?.data as { type?: string } | undefined)?.type === 'click',
      );
      if (!click) throw new Error('no click in the trace');
      const mainTid = click.tid;
      const t0 = click.ts;
      const rel = (ts: number) => ((ts - t0) / 1000).toFixed(1).padStart(7);
      console.log(`\n== ${target} (trace ${file})`);
      const timers = new Map<unknown, number>();
      for (const e of events
        .filter((e) => e.ts >= t0 - 1000 && e.ts <= t0 + 1_500_000)
        .sort((a, b) => a.ts - b.ts)) {
        const data = e.args?.data ?? {};
        if (e.name === 'TimerInstall' && e.tid === mainTid) {
          timers.set(data.timerId, Number(data.timeout));
          if (Number(data.timeout) >= 50)
            console.log(`${rel(e.ts)} ms  TimerInstall id ${data.timerId} timeout ${data.timeout} ms`);
        } else if (e.name === 'TimerFire' && e.tid === mainTid) {
          const timeout = timers.get(data.timerId);
          if (timeout !== undefined && timeout >= 50 && timeout < 10_000)
            console.log(`${rel(e.ts)} ms  TimerFire id ${data.timerId} (timeout ${timeout} ms)`);
        } else if (e.name === 'ResourceSendRequest') {
          console.log(`${rel(e.ts)} ms  request ${String(data.url).replace(server.baseUrl, '')}`);
        } else if (e.name === 'RunTask' && e.tid === mainTid && (e.dur ?? 0) > 20_000) {
          console.log(`${rel(e.ts)} ms  task ${((e.dur ?? 0) / 1000).toFixed(1)} ms`);
        }
      }
      await page.waitForLoadState('networkidle');
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
};

runMain(main);
