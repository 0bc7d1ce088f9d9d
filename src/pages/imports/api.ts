// The CSV import's calls (docs/api.md "Importing a file", server/domains/integrations/imports.routes.ts): a dry run, the
// real run, and its progress.

import type { AccessSubject } from '../../../contract/access';
import { canAccess } from '../../../contract/access';
import type {
  ImportBody,
  ImportDryRun,
  ImportKind,
  ImportStarted,
  ImportStatus,
} from '../../../contract/imports';
import type { HttpClient } from '../../providers/httpClient';

export const IMPORTS_PATH = '/imports';

export const checkFile = async (http: HttpClient, body: Omit<ImportBody, 'dryRun'>): Promise<ImportDryRun> =>
  (await http<ImportDryRun>(IMPORTS_PATH, { method: 'POST', body: { ...body, dryRun: true } })).data;

export const startImport = async (
  http: HttpClient,
  body: Omit<ImportBody, 'dryRun'>,
): Promise<ImportStarted> =>
  (await http<ImportStarted>(IMPORTS_PATH, { method: 'POST', body: { ...body, dryRun: false } })).data;

export const importStatus = async (http: HttpClient, id: number): Promise<ImportStatus> =>
  (await http<ImportStatus>(`${IMPORTS_PATH}/${id}`)).data;

/** What the server asks of each kind (server/domains/integrations/imports.ts importGrant): the single operation's permission. */
export const mayImport = (subject: AccessSubject, kind: ImportKind): boolean =>
  kind === 'members'
    ? canAccess(subject, { action: 'ADD', resource: 'member' })
    : canAccess(subject, { action: 'ADD', resource: 'vouchers' });
