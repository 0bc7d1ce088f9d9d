// `npm run bench:write` (issue 21, item 4): the write path, on PostgreSQL and on the embedded database.
// Seven operations (docs/operations.md), each through the app over HTTP (tests/bench/write-serve.ts serves it in
// a process of its own, on a fresh database) and through its SQL floor (tests/bench/write-floor.ts: the
// service's statements in one transaction, straight to the database), from
//   1 caller, 8 callers on distinct rows (each its own company: card, programme, pack, wallet), and
//   8 callers on one hot row (company 0: one card, one programme, one pack, one wallet).
// Beside them, pgbench's TPC-B-like script on a scratch database of its own (-c 1 and -c 8). It prints
// ops/s, p50/p95, the statements each call sent, the ratios to pgbench (same number of clients) and to
// the floor, then checks on the database that every count is exact and exits 1 when one is not.
// Nothing asserts a time; `npm test` never runs this.
//
// What the cases do:
//   stamp          POST /member-cards/{id}/stamps {stamps: 1, storeId, receiptNo}. A card takes at most
//                  50 stamps (stampsRequired ≤ 50; the 50th completes it and issues the reward voucher),
//                  so the calls move to the next card of the caller every 50: the hot case's 8 callers
//                  stamp one card together, then the next one
//   void           POST /stamps-transactions/{id}/void {reason}. Only a card's last stamping can be
//                  voided, so 1 caller and 8 own void the stampings the stamp case made with as many
//                  callers, newest first (each caller its own cards, one after the other; a void of a
//                  50th stamp reopens the card and withdraws its reward voucher); 8 callers on one card
//                  would refuse each other (6628), so the hot case's 8 callers void stampings of
//                  company 0's cards at one store, one per card (set-up: cards stamped once each)
//   issueCard      POST /stamp-cards/{id}/member-cards, a new member each (the programme costs 0.50)
//   issueVouchers  POST /voucher-packs/{id}/vouchers, quantity 1, a new member each (0.25 a voucher)
//   redeem         POST /vouchers/{id}/redeem of the vouchers issued just before; a voucher is redeemed
//                  once, so the "hot" case is 8 callers redeeming vouchers of one pack at one store
//   topUp          POST /wallet/top-ups {amount: 10, paymentMethod: FREE}
//   join           a member's poster sign-up, a new member each: POST /public/join/{storeId}/{programmeId}
//                  {mobile} sends the code through the SMS outbox (set-up, outside the timing: the code is
//                  read from member_messages as the member reads the SMS), then the timed call POST
//                  /public/join/confirm {mobile, code} issues the card (0.50, as issueCard). Public, no
//                  sign-in: each join comes from a client address of its own (X-Forwarded-For, the
//                  server trusting it), as each member signs up from their own phone, so the per-IP
//                  limit (30 an hour) holds; the hot case is 8 members joining company 0's programme
// Every call but join's (public) sends an Idempotency-Key of its own, as a till does.
//
//   BENCH_WRITE_OPS (default 400: calls per case)   BENCH_WRITE_DBS (default postgres,embedded)
//   BENCH_PGBENCH_SECONDS (default 10)   BENCH_PGBENCH_SCALE (default 8)   BENCH_PGBENCH (default pgbench)
//   BENCH_WRITE_CASES (default all: e.g. stamp,redeem)   BENCH_WRITE_PROFILE (a folder for the server's CPU profile)
//   DATABASE_URL (the PostgreSQL server; scratch databases are created there and dropped)
//   BENCH_WRITE_MODES (default 1,8,hot)   BENCH_PGBENCH_SECONDS=0 (no pgbench)
//   BENCH_WRITE_ROUNDS (default 4: each case runs app and floor in this many slices, alternating ABBA)
//   BENCH_RESULT (a file: the figures as JSON, for tests/bench/guard.ts)
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { BASE_PATHS } from '../../contract';
import { PUBLIC_PATHS } from '../../contract/pocket';
import { JOIN_ACTOR_EMAIL } from '../../server/domains/join/join';
import { request, signIn } from './http';
import { admin, dbUrl, PG_BASE } from './pg-admin';
import { stats } from './stats';
import { FLOOR_STATEMENTS, OPS, type Op, type OpArgs } from './write-floor';
import { type LoadResult, runQueues } from './write-load';

const OPS_PER_CASE = Number(process.env.BENCH_WRITE_OPS ?? 400);
const DBS = (process.env.BENCH_WRITE_DBS ?? 'postgres,embedded').split(',').map((s) => s.trim());
const PGBENCH = process.env.BENCH_PGBENCH ?? 'pgbench';
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const PGBENCH_SCALE = Number(process.env.BENCH_PGBENCH_SCALE ?? 8);
/** a folder: the server process writes a V8 CPU profile there when it exits (open it in Chrome's DevTools) */
const CPU_PROFILE = process.env.BENCH_WRITE_PROFILE;
/** the operations to run (default all), e.g. `stamp,redeem` */
const ONLY = process.env.BENCH_WRITE_CASES?.split(',').map((s) => s.trim());
// redeem redeems the vouchers issueVouchers issued; void voids the stampings stamp made
if (ONLY?.includes('redeem') && !ONLY.includes('issueVouchers')) ONLY.push('issueVouchers');
if (ONLY?.includes('void') && !ONLY.includes('stamp')) ONLY.push('stamp');
const RUN_OPS = OPS.filter((op) => !ONLY || ONLY.includes(op));
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Clock ticks per second of /proc's CPU times (Linux: 100). */
const CLOCK_TICKS = 100;

/**
 * The CPU time (user + system, ms) of each of this machine's PostgreSQL processes so far, from /proc
 * (none where there is no /proc). Compared with `postgresCpuSince`.
 */
const postgresCpu = (): Map<string, number> => {
  const byPid = new Map<string, number>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return byPid;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      // the fields after the command: utime and stime are the 12th and 13th
      const fields = stat.slice(close + 2).split(' ');
      byPid.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS);
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
};

/** The CPU ms PostgreSQL's processes spent since `before` (a process that ended meanwhile is not counted). */
const postgresCpuSince = (before: Map<string, number>): number => {
  let ms = 0;
  for (const [pid, now] of postgresCpu()) ms += now - (before.get(pid) ?? 0);
  return ms;
};
const MAIN = BASE_PATHS.main;
const PAY = BASE_PATHS.payment;

const CALLERS = 8;
const PASSWORD = 'bench-write-password-1';
const STAMPS_REQUIRED = 50;
const CARD_PRICE = 0.5;
const VOUCHER_PRICE = 0.25;
const TOP_UP = 10;
/** each wallet's first top-up (the largest one allowed), so that no charge of the run is refused */
const FUND = 100_000;
const MODES = ['1', '8', 'hot'] as const;
type Mode = (typeof MODES)[number];
/** the modes to run (default all), e.g. `1,8` */
const RUN_MODES: readonly Mode[] = process.env.BENCH_WRITE_MODES
  ? MODES.filter((m) => process.env.BENCH_WRITE_MODES?.split(',').includes(m))
  : MODES;
const RESULT_FILE = process.env.BENCH_RESULT;
const MODE_CALLERS: Record<Mode, number> = { '1': 1, '8': CALLERS, hot: CALLERS };
type Side = 'app' | 'floor';
const SIDES: readonly Side[] = ['app', 'floor'];
/** each case's calls run in this many slices per side, alternating app and floor (ABBA) */
const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 4);

if (!Number.isInteger(OPS_PER_CASE) || OPS_PER_CASE < CALLERS) throw new Error('BENCH_WRITE_OPS: at least 8');

const runId = `${process.pid}-${Date.now().toString(36)}`;
let seq = 0;
const nextKey = () => `wb-${runId}-${++seq}`;
let mobileSeq = 0;
const nextMobile = () => `+658${String(++mobileSeq).padStart(7, '0')}`;
let ipSeq = 0;
/** a client address of its own (10.0.0.0/8), for a poster sign-up */
const nextIp = () => {
  const n = ++ipSeq;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const split = (total: number, parts: number) =>
  Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
const cents = (v: unknown) => Math.round(Number(v) * 100);
const money = (c: number) => (c / 100).toFixed(2);

// ---- the server process ---------------------------------------------------------------------------

interface Server {
  base: string;
  call: (cmd: string, extra?: Record<string, unknown>) => Promise<unknown>;
  close: () => Promise<void>;
}

const startServer = (kind: 'pg' | 'embedded', where: string): Promise<Server> =>
  new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [
        ...(CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE}`] : []),
        '--import',
        'tsx',
        path.join(HERE, 'write-serve.ts'),
        kind,
        where,
      ],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
    let ids = 0;
    let exited = false;
    child.on('message', (m: { ready?: number; id?: number; value?: unknown; error?: string }) => {
      if (m.ready !== undefined) {
        resolve({
          base: `http://127.0.0.1:${m.ready}`,
          call: (cmd, extra = {}) =>
            new Promise((res, rej) => {
              if (exited) return rej(new Error(`${kind} server exited`));
              const id = ++ids;
              pending.set(id, { resolve: res, reject: rej });
              child.send({ id, cmd, ...extra });
            }),
          close: async () => {
            if (exited) return;
            const gone = new Promise((r) => child.once('exit', r));
            child.send({ id: ++ids, cmd: 'close' });
            await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
            if (!exited) child.kill('SIGKILL');
          },
        });
        return;
      }
      const p = m.id === undefined ? undefined : pending.get(m.id);
      if (!p || m.id === undefined) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.value);
    });
    child.on('exit', (code) => {
      exited = true;
      const err = new Error(`${kind} server exited with ${code}`);
      for (const p of pending.values()) p.reject(err);
      pending.clear();
      reject(err);
    });
  });

// ---- the API ----------------------------------------------------------------------------------------

type Data = Record<string, unknown>;
const post = async (
  base: string,
  urlPath: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ data: Data; raw: string }> => {
  const res = await request(`${base}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (res.status !== 200 || res.body.code !== 0)
    throw new Error(`POST ${urlPath}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  return { data: res.body.data as Data, raw: JSON.stringify(res.body.data) };
};
const api = (
  base: string,
  token: string,
  urlPath: string,
  body: unknown,
  key?: string,
): Promise<{ data: Data; raw: string }> =>
  post(base, urlPath, { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) }, body);
/** A public call of the poster sign-up, from the member's client address `ip`. */
const publicPost = (base: string, urlPath: string, ip: string, body: unknown) =>
  post(base, `${MAIN}${urlPath}`, { 'x-forwarded-for': ip }, body);
const idOf = (d: Data): number => {
  if (typeof d.id !== 'number') throw new Error(`no id in ${JSON.stringify(d).slice(0, 200)}`);
  return d.id;
};

interface Org {
  companyId: number;
  brandId: number;
  storeId: number;
  userId: number;
  email: string;
  token: string;
  programmeId: number;
  packId: number;
  rewardPackId: number;
}

type AppArg<K extends Op> = OpArgs[K] & { token: string };

const APP_CALLS: { [K in Op]: (base: string, a: AppArg<K>) => Promise<{ data: Data; raw: string }> } = {
  stamp: (base, a) =>
    api(
      base,
      a.token,
      `${MAIN}/member-cards/${a.cardId}/stamps`,
      { stamps: 1, storeId: a.storeId, receiptNo: a.receiptNo },
      a.key,
    ),
  void: (base, a) =>
    api(base, a.token, `${MAIN}/stamps-transactions/${a.txnId}/void`, { reason: a.reason }, a.key),
  issueCard: (base, a) =>
    api(
      base,
      a.token,
      `${MAIN}/stamp-cards/${a.programmeId}/member-cards`,
      { memberMobile: a.mobile, storeId: a.storeId },
      a.key,
    ),
  issueVouchers: (base, a) =>
    api(
      base,
      a.token,
      `${MAIN}/voucher-packs/${a.packId}/vouchers`,
      { memberMobile: a.mobile, quantity: 1 },
      a.key,
    ),
  redeem: (base, a) =>
    api(base, a.token, `${MAIN}/vouchers/${a.voucherId}/redeem`, { storeId: a.storeId }, a.key),
  topUp: (base, a) =>
    api(base, a.token, `${PAY}/wallet/top-ups`, { amount: a.amount, paymentMethod: 'FREE' }, a.key),
  join: (base, a) => publicPost(base, PUBLIC_PATHS.joinConfirm, a.ip, { mobile: a.mobile, code: a.code }),
};

/**
 * The value a case keeps of an answer: the voucher issued (for redeem), the stamps transaction (for
 * void), 0 for join (the confirm answers the card's link, not its id), else the row's id.
 */
const keptOf = (op: Op, d: Data): number =>
  op === 'issueVouchers'
    ? idOf(((d.vouchers as Data[] | undefined) ?? [])[0] ?? {})
    : op === 'join'
      ? 0
      : idOf(d);

// ---- set-up through the API -------------------------------------------------------------------------

/** Companies, brands and stores (as the operator), their merchants, programmes, packs and wallets. */
const setUp = async (srv: Server, count: Record<Side, number>): Promise<Record<Side, Org[]>> => {
  const [operatorId] = (await srv.call('users', {
    users: [{ email: 'write.operator@bench.test', name: 'Bench Operator', type: 'OPERATOR' }],
    password: PASSWORD,
  })) as number[];
  if (operatorId === undefined) throw new Error('no operator');
  const op = await signIn(srv.base, 'write.operator@bench.test', PASSWORD);
  await api(srv.base, op, `${MAIN}/country-config`, {
    country: 'sg',
    name: 'Singapore',
    currency: 'SGD',
    timezone: 'Asia/Singapore',
    callingCode: '+65',
    freeTopUp: true,
  });
  const sides: Side[] = ['app', 'floor'];
  const orgs: { side: Side; k: number; companyId: number; brandId: number; storeId: number }[] = [];
  for (const side of sides)
    for (let k = 0; k < count[side]; k++) {
      const name = `Write ${side} ${k}`;
      const companyId = idOf(
        (
          await api(srv.base, op, `${MAIN}/companies`, {
            name,
            registrationNo: `WB-${side}-${k}`,
            contactEmail: `write-${side}-${k}@bench.test`,
            country: 'sg',
          })
        ).data,
      );
      const brandId = idOf(
        (await api(srv.base, op, `${MAIN}/brands`, { name: `${name} Brand`, companyId })).data,
      );
      const storeId = idOf(
        (
          await api(srv.base, op, `${MAIN}/stores`, {
            name: `${name} Store`,
            address: '1 Bench Road',
            companyId,
            brandId,
          })
        ).data,
      );
      orgs.push({ side, k, companyId, brandId, storeId });
    }
  const emails = orgs.map((o) => `write.${o.side}.${o.k}@bench.test`);
  const userIds = (await srv.call('users', {
    users: orgs.map((o, i) => ({
      email: emails[i],
      name: `Bench Merchant ${o.side} ${o.k}`,
      type: 'MERCHANT',
      companyId: o.companyId,
    })),
    password: PASSWORD,
  })) as number[];
  const out: Record<Side, Org[]> = { app: [], floor: [] };
  for (const [i, o] of orgs.entries()) {
    const email = emails[i] ?? '';
    const token = await signIn(srv.base, email, PASSWORD);
    const pack = (title: string, price: number) =>
      api(srv.base, token, `${MAIN}/voucher-packs`, {
        title,
        price,
        voucherValue: 5,
        quantity: 1_000_000,
        issueLimitPerMember: 1000,
        validFrom: day(-1),
        validUntil: day(365),
        voucherValidityDays: 30,
        brandId: o.brandId,
      });
    const rewardPackId = idOf((await pack('Reward coffee', 0)).data);
    const packId = idOf((await pack('Bench pack', VOUCHER_PRICE)).data);
    const programmeId = idOf(
      (
        await api(srv.base, token, `${MAIN}/stamp-cards`, {
          title: 'Bench card',
          stampsRequired: STAMPS_REQUIRED,
          maxStampsPerTransaction: 5,
          price: CARD_PRICE,
          rewardVoucherPackId: rewardPackId,
          startDate: day(-1),
          endDate: day(365),
          brandId: o.brandId,
        })
      ).data,
    );
    await api(srv.base, token, `${PAY}/wallet/top-ups`, { amount: FUND, paymentMethod: 'FREE' }, nextKey());
    out[o.side].push({
      ...o,
      userId: userIds[i] ?? 0,
      email,
      token,
      programmeId,
      packId,
      rewardPackId,
    });
  }
  return out;
};

/** Member cards to stamp, issued through the API: enough for `n` stamps of one stamp each. */
const issueCards = async (srv: Server, org: Org, n: number): Promise<number[]> => {
  const ids: number[] = [];
  for (let i = 0; i < Math.ceil(n / STAMPS_REQUIRED); i++)
    ids.push(
      idOf(
        (
          await api(
            srv.base,
            org.token,
            `${MAIN}/stamp-cards/${org.programmeId}/member-cards`,
            { memberMobile: nextMobile(), storeId: org.storeId },
            nextKey(),
          )
        ).data,
      ),
    );
  return ids;
};

/** `n` member cards of `org`, each stamped once through the API: stampings that are their card's last. */
const stampedOnce = async (srv: Server, org: Org, n: number): Promise<{ txn: number; card: number }[]> => {
  const cards = await runQueues([Array.from({ length: n }, () => nextMobile())], CALLERS, async (mobile) =>
    idOf(
      (
        await api(
          srv.base,
          org.token,
          `${MAIN}/stamp-cards/${org.programmeId}/member-cards`,
          { memberMobile: mobile, storeId: org.storeId },
          nextKey(),
        )
      ).data,
    ),
  );
  const stamped = await runQueues([cards.done.map((d) => Number(d.value))], CALLERS, async (card) => {
    const key = nextKey();
    const txn = idOf(
      (
        await api(
          srv.base,
          org.token,
          `${MAIN}/member-cards/${card}/stamps`,
          { stamps: 1, storeId: org.storeId, receiptNo: `R-${key}` },
          key,
        )
      ).data,
    );
    return { txn, card };
  });
  const failed = cards.failed + stamped.failed;
  if (failed) throw new Error(`stamped once: ${failed} failed (${cards.firstError ?? stamped.firstError})`);
  return stamped.done.map((d) => d.value as { txn: number; card: number });
};

/** A poster sign-up started: the number, the client address it came from and the code its SMS carried. */
interface JoinStart {
  mobile: string;
  ip: string;
  code: string;
}

/**
 * `n` poster sign-ups of `org`'s programme at its store, started through the API (POST the number:
 * the code goes out through the SMS outbox), with the codes read from member_messages.
 */
const startJoins = async (srv: Server, org: Org, n: number): Promise<JoinStart[]> => {
  const starts = Array.from({ length: n }, () => ({ mobile: nextMobile(), ip: nextIp() }));
  const started = await runQueues([starts], CALLERS, (s) =>
    publicPost(srv.base, PUBLIC_PATHS.join(org.storeId, org.programmeId), s.ip, { mobile: s.mobile }),
  );
  if (started.failed) throw new Error(`join starts: ${started.failed} failed (${started.firstError})`);
  const sent = (await srv.call('sql', {
    text: `select member_mobile as mobile, body from member_messages
           where kind = 'JOIN_CODE' and member_mobile = any(string_to_array($1, ','))`,
    params: [starts.map((s) => s.mobile).join(',')],
  })) as { mobile: string; body: string }[];
  const codeOf = new Map(sent.map((m) => [m.mobile, /\b(\d{6})\b/.exec(m.body)?.[1]]));
  return starts.map((s) => {
    const code = codeOf.get(s.mobile);
    if (!code) throw new Error(`no join code was sent to ${s.mobile}`);
    return { ...s, code };
  });
};

// ---- the cases ----------------------------------------------------------------------------------------

/** Which company's rows each queue of a mode works on, and how many calls it holds. */
const groupsOf = (mode: Mode): { org: number; n: number }[] =>
  mode === '8' ? split(OPS_PER_CASE, CALLERS).map((n, org) => ({ org, n })) : [{ org: 0, n: OPS_PER_CASE }];

interface Plan {
  /** the member cards each group stamps, per side and mode */
  cards: Record<Side, Record<Mode, number[][]>>;
  /** the vouchers each group issued, per side and mode (redeem takes them) */
  vouchers: Record<Side, Record<Mode, number[][]>>;
  /** the stampings each group voids, newest first, per side and mode */
  stampings: Record<Side, Record<Mode, number[][]>>;
  /** the card of each stamping to void */
  cardOf: Map<number, number>;
  /** the sign-ups each group confirms, started (set-up), per side and mode */
  joins: Record<Side, Record<Mode, JoinStart[][]>>;
}

const argsOf = <K extends Op>(
  op: K,
  plan: Plan,
  side: Side,
  mode: Mode,
  group: number,
  org: Org,
  n: number,
): AppArg<K>[] => {
  const common = { companyId: org.companyId, userId: org.userId, email: org.email, token: org.token };
  const list: AppArg<Op>[] = [];
  for (let i = 0; i < n; i++) {
    const key = nextKey();
    if (op === 'stamp') {
      const cardId = plan.cards[side][mode][group]?.[Math.floor(i / STAMPS_REQUIRED)];
      if (cardId === undefined) throw new Error('no card planned');
      list.push({ ...common, key, cardId, storeId: org.storeId, receiptNo: `R-${key}` });
    } else if (op === 'void') {
      const txnId = plan.stampings[side][mode][group]?.[i];
      if (txnId !== undefined) list.push({ ...common, key, txnId, reason: 'bench void' });
    } else if (op === 'join') {
      const start = plan.joins[side][mode][group]?.[i];
      if (!start) throw new Error('no join started');
      list.push({ ...common, key, ...start, programmeId: org.programmeId, storeId: org.storeId });
    } else if (op === 'issueCard')
      list.push({ ...common, key, programmeId: org.programmeId, storeId: org.storeId, mobile: nextMobile() });
    else if (op === 'issueVouchers') list.push({ ...common, key, packId: org.packId, mobile: nextMobile() });
    else if (op === 'redeem') {
      const voucherId = plan.vouchers[side][mode][group]?.[i];
      if (voucherId !== undefined) list.push({ ...common, key, voucherId, storeId: org.storeId });
    } else list.push({ ...common, key, amount: TOP_UP });
  }
  return list as unknown as AppArg<K>[];
};

interface Row {
  db: string;
  op: Op;
  mode: Mode;
  side: Side;
  callers: number;
  ok: number;
  failed: number;
  firstError?: string;
  opsPerSecond: number;
  p50: number;
  p95: number;
  statementsPerOp: number;
  /** writes per call to PostgreSQL: its round trips, the login's included (NaN on the embedded database) */
  writesPerOp: number;
  /** CPU ms per call of the server process (the app, or the floor's driver) */
  serverCpuPerOp: number;
  /** CPU ms per call of PostgreSQL's processes (NaN on the embedded database: it is the server's) */
  databaseCpuPerOp: number;
  load: number;
}

/** What the checks compare with: the app's successful calls, per row they touched. */
interface Given {
  stampsPerCard: Map<number, number>;
  hotCards: Set<number>;
  cardsPerProgramme: Map<number, number>;
  vouchersPerPack: Map<number, number>;
  redeemedPerCompany: Map<number, number>;
  topUpsPerCompany: Map<number, number>;
  voidedPerCompany: Map<number, number>;
  /** sign-ups started (set-up) and confirmed (answered), per company */
  joinStartsPerCompany: Map<number, number>;
  joinedPerCompany: Map<number, number>;
  failedCalls: { what: string; failed: number; firstError?: string }[];
  replays: { op: Op; same: boolean; detail: string }[];
}

const add = (m: Map<number, number>, k: number, by = 1) => m.set(k, (m.get(k) ?? 0) + by);

/** An empty database `name` (made of the pid, never of input) on PG_BASE's server, dropped by `drop`. */
const scratchDatabase = async (name: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  return { url: dbUrl(name), drop: () => admin(`drop database if exists ${name} with (force)`) };
};

const runDatabase = async (db: 'postgres' | 'embedded', rows: Row[], checks: Check[]): Promise<void> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loyalty-bench-write-'));
  const scratch = db === 'postgres' ? await scratchDatabase(`bench_write_${process.pid}`) : undefined;
  const url = scratch?.url ?? '';
  const t0 = performance.now();
  let started: Server | undefined;
  try {
    const srv = await startServer(db === 'postgres' ? 'pg' : 'embedded', db === 'postgres' ? url : dataDir);
    started = srv;
    const orgs = await setUp(srv, { app: CALLERS, floor: CALLERS });
    const perMode = <T>(): Record<Side, Record<Mode, T[][]>> => ({
      app: { '1': [], '8': [], hot: [] },
      floor: { '1': [], '8': [], hot: [] },
    });
    const plan: Plan = {
      cards: perMode(),
      vouchers: perMode(),
      stampings: perMode(),
      cardOf: new Map(),
      joins: perMode(),
    };
    const given: Given = {
      stampsPerCard: new Map(),
      hotCards: new Set(),
      cardsPerProgramme: new Map(),
      vouchersPerPack: new Map(),
      redeemedPerCompany: new Map(),
      topUpsPerCompany: new Map(),
      voidedPerCompany: new Map(),
      joinStartsPerCompany: new Map(),
      joinedPerCompany: new Map(),
      failedCalls: [],
      replays: [],
    };
    for (const side of ['app', 'floor'] as const)
      for (const mode of RUN_MODES)
        for (const [g, { org, n }] of groupsOf(mode).entries()) {
          const o = orgs[side][org];
          if (!o) throw new Error('no org');
          plan.cards[side][mode][g] = await issueCards(srv, o, n);
          if (side === 'app')
            for (const id of plan.cards[side][mode][g] ?? []) {
              given.stampsPerCard.set(id, 0);
              if (mode === 'hot') given.hotCards.add(id);
            }
        }
    // every card the set-up issued counts for its programme
    for (const o of orgs.app) given.cardsPerProgramme.set(o.programmeId, 0);
    for (const [mode, list] of Object.entries(plan.cards.app))
      for (const [g, ids] of list.entries()) {
        const org = groupsOf(mode as Mode)[g]?.org ?? 0;
        add(given.cardsPerProgramme, orgs.app[org]?.programmeId ?? 0, ids.length);
      }
    // the hot void's stampings: company 0's cards stamped once each (a card's stampings are voided one
    // at a time, newest first, so 8 callers on one card would refuse each other)
    if (RUN_OPS.includes('void') && RUN_MODES.includes('hot'))
      for (const side of ['app', 'floor'] as const) {
        const o = orgs[side][0];
        if (!o) throw new Error('no org');
        const once = await stampedOnce(srv, o, OPS_PER_CASE);
        plan.stampings[side].hot = [once.map((s) => s.txn)];
        for (const { txn, card } of once) {
          plan.cardOf.set(txn, card);
          if (side === 'app') given.stampsPerCard.set(card, 1);
        }
        if (side === 'app') add(given.cardsPerProgramme, o.programmeId, once.length);
      }
    const app0 = orgs.app[0];
    if (!app0) throw new Error('no org');

    // the statements of one stamp, kept as the app's driver sent them (also the stamping route's warm-up)
    const [traceCard] = await issueCards(srv, app0, 1);
    if (traceCard === undefined) throw new Error('no trace card');
    add(given.cardsPerProgramme, app0.programmeId);
    await srv.call('trace', { on: true });
    const key = nextKey();
    await APP_CALLS.stamp(srv.base, {
      token: app0.token,
      companyId: app0.companyId,
      userId: app0.userId,
      email: app0.email,
      key,
      cardId: traceCard,
      storeId: app0.storeId,
      receiptNo: `R-${key}`,
    });
    const traced = (await srv.call('trace', { on: false })) as string[];
    given.stampsPerCard.set(traceCard, 1);
    console.log(
      `set-up of ${db}: ${((performance.now() - t0) / 1000).toFixed(1)} s; one stamp (app) sent ${traced.length} statements:`,
    );
    for (const text of traced) console.log(`    ${text.replace(/\s+/g, ' ').slice(0, 150)}`);

    const firstOf = new Map<Op, { arg: AppArg<Op>; raw: string }>();
    for (const op of RUN_OPS) {
      for (const mode of RUN_MODES) {
        const groups = groupsOf(mode);
        const callers = MODE_CALLERS[mode];
        const queuesOf: Record<Side, AppArg<Op>[][]> = { app: [], floor: [] };
        for (const side of SIDES) {
          if (op === 'join') {
            const started: JoinStart[][] = [];
            for (const { org, n } of groups) {
              const o = orgs[side][org];
              if (!o) throw new Error('no org');
              started.push(await startJoins(srv, o, n));
              if (side === 'app') add(given.joinStartsPerCompany, o.companyId, n);
            }
            plan.joins[side][mode] = started;
          }
          queuesOf[side] = groups.map(({ org, n }, g) => {
            const o = orgs[side][org];
            if (!o) throw new Error('no org');
            return argsOf(op, plan, side, mode, g, o, n);
          });
        }
        // the two sides in ROUNDS slices each, alternating (ABBA), so both meet the same machine
        const results: Record<Side, LoadResult<unknown>> = {
          app: { samples: [], seconds: 0, done: [], failed: 0 },
          floor: { samples: [], seconds: 0, done: [], failed: 0 },
        };
        const statements: Record<Side, number> = { app: 0, floor: 0 };
        const writes: Record<Side, number> = { app: 0, floor: 0 };
        // CPU spent per side: the server process's (Node: the app, or the floor's driver) and the
        // database's (PostgreSQL's processes, read from /proc; the embedded one lives in the server)
        const cpu: Record<Side, { server: number; database: number }> = {
          app: { server: 0, database: 0 },
          floor: { server: 0, database: 0 },
        };
        for (let round = 0; round < ROUNDS; round++)
          for (const side of round % 2 === 0 ? SIDES : [...SIDES].reverse()) {
            const queues = queuesOf[side].map((q) =>
              q.slice(Math.floor((q.length * round) / ROUNDS), Math.floor((q.length * (round + 1)) / ROUNDS)),
            );
            const before = (await srv.call('count')) as number;
            const writesBefore = (await srv.call('writes')) as number;
            const cpuBefore = { server: (await srv.call('cpu')) as number, database: postgresCpu() };
            let part: LoadResult<unknown>;
            if (side === 'app') {
              const call = APP_CALLS[op] as (
                base: string,
                a: AppArg<Op>,
              ) => Promise<{ data: Data; raw: string }>;
              const answered = await runQueues(queues as AppArg<Op>[][], callers, async (arg) => {
                const answer = await call(srv.base, arg);
                // join has no Idempotency-Key (public): a second confirm finds the code spent
                if (op !== 'join' && !firstOf.has(op)) firstOf.set(op, { arg, raw: answer.raw });
                return keptOf(op, answer.data);
              });
              part = answered as LoadResult<unknown>;
              for (const { arg } of answered.done) {
                if (op === 'stamp') add(given.stampsPerCard, (arg as AppArg<'stamp'>).cardId);
                if (op === 'void') {
                  add(given.stampsPerCard, plan.cardOf.get((arg as AppArg<'void'>).txnId) ?? 0, -1);
                  add(given.voidedPerCompany, arg.companyId);
                }
                if (op === 'join') {
                  add(given.cardsPerProgramme, (arg as AppArg<'join'>).programmeId);
                  add(given.joinedPerCompany, arg.companyId);
                }
                if (op === 'issueCard')
                  add(given.cardsPerProgramme, (arg as AppArg<'issueCard'>).programmeId);
                if (op === 'issueVouchers')
                  add(given.vouchersPerPack, (arg as AppArg<'issueVouchers'>).packId);
                if (op === 'redeem') add(given.redeemedPerCompany, arg.companyId);
                if (op === 'topUp') add(given.topUpsPerCompany, arg.companyId);
              }
            } else {
              const floorQueues = queues.map((q) => q.map(({ token: _, ...a }) => a));
              const r = (await srv.call('floor', {
                op,
                queues: floorQueues,
                callers,
              })) as LoadResult<unknown> & {
                done: unknown[];
              };
              part = { ...r, done: r.done.map((value) => ({ arg: undefined, value })) };
            }
            statements[side] += ((await srv.call('count')) as number) - before;
            writes[side] += ((await srv.call('writes')) as number) - writesBefore;
            cpu[side].server += ((await srv.call('cpu')) as number) - cpuBefore.server;
            cpu[side].database += postgresCpuSince(cpuBefore.database);
            const into = results[side];
            into.samples.push(...part.samples);
            into.seconds += part.seconds;
            into.done.push(...part.done);
            into.failed += part.failed;
            if (part.firstError !== undefined) into.firstError ??= part.firstError;
          }
        for (const side of SIDES) {
          const result = results[side];
          if (op === 'stamp' && mode !== 'hot') {
            // the stampings each group made, newest first, for void (by SQL: the floor answers ids only)
            const made = (await srv.call('sql', {
              text: `select id, member_card_id as card from stamps_transaction where id = ${ANY(1)} order by id desc`,
              params: [ints(result.done.map((d) => Number(d.value)))],
            })) as { id: number; card: number }[];
            const cardsOf = plan.cards[side][mode];
            plan.stampings[side][mode] = cardsOf.map(() => []);
            for (const { id, card } of made) {
              plan.cardOf.set(id, card);
              plan.stampings[side][mode][cardsOf.findIndex((ids) => ids.includes(card))]?.push(id);
            }
          }
          if (op === 'issueVouchers') {
            // the vouchers each group issued, for redeem (the floor answers ids only: their company by SQL)
            const ids = result.done.map((d) => Number(d.value));
            const owners =
              side === 'app'
                ? result.done.map((d) => ({
                    id: Number(d.value),
                    company_id: (d.arg as AppArg<'issueVouchers'>).companyId,
                  }))
                : ((await srv.call('sql', {
                    text: `select id, company_id from vouchers where id = ${ANY(1)} order by id`,
                    params: [ints(ids)],
                  })) as { id: number; company_id: number }[]);
            const of = new Map<number, number[]>();
            for (const r of owners) of.set(r.company_id, [...(of.get(r.company_id) ?? []), r.id]);
            plan.vouchers[side][mode] = groups.map(
              ({ org }) => of.get(orgs[side][org]?.companyId ?? 0) ?? [],
            );
          }
          const s = stats(result.samples);
          const row: Row = {
            db,
            op,
            mode,
            side,
            callers,
            ok: result.done.length,
            failed: result.failed,
            ...(result.firstError === undefined ? {} : { firstError: result.firstError }),
            opsPerSecond: result.done.length / result.seconds,
            p50: s.p50,
            p95: s.p95,
            statementsPerOp: statements[side] / Math.max(1, result.done.length + result.failed),
            writesPerOp:
              db === 'postgres' ? writes[side] / Math.max(1, result.done.length + result.failed) : Number.NaN,
            serverCpuPerOp: cpu[side].server / Math.max(1, result.done.length + result.failed),
            databaseCpuPerOp:
              db === 'postgres'
                ? cpu[side].database / Math.max(1, result.done.length + result.failed)
                : Number.NaN,
            load: loadavg()[0] ?? 0,
          };
          rows.push(row);
          console.log(
            `  ${db.padEnd(9)} ${op.padEnd(14)} ${mode.padEnd(4)} ${side.padEnd(6)} ${String(row.ok).padStart(5)} ok ${row.failed ? `${row.failed} FAILED (${row.firstError}) ` : ''}${row.opsPerSecond.toFixed(0).padStart(6)} ops/s  p50 ${row.p50.toFixed(2)} ms  p95 ${row.p95.toFixed(2)} ms`,
          );
          if (side === 'app' && row.failed > 0)
            given.failedCalls.push({
              what: `${op} ${mode}`,
              failed: row.failed,
              ...(row.firstError === undefined ? {} : { firstError: row.firstError }),
            });
        }
      }
    }

    // the same Idempotency-Key again: the first answer, byte for byte, and nothing moves (the checks below)
    for (const [op, first] of firstOf) {
      const call = APP_CALLS[op] as (base: string, a: AppArg<Op>) => Promise<{ data: Data; raw: string }>;
      try {
        const again = await call(srv.base, first.arg);
        given.replays.push({
          op,
          same: again.raw === first.raw,
          detail: again.raw === first.raw ? 'same answer' : 'another answer',
        });
      } catch (err) {
        given.replays.push({ op, same: false, detail: err instanceof Error ? err.message : String(err) });
      }
    }
    checks.push(...(await check(db, srv, orgs.app, given)));
  } finally {
    await started?.close();
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
};

// ---- the checks, on the database ---------------------------------------------------------------------

interface Check {
  db: string;
  what: string;
  pass: boolean;
  detail: string;
}

const ints = (ids: Iterable<number>) => [...ids].join(',');
const ANY = (n: number) => `any(string_to_array($${n}, ',')::int[])`;

const check = async (db: string, srv: Server, orgs: Org[], given: Given): Promise<Check[]> => {
  const sql = async <T>(text: string, params: unknown[]) => (await srv.call('sql', { text, params })) as T[];
  const out: Check[] = [];
  const companies = orgs.map((o) => o.companyId);

  out.push({
    db,
    what: 'every call of the app answered code 0',
    pass: given.failedCalls.length === 0,
    detail:
      given.failedCalls.length === 0
        ? 'no call failed'
        : given.failedCalls.map((f) => `${f.what}: ${f.failed} failed (${f.firstError})`).join('; '),
  });

  // stamps: each card holds the stamps given to it, as do its SUCCESS transactions and its movements
  const cards = await sql<{
    id: number;
    stamps: number;
    state: number;
    rewarded: boolean;
    txn: number;
    hist: number;
  }>(
    `select mc.id, mc.stamps, mc.state::int as state, mc.reward_voucher_id is not null as rewarded,
       (select coalesce(sum(t.stamps), 0)::int from stamps_transaction t
         where t.member_card_id = mc.id and t.result = 'SUCCESS') as txn,
       (select coalesce(sum(h.stamps_delta), 0)::int from stamping_history h where h.member_card_id = mc.id) as hist
     from member_cards mc where mc.id = ${ANY(1)}`,
    [ints(given.stampsPerCard.keys())],
  );
  let givenAll = 0;
  let onCards = 0;
  let inTxn = 0;
  let inHist = 0;
  let hotGiven = 0;
  let hotOn = 0;
  let complete = 0;
  let rewarded = 0;
  const wrong: string[] = [];
  for (const c of cards) {
    const g = given.stampsPerCard.get(c.id) ?? 0;
    givenAll += g;
    onCards += c.stamps;
    inTxn += c.txn;
    inHist += c.hist;
    if (given.hotCards.has(c.id)) {
      hotGiven += g;
      hotOn += c.stamps;
    }
    const completes = c.stamps === STAMPS_REQUIRED;
    if (completes) complete++;
    if (completes && c.state === 1 && c.rewarded) rewarded++;
    if (
      c.stamps !== g ||
      c.txn !== g ||
      c.hist !== g ||
      completes !== (c.state === 1) ||
      completes !== c.rewarded
    )
      wrong.push(
        `card ${c.id}: given ${g}, on card ${c.stamps}, txn ${c.txn}, history ${c.hist}, state ${c.state}`,
      );
  }
  out.push({
    db,
    what: 'stamps on each card == stamps given',
    pass: wrong.length === 0 && cards.length === given.stampsPerCard.size,
    detail:
      `${cards.length} cards: ${givenAll} stamps given (answered), ${onCards} on the cards, ${inTxn} in SUCCESS transactions, ` +
      `${inHist} in the stamping history; hot cards ${hotGiven} given = ${hotOn} on them; ${complete} cards ` +
      `complete, ${rewarded} of them COMPLETED with their reward voucher${wrong.length ? `; ${wrong.slice(0, 3).join('; ')}` : ''}`,
  });

  // member cards: a programme's issuedCount == its cards == the set-up's + the bench's issued
  const programmes = await sql<{ id: number; issued: number; cards: number }>(
    `select s.id, s.issued_count as issued, (select count(*)::int from member_cards m where m.stamp_card_id = s.id) as cards
     from stamp_card s where s.id = ${ANY(1)}`,
    [ints(given.cardsPerProgramme.keys())],
  );
  const pw = programmes.filter(
    (p) => p.issued !== p.cards || p.cards !== (given.cardsPerProgramme.get(p.id) ?? 0),
  );
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  out.push({
    db,
    what: "programmes' issuedCount == member cards issued",
    pass: pw.length === 0 && programmes.length === given.cardsPerProgramme.size,
    detail: `${programmes.length} programmes: ${sum([...given.cardsPerProgramme.values()])} cards issued (answered, set-up included), ${sum(programmes.map((p) => p.issued))} counted, ${sum(programmes.map((p) => p.cards))} rows${pw.length ? `; wrong: ${JSON.stringify(pw.slice(0, 3))}` : ''}`,
  });

  // vouchers: a pack's issuedCount == its vouchers == the issued answers; the reward packs == completed cards
  const packs = await sql<{
    id: number;
    company_id: number;
    issued: number;
    vouchers: number;
    completed: number;
    withdrawn: number;
  }>(
    `select p.id, p.company_id, p.issued_count as issued,
       (select count(*)::int from vouchers v where v.voucher_pack_id = p.id) as vouchers,
       (select count(*)::int from member_cards m where m.company_id = p.company_id and m.state = 1) as completed,
       (select count(*)::int from voucher_history h join vouchers v on v.id = h.voucher_id
         where v.voucher_pack_id = p.id and h.action = 'VOIDED' and v.state = 'EXPIRED') as withdrawn
     from voucher_packs p where p.company_id = ${ANY(1)}`,
    [ints(companies)],
  );
  const benchPacks = new Set(orgs.map((o) => o.packId));
  const bw = packs.filter(
    (p) =>
      p.issued !== p.vouchers ||
      (benchPacks.has(p.id)
        ? p.vouchers !== (given.vouchersPerPack.get(p.id) ?? 0)
        : p.vouchers !== p.completed + p.withdrawn),
  );
  const bench = packs.filter((p) => benchPacks.has(p.id));
  const reward = packs.filter((p) => !benchPacks.has(p.id));
  out.push({
    db,
    what: "packs' issuedCount == vouchers issued",
    pass: bw.length === 0 && bench.length === orgs.length && reward.length === orgs.length,
    detail:
      `bench packs: ${sum([...given.vouchersPerPack.values()])} issued (answered), ${sum(bench.map((p) => p.issued))} counted, ` +
      `${sum(bench.map((p) => p.vouchers))} rows (company 0's, 1 caller and hot: ${given.vouchersPerPack.get(orgs[0]?.packId ?? 0) ?? 0} answered = ${bench.find((p) => p.id === orgs[0]?.packId)?.issued} counted); ` +
      `reward packs: ${sum(reward.map((p) => p.issued))} counted, ${sum(reward.map((p) => p.vouchers))} rows, ${complete} completed cards + ${sum(reward.map((p) => p.withdrawn))} withdrawn by a void${bw.length ? `; wrong: ${JSON.stringify(bw.slice(0, 3))}` : ''}`,
  });

  // redeem: REDEEMED vouchers == redemptions answered == REDEEMED history rows
  const redeemed = await sql<{ company_id: number; redeemed: number; hist: number }>(
    `select c.id as company_id,
       (select count(*)::int from vouchers v where v.company_id = c.id and v.state = 'REDEEMED') as redeemed,
       (select count(*)::int from voucher_history h where h.company_id = c.id and h.action = 'REDEEMED') as hist
     from company c where c.id = ${ANY(1)}`,
    [ints(companies)],
  );
  const rw = redeemed.filter(
    (r) => r.redeemed !== r.hist || r.redeemed !== (given.redeemedPerCompany.get(r.company_id) ?? 0),
  );
  out.push({
    db,
    what: 'vouchers REDEEMED == redemptions',
    pass: rw.length === 0 && redeemed.length === orgs.length,
    detail: `${sum([...given.redeemedPerCompany.values()])} redeemed (answered), ${sum(redeemed.map((r) => r.redeemed))} REDEEMED, ${sum(redeemed.map((r) => r.hist))} history rows${rw.length ? `; wrong: ${JSON.stringify(rw.slice(0, 3))}` : ''}`,
  });

  // void: VOIDED stampings == voids answered == stamps taken back in the history (the cards' stamps: above)
  const voided = await sql<{ company_id: number; voided: number; back: number; audited: number }>(
    `select c.id as company_id,
       (select count(*)::int from stamps_transaction t where t.company_id = c.id and t.result = 'VOIDED') as voided,
       (select count(*)::int from stamping_history h where h.company_id = c.id and h.stamps_delta < 0) as back,
       (select count(*)::int from audit_log a where a.company_id = c.id and a.action = 'void'
         and a.resource = 'stampsTransaction') as audited
     from company c where c.id = ${ANY(1)}`,
    [ints(companies)],
  );
  const vw = voided.filter(
    (v) =>
      v.voided !== (given.voidedPerCompany.get(v.company_id) ?? 0) ||
      v.back !== v.voided ||
      v.audited !== v.voided,
  );
  out.push({
    db,
    what: 'stampings VOIDED == voids, their stamps back',
    pass: vw.length === 0 && voided.length === orgs.length,
    detail: `${sum([...given.voidedPerCompany.values()])} voided (answered), ${sum(voided.map((v) => v.voided))} VOIDED, ${sum(voided.map((v) => v.back))} stamps taken back in the history, ${sum(voided.map((v) => v.audited))} audited (company 0's, 1 caller and hot: ${given.voidedPerCompany.get(orgs[0]?.companyId ?? 0) ?? 0} answered = ${voided.find((v) => v.company_id === orgs[0]?.companyId)?.voided} VOIDED)${vw.length ? `; wrong: ${JSON.stringify(vw.slice(0, 3))}` : ''}`,
  });

  // join: cards issued by the poster == confirms answered; every code confirmed is spent, none other
  const joined = await sql<{ company_id: number; joined: number; codes: number }>(
    `select c.id as company_id,
       (select count(*)::int from audit_log a where a.company_id = c.id and a.action = 'issue'
         and a.resource = 'memberCards' and a.actor_email = $2) as joined,
       (select count(*)::int from join_codes j where j.company_id = c.id) as codes
     from company c where c.id = ${ANY(1)}`,
    [ints(companies), JOIN_ACTOR_EMAIL],
  );
  const jw = joined.filter(
    (j) =>
      j.joined !== (given.joinedPerCompany.get(j.company_id) ?? 0) ||
      j.codes !== (given.joinStartsPerCompany.get(j.company_id) ?? 0) - j.joined,
  );
  out.push({
    db,
    what: 'cards joined == confirms',
    pass: jw.length === 0 && joined.length === orgs.length,
    detail: `${sum([...given.joinStartsPerCompany.values()])} started, ${sum([...given.joinedPerCompany.values()])} confirmed (answered), ${sum(joined.map((j) => j.joined))} cards issued by the poster, ${sum(joined.map((j) => j.codes))} codes left (programmes' issuedCount: above; company 0's, 1 caller and hot: ${given.joinedPerCompany.get(orgs[0]?.companyId ?? 0) ?? 0} answered = ${joined.find((j) => j.company_id === orgs[0]?.companyId)?.joined} issued)${jw.length ? `; wrong: ${JSON.stringify(jw.slice(0, 3))}` : ''}`,
  });

  // wallets: balance == the ledger's sum == top-ups − what the cards and vouchers cost; top-ups == answered
  const wallets = await sql<{
    company_id: number;
    balance: string;
    ledger: string;
    topups: string;
    paid: string;
    cards_cost: string;
    vouchers_cost: string;
    last_after: string;
  }>(
    `select a.company_id, a.balance::text as balance,
       (select coalesce(sum(w.amount), 0)::text from wallet_transactions w where w.account_id = a.id) as ledger,
       (select coalesce(sum(w.amount), 0)::text from wallet_transactions w
         where w.account_id = a.id and w.type = 'TOP_UP_TXN') as topups,
       (select coalesce(sum(p.amount), 0)::text from payments p
         where p.company_id = a.company_id and p.state = 'SUCCEEDED') as paid,
       (select coalesce(sum(s.price * s.issued_count), 0)::text from stamp_card s where s.company_id = a.company_id) as cards_cost,
       (select coalesce(sum(v.price * v.issued_count), 0)::text from voucher_packs v where v.company_id = a.company_id) as vouchers_cost,
       (select w.balance_after::text from wallet_transactions w where w.account_id = a.id order by w.id desc limit 1) as last_after
     from account a where a.company_id = ${ANY(1)}`,
    [ints(companies)],
  );
  const ww: string[] = [];
  let hot = '';
  for (const w of wallets) {
    const topUps = cents(FUND) + cents(TOP_UP) * (given.topUpsPerCompany.get(w.company_id) ?? 0);
    const expected = cents(w.topups) - cents(w.cards_cost) - cents(w.vouchers_cost);
    const ok =
      cents(w.balance) === cents(w.ledger) &&
      cents(w.balance) === expected &&
      cents(w.topups) === topUps &&
      cents(w.paid) === topUps &&
      cents(w.last_after) === cents(w.balance);
    if (!ok) ww.push(`company ${w.company_id}: ${JSON.stringify(w)}, top-ups answered ${money(topUps)}`);
    if (w.company_id === orgs[0]?.companyId)
      hot = `company 0's (1 caller and hot): balance ${w.balance} = ledger ${w.ledger} = top-ups ${w.topups} (answered ${money(topUps)}) − cards ${w.cards_cost} − vouchers ${w.vouchers_cost}`;
  }
  out.push({
    db,
    what: 'wallet balance == sum of top-ups − charges == ledger',
    pass: ww.length === 0 && wallets.length === orgs.length,
    detail: `${wallets.length} wallets; ${hot}${ww.length ? `; wrong: ${ww.slice(0, 2).join('; ')}` : ''}`,
  });

  out.push({
    db,
    what: 'a repeated Idempotency-Key answers the first answer',
    pass:
      given.replays.length === RUN_OPS.filter((op) => op !== 'join').length &&
      given.replays.every((r) => r.same),
    detail: given.replays.map((r) => `${r.op}: ${r.detail}`).join(', '),
  });
  return out;
};

// ---- pgbench -------------------------------------------------------------------------------------------

const run = promisify(execFile);

interface Bench {
  clients: number;
  tps: number;
  p50: number;
  p95: number;
  n: number;
}

const pgbench = async (): Promise<Bench[]> => {
  const name = `bench_write_pgbench_${process.pid}`;
  const u = new URL(PG_BASE);
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  const scratch = await scratchDatabase(name);
  const out: Bench[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'loyalty-pgbench-'));
  try {
    await run(PGBENCH, ['-i', '-q', '-s', String(PGBENCH_SCALE), ...conn, name], { env });
    for (const clients of [1, CALLERS]) {
      for (const f of readdirSync(dir)) rmSync(path.join(dir, f));
      const { stdout } = await run(
        PGBENCH,
        [
          '-c',
          String(clients),
          '-j',
          String(Math.min(clients, 2)),
          '-T',
          String(PGBENCH_SECONDS),
          '-l',
          ...conn,
          name,
        ],
        { env, cwd: dir },
      );
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
      const latencies: number[] = [];
      for (const f of readdirSync(dir).filter((f) => f.startsWith('pgbench_log')))
        for (const line of readFileSync(path.join(dir, f), 'utf8').split('\n')) {
          const us = Number(line.split(' ')[2]);
          if (Number.isFinite(us) && line) latencies.push(us / 1000);
        }
      const s = stats(latencies);
      out.push({ clients, tps, p50: s.p50, p95: s.p95, n: latencies.length });
      console.log(
        `  pgbench -c ${clients}: ${tps.toFixed(0)} tps, p50 ${s.p50.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await scratch.drop();
  }
  return out;
};

// ---- main ----------------------------------------------------------------------------------------------

const main = async (): Promise<number> => {
  const cpu = cpus();
  const client = new pg.Client({ connectionString: PG_BASE });
  await client.connect();
  const version = (await client.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '?';
  await client.end();
  console.log(`# The write path: ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model ?? '?'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}; ` +
      `${version.split(',')[0]}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  console.log(
    `${OPS_PER_CASE} calls per case; pgbench TPC-B-like, scale ${PGBENCH_SCALE}, ${PGBENCH_SECONDS} s per run\n`,
  );
  const benches = PGBENCH_SECONDS > 0 ? await pgbench() : [];
  const rows: Row[] = [];
  const checks: Check[] = [];
  for (const db of DBS) {
    if (db !== 'postgres' && db !== 'embedded')
      throw new Error(`BENCH_WRITE_DBS: postgres or embedded, not ${db}`);
    await runDatabase(db, rows, checks);
  }

  const tpsOf = (callers: number) => benches.find((b) => b.clients === callers)?.tps ?? Number.NaN;
  console.log(
    `\n${'case'.padEnd(14)} ${'db'.padEnd(9)} ${'who'.padEnd(6)} ${'callers'.padEnd(9)} ${'ops'.padStart(5)} ${'ops/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'×pgbench'.padStart(9)} ${'×floor'.padStart(7)} ${'p50/floor'.padStart(9)} ${'stmts/op'.padStart(8)} ${'writes/op'.padStart(9)} ${'srv ms'.padStart(6)} ${'pg ms'.padStart(6)}  load`,
  );
  for (const b of benches)
    console.log(
      `${'pgbench'.padEnd(14)} ${'postgres'.padEnd(9)} ${'pgbench'.padEnd(6)} ${String(b.clients).padEnd(9)} ${String(b.n).padStart(5)} ${b.tps.toFixed(0).padStart(7)} ${b.p50.toFixed(2).padStart(8)} ${b.p95.toFixed(2).padStart(8)} ${'1.00'.padStart(9)}`,
    );
  for (const r of rows) {
    const floor = rows.find((f) => f.side === 'floor' && f.db === r.db && f.op === r.op && f.mode === r.mode);
    const callers = r.mode === 'hot' ? '8 hot' : r.mode === '8' ? '8 own' : '1';
    console.log(
      `${r.op.padEnd(14)} ${r.db.padEnd(9)} ${r.side.padEnd(6)} ${callers.padEnd(9)} ${String(r.ok).padStart(5)} ${r.opsPerSecond.toFixed(0).padStart(7)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)} ${(r.opsPerSecond / tpsOf(r.callers)).toFixed(2).padStart(9)} ${r.side === 'app' && floor ? (r.opsPerSecond / floor.opsPerSecond).toFixed(2).padStart(7) : ''.padStart(7)} ${r.side === 'app' && floor ? (r.p50 / floor.p50).toFixed(2).padStart(9) : ''.padStart(9)} ${r.statementsPerOp.toFixed(1).padStart(8)} ${r.writesPerOp.toFixed(1).padStart(9)} ${r.serverCpuPerOp.toFixed(2).padStart(6)} ${r.databaseCpuPerOp.toFixed(2).padStart(6)}  ${r.load.toFixed(2)}`,
    );
  }
  console.log(
    `\n×pgbench: ops/s ÷ pgbench's tps with as many clients; ×floor: the app's ops/s ÷ the floor's; p50/floor: the app's p50 ÷ the floor's.` +
      `\nsrv ms, pg ms: CPU time per call of the server process (Node: the app, or the floor's driver) and of PostgreSQL's processes.` +
      `\nstmts/op: statements the driver sent per call (BEGIN/COMMIT included; the floor's are ${OPS.map((o) => `${o} ${FLOOR_STATEMENTS[o]}`).join(', ')}).` +
      `\nwrites/op: writes per call to PostgreSQL (the app's login included): a statement sent alone is one, statements sent together one.` +
      `\n"8 own": 8 callers, each on its own company's rows; "8 hot": 8 callers on company 0's one card (the next after 50 stamps), programme, pack and wallet.`,
  );

  console.log('\nchecks (SQL on each database after its run):');
  for (const c of checks)
    console.log(`  ${c.pass ? 'PASS' : 'FAIL'}  ${c.db.padEnd(9)} ${c.what}: ${c.detail}`);
  const failed = checks.filter((c) => !c.pass).length;
  console.log(failed ? `\n${failed} check(s) FAILED` : '\nall checks passed');
  if (RESULT_FILE) writeFileSync(RESULT_FILE, JSON.stringify({ rows, pgbench: benches, failed }));
  return failed ? 1 : 0;
};

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
