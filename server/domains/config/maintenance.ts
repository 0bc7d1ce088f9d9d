// The maintenance window on now and the next one (resources/tables/maintenanceConfig.ts): enabled
// windows for every country (country null) and, when a country is named, that country's.
import { and, asc, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { MaintenanceAnswer } from '../../../contract/maintenance';
import type { DbOrTx } from '../../platform/audit';
import { maintenanceConfig as windows } from '../../platform/db/schema';

// derived tables' columns are typed loosely: the selection says what each one holds
const selection = {
  id: sql<number>`${windows.id}`,
  startAt: sql<string>`to_char(${windows.startAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  endAt: sql<string>`to_char(${windows.endAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  message: sql<string>`${windows.message}`,
  country: sql<string | null>`${windows.country}`,
};

export const maintenanceNow = async (
  db: DbOrTx,
  country: string | null,
  now = new Date(),
): Promise<MaintenanceAnswer> => {
  const forCountry: SQL | undefined = country
    ? or(isNull(windows.country), eq(windows.country, country))
    : isNull(windows.country);
  const [active] = await db
    .select(selection)
    .from(windows)
    .where(and(eq(windows.enabled, true), forCountry, lte(windows.startAt, now), gt(windows.endAt, now)))
    .orderBy(desc(windows.endAt), asc(windows.id))
    .limit(1);
  const [next] = await db
    .select(selection)
    .from(windows)
    .where(and(eq(windows.enabled, true), forCountry, gt(windows.startAt, now)))
    .orderBy(asc(windows.startAt), asc(windows.id))
    .limit(1);
  return { active: active ?? null, next: next ?? null };
};
