// What every step of the demo seed shares: the seed's transaction, the demo operator who runs the
// operations, "now" and the deterministic randomness, the running counters, and what is printed at
// the end (the rows written per table, the demo users, the devices' secrets).
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { UserType } from '../../contract/enums';
import { TABLE_EXTENSIONS } from '../../server/domains/tables/extensions';
import type { Db } from '../../server/platform/db/client';
import type { Caller } from '../../server/resources/principal';
import { DERIVED_RESOURCES } from '../../server/resources/registry';
import { createResourceService, type ResourceService, type Row } from '../../server/resources/service';

export interface DemoUser {
  email: string;
  type: UserType;
  company: string | null;
}

export interface DemoDevice {
  serialNo: string;
  secret: string;
  storeId: number;
  company: string;
}

export const DAY = 86_400_000;
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

// ---- deterministic randomness, so two seeded databases look alike -------------------------------

const rng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** The seed before the demo operator exists (enough to add users). */
export interface SeedBase {
  /** the seed's one transaction, a database of the same schema for every query the services make */
  tx: Db;
  now: Date;
  passwordHash: string;
  random: () => number;
  /** rows written per table */
  counts: Record<string, number>;
  users: DemoUser[];
  devices: DemoDevice[];
}

export interface Seed extends SeedBase {
  operatorId: number;
  /** the demo operator: the caller of every generic create and operation */
  op: Caller;
  services: ReadonlyMap<string, ResourceService>;
  /** running numbers across companies and brands */
  next: { member: number; receipt: number; serial: number; secondCounter: number };
  industryIds: Map<string, number>;
  /** by registration number */
  companyIds: Map<string, number>;
  /** pushes sent through the job runner once the members exist */
  pushesToSend: { pushId: number; fail: boolean }[];
}

export const seedBase = (tx: Db, now: Date, passwordHash: string): SeedBase => ({
  tx,
  now,
  passwordHash,
  random: rng(20_240_601),
  counts: {},
  users: [],
  devices: [],
});

const operatorCaller = (id: number, email: string): Caller => ({
  id,
  email,
  type: 'OPERATOR',
  role: 'operator',
  companyId: null,
  brandId: null,
  storeId: null,
  subject: { type: 'OPERATOR' },
});

export const withOperator = (base: SeedBase, operatorId: number, email: string): Seed => ({
  ...base,
  operatorId,
  op: operatorCaller(operatorId, email),
  services: new Map(
    DERIVED_RESOURCES.map((r) => [
      r.decl.name,
      createResourceService(base.tx, r, TABLE_EXTENSIONS[r.decl.name]),
    ]),
  ),
  next: { member: 0, receipt: 0, serial: 0, secondCounter: 0 },
  industryIds: new Map(),
  companyIds: new Map(),
  pushesToSend: [],
});

export const count = (seed: Pick<SeedBase, 'counts'>, table: string, n = 1) => {
  seed.counts[table] = (seed.counts[table] ?? 0) + n;
};

export const ago = (seed: Pick<SeedBase, 'now'>, days: number) => new Date(seed.now.getTime() - days * DAY);

export const pick = <T>(seed: Pick<SeedBase, 'random'>, list: readonly T[]): T =>
  list[Math.floor(seed.random() * list.length)] as T;

export const service = (seed: Seed, name: string): ResourceService => {
  const s = seed.services.get(name);
  if (!s) throw new Error(`no service for ${name}`);
  return s;
};

export const idOf = (row: Row): number => {
  if (typeof row.id !== 'number') throw new Error('row without id');
  return row.id;
};

/** A row people create in the product: through the generic resource service, as the operator. */
export const create = async (seed: Seed, name: string, body: Record<string, unknown>): Promise<number> => {
  const id = idOf(await service(seed, name).create(seed.op, body));
  count(seed, name);
  return id;
};

/** A derived table's column; their columns are known at run time only. */
export const column = (table: object, name: string): AnyPgColumn => {
  const c = (table as Record<string, AnyPgColumn | undefined>)[name];
  if (!c) throw new Error(`no column ${name}`);
  return c;
};
