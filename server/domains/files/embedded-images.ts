// Pictures written into rows before the file store (issue 42): every image field of a declared table,
// and the main config's banners and default stamp-card images, that still holds a data: URL gets its
// picture moved into the file store and the row the file's address. Run at start (server/server.ts)
// and after the demo seed (which draws its pictures as data: URLs); a row changed meanwhile is left for
// the next run (the update names the old value). Answers how many pictures moved.
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { fileUrlOf, SERVED_TYPES } from '../../../contract/files';
import type { Db } from '../../platform/db/client';
import { mainConfigs } from '../../platform/db/schema';
import { type FileStore, newFileKey } from '../../platform/files';
import { DERIVED_RESOURCES } from '../../resources/registry';

const EXTENSION_OF: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SERVED_TYPES).map(([ext, type]) => [type, ext]),
);

/** A data: URL's picture, or null when it is not one the store keeps. */
export const pictureOfDataUrl = (url: string): { bytes: Buffer; type: string; ext: string } | null => {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+)((?:;[^,;]*)*?)(;base64)?,(.*)$/is.exec(url);
  if (!match) return null;
  const type = (match[1] ?? '').toLowerCase();
  const ext = EXTENSION_OF[type];
  if (!ext) return null;
  const body = match[4] ?? '';
  const bytes = match[3] ? Buffer.from(body, 'base64') : Buffer.from(decodeURIComponent(body), 'utf8');
  return bytes.length > 0 ? { bytes, type, ext } : null;
};

/** Stores a data: URL's picture: its file's address, or the value unchanged when it is not one. */
const moved = async (store: FileStore, value: string): Promise<string> => {
  const picture = pictureOfDataUrl(value);
  if (!picture) return value;
  const key = newFileKey(picture.ext);
  await store.put(key, picture.bytes, picture.type);
  return fileUrlOf(key);
};

/** Moves the pictures of one image column of `table` (its property `key`). */
const moveColumn = async (db: Db, store: FileStore, table: PgTable, key: string): Promise<number> => {
  const columns = table as unknown as Record<string, AnyPgColumn>;
  const column = columns[key];
  const id = columns.id;
  if (!column || !id) return 0;
  const rows = (await db.select({ id, value: column }).from(table).where(sql`${column} like 'data:%'`)) as {
    id: number;
    value: string;
  }[];
  let count = 0;
  for (const row of rows) {
    const url = await moved(store, row.value);
    if (url === row.value) continue;
    await db
      .update(table)
      .set({ [key]: url })
      .where(and(eq(id, row.id), eq(column, row.value)));
    count += 1;
  }
  return count;
};

const moveMainConfigs = async (db: Db, store: FileStore): Promise<number> => {
  let count = 0;
  const rows = await db
    .select()
    .from(mainConfigs)
    .where(
      sql`${mainConfigs.banner}::text like '%data:%' or ${mainConfigs.stampCardDefaultImages}::text like '%data:%'`,
    );
  for (const row of rows) {
    const banner = [];
    for (const item of row.banner) banner.push({ ...item, imageUrl: await moved(store, item.imageUrl) });
    const images = [];
    for (const image of row.stampCardDefaultImages) images.push(await moved(store, image));
    count += banner.filter((b, i) => b.imageUrl !== row.banner[i]?.imageUrl).length;
    count += images.filter((u, i) => u !== row.stampCardDefaultImages[i]).length;
    await db
      .update(mainConfigs)
      .set({ banner, stampCardDefaultImages: images })
      .where(eq(mainConfigs.id, row.id));
  }
  return count;
};

export const moveEmbeddedImages = async (db: Db, store: FileStore): Promise<number> => {
  let count = 0;
  for (const { decl, table } of DERIVED_RESOURCES) {
    for (const field of decl.fields) {
      if (field.type === 'image')
        count += await moveColumn(db, store, table as unknown as PgTable, field.name);
    }
  }
  return count + (await moveMainConfigs(db, store));
};
