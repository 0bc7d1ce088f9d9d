// Fraud signals' one operation (docs/api.md "Fraud signals"): `POST /signals/{id}/resolve` with a note,
// at the URL of the declaration's `resolve` action (the rule: server/domains/stamping/resolve-signal.ts).
// Listing and reading are the declared table's generic routes; the signals themselves are raised by the
// job (server/domains/stamping/signals.ts).
import { Type } from 'typebox';
import { BASE_PATHS } from '../../../contract/http';
import { NOT_BLANK_PATTERN } from '../../../contract/validation';
import { signals } from '../../../resources/tables/signals';
import { actionOf } from '../../../resources/transitions';
import type { RoutePlugin } from '../../platform/http/app-types';
import { rowSchema } from '../../resources/answers';
import { maskRow } from '../../resources/privacy';
import { Id } from '../../resources/schemas';
import { operation } from '../access/operation';
import { NOTE_MAX, resolveSignal } from './resolve-signal';

export const signalRoutes: RoutePlugin = async (app) => {
  operation(app, {
    url: `${BASE_PATHS.main}${signals.path}/:id/resolve`,
    summary: 'Resolve a fraud signal (OPEN → RESOLVED) with a note',
    description:
      "Operators any company's; a merchant (the owner, or a colleague granted UPDATE on signal) their own company's only (another's answers 5). A note of 1 to 500 characters (else 2); a RESOLVED signal 11. Audited (action resolve).",
    resource: signals,
    action: 'UPDATE',
    roles: actionOf(signals, 'resolve').roles,
    params: Type.Object({ id: Id }),
    body: Type.Object(
      { note: Type.String({ minLength: 1, maxLength: NOTE_MAX, pattern: NOT_BLANK_PATTERN }) },
      { additionalProperties: false },
    ),
    answer: rowSchema(signals),
    run: async ({ tx, caller, params, body }) =>
      maskRow(signals, caller, await resolveSignal(tx, caller, params.id, body.note)),
  });
};
