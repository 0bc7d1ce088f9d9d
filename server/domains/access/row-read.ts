// A read about one row that is not the row itself (a programme's figures, a store's PIN status): a GET
// of `…/:id/…` for a caller the declaration's `get` grant allows, answering what `read` finds.
import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';
import { ok } from '../../../contract/envelope';
import type { ResourceDeclaration } from '../../../resources/types';
import type { Db } from '../../platform/db/client';
import type { RouteApp } from '../../platform/http/app-types';
import { answers } from '../../resources/answers';
import { authorize, declaredGrant } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { Id } from '../../resources/schemas';
import { callerOf } from './caller';

export interface RowReadSpec<T extends TSchema> {
  url: string;
  /** the row's declaration: its `get` grant guards the read, its name tags it in /docs */
  resource: ResourceDeclaration;
  summary: string;
  answer: T;
  /** API keys may call it too */
  forApiKeys?: boolean;
  read: (db: Db, caller: Caller, id: number) => Promise<Static<T>>;
}

/** Registers a GET about one row, `:id` in its url, for callers the row's declaration lets get it. */
export const rowRead = <T extends TSchema>(app: RouteApp, spec: RowReadSpec<T>): void => {
  const { db } = app;
  app.get(
    spec.url,
    {
      ...(spec.forApiKeys ? { config: { forApiKeys: true } } : {}),
      schema: {
        tags: [spec.resource.name],
        summary: spec.summary,
        params: Type.Object({ id: Id }),
        response: answers(spec.answer),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      authorize(caller, declaredGrant(spec.resource, 'get'));
      return ok(await spec.read(db, caller, request.params.id));
    },
  );
};
