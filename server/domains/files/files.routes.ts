// Files (issue 42; docs/api.md "Files"): a signed-in user uploads a picture (its bytes as the body,
// its content type one of contract/files.ts UPLOAD_IMAGE_TYPES, at most UPLOAD_MAX_BYTES) and keeps
// the answered address in the row; anyone reads it back (pictures show on public web cards and wallet
// passes). The bytes must be the picture the content type says (judged by file-type): else 29200. A
// failing store answers 29000 (server/platform/files.ts).
import { fileTypeFromBuffer } from 'file-type';
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import {
  FILES_PATH,
  fileUrlOf,
  SERVED_TYPES,
  type StoredFileView,
  UPLOAD_IMAGE_TYPES,
  UPLOAD_MAX_BYTES,
  type UploadImageType,
} from '../../../contract/files';
import { BASE_PATHS } from '../../../contract/http';
import { AppError } from '../../platform/errors';
import { newFileKey } from '../../platform/files';
import type { RoutePlugin } from '../../platform/http/app-types';
import { tagRoutes } from '../../platform/http/docs';
import { answers, fileAnswer } from '../../resources/answers';
import { requireUser } from '../access/guard';

const UPLOAD_TYPES = Object.keys(UPLOAD_IMAGE_TYPES) as UploadImageType[];

const refused = (message: string) => new AppError('FILE_OPERATION_ERROR', [{ field: 'file', message }]);

/** The upload's bytes judged against its content type: the extension to keep it under. */
export const judgeUpload = async (bytes: Buffer, declared: string | undefined): Promise<string> => {
  if (bytes.length === 0) throw refused('the file is empty');
  const type = (declared ?? '').split(';')[0]?.trim().toLowerCase() as UploadImageType;
  const ext = UPLOAD_IMAGE_TYPES[type];
  if (!ext) throw refused(`send a picture: ${UPLOAD_TYPES.join(', ')}`);
  const seen = await fileTypeFromBuffer(bytes);
  if (seen?.mime !== type) throw refused(`the file is not the ${type} it says it is`);
  return ext;
};

const StoredFileSchema = Type.Object(
  {
    url: Type.String({ description: 'the address to keep in the row' }),
    key: Type.String(),
    contentType: Type.String(),
    size: Type.Integer(),
  },
  { title: 'StoredFile' },
);

export const fileRoutes: RoutePlugin = async (app) => {
  tagRoutes(app, 'files');
  const { files } = app;
  const base = `${BASE_PATHS.main}${FILES_PATH}`;
  // a picture's bytes, as they are, for this module's routes only
  app.addContentTypeParser(
    UPLOAD_TYPES,
    { parseAs: 'buffer', bodyLimit: UPLOAD_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.post(
    base,
    {
      bodyLimit: UPLOAD_MAX_BYTES,
      schema: {
        summary: 'Upload a picture to the file store',
        description: `The body is the picture's bytes, sent with its content type (${UPLOAD_TYPES.join(', ')}), at most ${UPLOAD_MAX_BYTES} bytes. Bytes that are not that picture: 29200. The store failing: 29000. Answers the address to keep in an image field.`,
        response: answers(StoredFileSchema),
      },
    },
    async (request) => {
      requireUser(request);
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const ext = await judgeUpload(bytes, request.headers['content-type']);
      const key = newFileKey(ext);
      const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '';
      await files.put(key, bytes, contentType);
      const view: StoredFileView = { url: fileUrlOf(key), key, contentType, size: bytes.length };
      return ok(view);
    },
  );

  app.get(
    `${base}/:year/:name`,
    {
      config: { public: true },
      schema: {
        summary: 'A stored picture (public: web cards and wallet passes show it)',
        params: Type.Object({
          year: Type.String({ pattern: '^\\d{4}$' }),
          name: Type.String({ maxLength: 60 }),
        }),
        response: fileAnswer([...new Set(Object.values(SERVED_TYPES))], 'The picture, as its bytes'),
      },
    },
    async (request, reply) => {
      const { year, name } = request.params;
      const file = await files.get(`${year}/${name}`);
      if (!file) throw new AppError('NOT_FOUND', [{ field: 'key', message: 'no such file' }]);
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // a picture opened on its own runs nothing (an SVG's scripts included)
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(file.bytes)
      );
    },
  );
};
