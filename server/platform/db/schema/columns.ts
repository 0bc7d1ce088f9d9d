import { timestamp } from 'drizzle-orm/pg-core';

/** Time column with time zone, read as a JS Date. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * createTime / updateTime, shared by every table so that the list filters on createTime behave the
 * same everywhere. Spread them into a table: `{ id: serial('id').primaryKey(), ...timestamps }`.
 */
export const timestamps = {
  createTime: timestampTz('create_time').notNull().defaultNow(),
  updateTime: timestampTz('update_time')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};
