// An operator's decision on a PENDING request, taken by its first statement (`update merchant_signup
// set approval = … where id = … and approval = 'PENDING'`): of two operators deciding at once exactly
// one wins, the other gets 26400. Then the mail telling the merchant, after the commit.
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { ApprovalState, OrgState, RequestKind } from '../../../contract/enums';
import { merchantSignup as merchantSignupDecl } from '../../../resources/tables/merchantSignup';
import { actionOf } from '../../../resources/transitions';
import { type DbOrTx, recordAudit } from '../../platform/audit';
import type { Db } from '../../platform/db/client';
import { brand, company, merchantSignup, store, type UserRow, users } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { allowedMove } from '../../resources/transition';
import { mailNotice } from '../access/email-actions';
import { actorOf, inTransaction, one, type RequestRow } from './organisation';

type Row = Record<string, unknown>;

export type Decision = 'approve' | 'reject';

const setState = async (
  tx: DbOrTx,
  table: typeof company | typeof brand | typeof store,
  id: number | null,
  state: OrgState,
) => {
  if (id === null) return;
  // a row deleted in the meantime stays deleted
  await tx
    .update(table)
    .set({ state })
    .where(and(eq(table.id, id), ne(table.state, 'DELETE')));
};

/**
 * An operator's decision on a PENDING request. Approve: MERCHANT_SIGNUP activates the company, brand
 * and store and moves every merchant of the company to signup state APPROVAL; ADD_BRAND activates
 * the brand, ADD_STORE the store. Reject (with a reason): the named rows go back to BLANK.
 */
export const decide = async (
  db: Db,
  operator: UserRow,
  id: number,
  decision: Decision,
  reason?: string,
): Promise<RequestRow> =>
  inTransaction(db, async (tx) => {
    const arrow = actionOf(merchantSignupDecl, decision);
    const approval = arrow.to as ApprovalState;
    // the decision itself, first: only one transaction can move the row out of PENDING
    const decided = await one<RequestRow>(
      tx
        .update(merchantSignup)
        .set({
          approval,
          decidedBy: operator.id,
          decidedAt: new Date(),
          reason: decision === 'reject' ? (reason ?? null) : null,
        })
        .where(
          and(
            eq(merchantSignup.id, id),
            inArray(merchantSignup.approval, arrow.from as RequestRow['approval'][]),
          ),
        )
        .returning(),
    );
    if (!decided) {
      const [exists] = await tx
        .select({ approval: merchantSignup.approval })
        .from(merchantSignup)
        .where(eq(merchantSignup.id, id));
      if (!exists) throw new AppError('NOT_FOUND');
      // the declared refusal (resources/tables/merchantSignup.ts): decided already
      allowedMove(merchantSignupDecl, decision, exists, 'request');
      throw new Error('a PENDING request was not decided');
    }
    const state: OrgState = decision === 'approve' ? 'ACTIVE' : 'BLANK';
    const { companyId, brandId, storeId } = decided;
    switch (decided.requestKind) {
      case 'MERCHANT_SIGNUP':
        await setState(tx, company, companyId, state);
        await setState(tx, brand, brandId, state);
        await setState(tx, store, storeId, state);
        if (decision === 'approve') {
          const who: SQL[] = [];
          if (decided.userId !== null) who.push(eq(users.id, decided.userId));
          if (companyId !== null)
            who.push(and(eq(users.companyId, companyId), eq(users.type, 'MERCHANT')) as SQL);
          if (who.length > 0)
            await tx.update(users).set({ signupState: 'APPROVAL' }).where(sql.join(who, sql` or `));
        }
        break;
      case 'ADD_BRAND':
        await setState(tx, brand, brandId, state);
        break;
      case 'ADD_STORE':
        await setState(tx, store, storeId, state);
        break;
      default: {
        const never: never = decided.requestKind;
        throw new Error(`unknown request kind ${String(never)}`);
      }
    }
    await recordAudit(tx, {
      actor: actorOf(operator),
      action: decision,
      resource: 'merchantSignup',
      recordId: decided.id,
      companyId,
      before: { approval: 'PENDING' },
      after: decided,
    });
    return decided;
  });

// ---- telling the merchant -----------------------------------------------------------------------

const NOTICE_TEXT: Record<RequestKind, { what: (r: RequestRow & Row) => string; path: string }> = {
  MERCHANT_SIGNUP: { what: (r) => `Your merchant application for ${String(r.companyName)}`, path: '/signup' },
  ADD_BRAND: {
    what: (r) => `Your request for the new brand ${String(r.brandName)}`,
    path: '/organization/org-hierarchy',
  },
  ADD_STORE: {
    what: (r) => `Your request for the new store ${String(r.storeName)}`,
    path: '/organization/org-hierarchy',
  },
};

/**
 * Mails the merchant who filed a request the operator's decision (and the reason of a rejection).
 * Sent after the decision is committed: a mail that cannot be sent never undoes a decision.
 */
export const mailDecision = async (db: Db, request: RequestRow & Row): Promise<void> => {
  const [requester] =
    request.userId === null
      ? []
      : await db
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, request.userId));
  const to = requester?.email ?? (typeof request.contactEmail === 'string' ? request.contactEmail : null);
  if (!to) return;
  const text = NOTICE_TEXT[request.requestKind];
  const approved = request.approval === 'APPROVED';
  const signup = request.requestKind === 'MERCHANT_SIGNUP';
  await mailNotice(db, {
    to,
    name: requester?.name ?? null,
    subject: approved ? 'Your request is approved' : 'Your request was not approved',
    paragraphs: approved
      ? [
          `${text.what(request)} is approved.`,
          signup
            ? 'Sign in to start running your loyalty programme.'
            : 'It is live in your organisation now.',
        ]
      : [
          `${text.what(request)} was not approved.`,
          `The reason: ${request.reason ?? 'none given'}`,
          signup ? 'Sign in to correct your application and submit it again.' : 'You may file a new request.',
        ],
    path: approved && signup ? '/' : text.path,
    action: approved ? 'Open the portal' : signup ? 'Correct your application' : 'Open your organisation',
  });
};
