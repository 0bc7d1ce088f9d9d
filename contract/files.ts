// Files (issue 42; docs/api.md "Files"): the pictures of stamp cards, packs, brands, banners and wallet
// passes live in a file store (server/platform/files.ts: a folder under DATA_DIR, or an S3-compatible
// bucket), and a row holds the file's address, never its bytes. The server, the portal's image inputs
// and the seed read these names.
import { BASE_PATHS } from './http';

/** `POST {main}/files` takes one picture (its bytes as the body); `GET {main}/files/{key}` serves it. */
export const FILES_PATH = '/files';

/** The pictures an upload may be, by the content type it is sent with, and the extension it is kept under. */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;

/** Every extension the store serves, with its content type (SVG: only what the server itself stores). */
export const SERVED_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The largest picture an upload may be, in bytes. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

/** A stored file's key: `<year>/<uuid>.<ext>`, nothing a request chose. */
export const FILE_KEY_PATTERN = /^\d{4}\/[0-9a-f-]{36}\.(png|jpg|webp|gif|svg)$/;

/** The address a row holds for the file `key` (relative to the portal's origin). */
export const fileUrlOf = (key: string): string => `${BASE_PATHS.main}${FILES_PATH}/${key}`;

/** The key of a stored file's address, or null when `url` is not one. */
export const fileKeyOf = (url: string): string | null => {
  const prefix = `${BASE_PATHS.main}${FILES_PATH}/`;
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return FILE_KEY_PATTERN.test(key) ? key : null;
};

/** What an upload answers. */
export interface StoredFileView {
  /** the address to keep in the row: `/portal-main-service/api/v1/files/<key>` */
  url: string;
  key: string;
  contentType: string;
  size: number;
}
