// Main config: one row per country (banner, stamp-card defaults, currency). Every write is audited
// (resource `mainConfig`, the row before and after, issue 24) in the same transaction.
import { eq } from 'drizzle-orm';
import { type AuditActor, type DbOrTx, recordAudit } from '../../platform/audit';
import { defaultCurrencyOf } from '../../platform/countries';
import type { Db } from '../../platform/db/client';
import { uniqueViolation } from '../../platform/db/errors';
import { type BannerItem, type MainConfigRow, mainConfigs } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { selectPageOrThrow } from '../../platform/list/query';
import type { ListSpec } from '../../platform/list/types';

const audited = (
  tx: DbOrTx,
  actor: AuditActor | null,
  action: string,
  before: MainConfigRow | undefined,
  after: MainConfigRow | undefined,
) =>
  recordAudit(tx, {
    actor,
    action,
    resource: 'mainConfig',
    recordId: (after ?? before)?.id ?? null,
    before: before ?? null,
    after: after ?? null,
  });

export const mainConfigListSpec: ListSpec = {
  id: { column: mainConfigs.id, type: 'number', filter: ['eq', 'in'], sort: true },
  country: {
    column: mainConfigs.country,
    type: 'text',
    filter: ['eq', 'in', 'regex'],
    sort: true,
    search: true,
  },
  currency: { column: mainConfigs.currency, type: 'text', filter: ['eq', 'in'], sort: true },
  banner: { column: mainConfigs.banner, type: 'text' },
  stampCardDefaultImages: { column: mainConfigs.stampCardDefaultImages, type: 'text' },
  stampCardDefaultPrice: {
    column: mainConfigs.stampCardDefaultPrice,
    type: 'number',
    filter: ['eq', 'gte', 'lte'],
  },
  createTime: { column: mainConfigs.createTime, type: 'datetime', filter: ['gte', 'lte'], sort: true },
  updateTime: { column: mainConfigs.updateTime, type: 'datetime', filter: ['gte', 'lte'], sort: true },
};

export interface MainConfigFields {
  banner?: BannerItem[];
  stampCardDefaultImages?: string[];
  stampCardDefaultPrice?: number;
  currency?: string;
}

export type MainConfigView = Omit<MainConfigRow, 'id' | 'createTime' | 'updateTime'> & {
  /** null when the country has no row yet and the defaults are shown */
  id: number | null;
  createTime: Date | null;
  updateTime: Date | null;
};

const duplicate = (e: unknown): never => {
  if (uniqueViolation(e) !== undefined) {
    throw new AppError('ALREADY_EXISTS', [{ field: 'country', message: 'already has a main config' }]);
  }
  throw e;
};

const notFound = () => new AppError('NOT_FOUND', [{ field: 'id', message: 'no main config with this id' }]);

/** A page of the country configurations, as the list query `list` asks (code 2 for a bad pattern). */
export const listMainConfigs = (db: Db, list: Parameters<typeof selectPageOrThrow>[2], noCount: boolean) =>
  selectPageOrThrow(db, mainConfigs, list, noCount);

export const createMainConfig = async (
  db: Db,
  input: MainConfigFields & { country: string },
  actor: AuditActor | null = null,
): Promise<MainConfigRow> => {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mainConfigs)
        .values({ ...input, currency: input.currency ?? defaultCurrencyOf(input.country) })
        .returning();
      if (!row) throw new Error('main config insert returned nothing');
      await audited(tx, actor, 'create', undefined, row);
      return row;
    });
  } catch (e) {
    return duplicate(e);
  }
};

export const getMainConfig = async (db: Db, id: number): Promise<MainConfigRow> => {
  const [row] = await db.select().from(mainConfigs).where(eq(mainConfigs.id, id));
  if (!row) throw notFound();
  return row;
};

export const updateMainConfig = async (
  db: Db,
  id: number,
  patch: MainConfigFields & { country?: string },
  actor: AuditActor | null = null,
): Promise<MainConfigRow> => {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(mainConfigs).where(eq(mainConfigs.id, id)).for('update');
      if (!before) throw notFound();
      const [row] = await tx
        .update(mainConfigs)
        .set({ ...patch, updateTime: new Date() })
        .where(eq(mainConfigs.id, id))
        .returning();
      if (!row) throw notFound();
      await audited(tx, actor, 'update', before, row);
      return row;
    });
  } catch (e) {
    return duplicate(e);
  }
};

export const deleteMainConfig = async (db: Db, id: number, actor: AuditActor | null = null): Promise<void> =>
  db.transaction(async (tx) => {
    const [before] = await tx.delete(mainConfigs).where(eq(mainConfigs.id, id)).returning();
    if (!before) throw notFound();
    await audited(tx, actor, 'delete', before, undefined);
  });

/** The country's row, or its defaults (id null) when no row was written yet. */
export const mainConfigOfCountry = async (db: Db, country: string): Promise<MainConfigView> => {
  const [row] = await db.select().from(mainConfigs).where(eq(mainConfigs.country, country));
  return (
    row ?? {
      id: null,
      country,
      banner: [],
      stampCardDefaultImages: [],
      stampCardDefaultPrice: 0,
      currency: defaultCurrencyOf(country),
      createTime: null,
      updateTime: null,
    }
  );
};

/** Writes fields of the country's row, creating it on first write (race-safe via the unique index). */
export const upsertMainConfigOfCountry = async (
  db: Db,
  country: string,
  patch: MainConfigFields,
  actor: AuditActor | null = null,
): Promise<MainConfigRow> =>
  db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(mainConfigs)
      .where(eq(mainConfigs.country, country))
      .for('update');
    const [row] = await tx
      .insert(mainConfigs)
      .values({ country, ...patch, currency: patch.currency ?? defaultCurrencyOf(country) })
      .onConflictDoUpdate({ target: mainConfigs.country, set: { ...patch, updateTime: new Date() } })
      .returning();
    if (!row) throw new Error('main config upsert returned nothing');
    await audited(tx, actor, before ? 'update' : 'create', before, row);
    return row;
  });
