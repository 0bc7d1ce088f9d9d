// The voucher operations' routes (docs/operations.md "Vouchers", docs/api.md): each is an operation
// (server/domains/access/operation.ts: one transaction, access, Idempotency-Key) around a service function of
// server/domains/vouchers/vouchers.ts. The generic routes of the declarations serve the lists and rows.
import { Type } from 'typebox';
import { VOUCHER_STATES } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { actionOf } from '../../../resources/transitions';
import type { RouteApp, RoutePlugin } from '../../platform/http/app-types';
import { answers, rowSchema, rowWith } from '../../resources/answers';
import { VoucherPackSummarySchema } from '../../resources/answers-operations';
import { authorize, declaredGrant } from '../../resources/authorize';
import { maskRow, maskRows } from '../../resources/privacy';
import { declared } from '../../resources/registry';
import { Id, PHONE_PATTERN } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { operation } from '../access/operation';
import { memberVouchers } from '../members/lookup';
import { linkKeys } from '../pocket/links';
import { sendLink } from '../pocket/pocket';
import {
  donateVoucher,
  expireVoucher,
  issueVouchers,
  packSummary,
  redeemVoucher,
  voidVoucher,
} from './vouchers';

/** How many vouchers one issue call may create (a campaign issues per member). */
export const ISSUE_MAX = 100;

const Mobile = Type.String({ pattern: PHONE_PATTERN, maxLength: 16, description: 'E.164, e.g. +6591234567' });
const IdParams = Type.Object({ id: Id });
const NoBody = Type.Union([Type.Object({}, { additionalProperties: false }), Type.Null()]);

/** What every group of voucherRoutes shares. */
const voucherShared = (app: RouteApp) => {
  const { db } = app;
  const base = BASE_PATHS.main;
  const vouchers = declared('vouchers');
  const packs = declared('voucherPacks');
  const members = declared('members');
  const history = declared('voucherHistory');
  const keys = linkKeys(app.config);
  return { db, base, vouchers, packs, members, history, keys };
};
type VoucherShared = ReturnType<typeof voucherShared>;

/** A pack's issue and its summary. */
const packRoutes = (app: RouteApp, shared: VoucherShared): void => {
  const { db, base, vouchers, packs, keys } = shared;

  operation(app, {
    url: `${base}/voucher-packs/:id/vouchers`,
    summary: 'Issue vouchers of a pack to a member',
    description:
      'ACTIVE pack inside its sale window (else 11); past the quantity 6802, past the per-member limit 6630; nothing is issued then.',
    resource: vouchers,
    action: 'ADD',
    // vouchers have no generic create: issuing is who the declaration's createWith names
    roles: vouchers.createWith?.roles ?? [],
    params: IdParams,
    body: Type.Object(
      { memberMobile: Mobile, quantity: Type.Integer({ minimum: 1, maximum: ISSUE_MAX }) },
      { additionalProperties: false },
    ),
    answer: Type.Object({ pack: rowSchema(packs), vouchers: Type.Array(rowSchema(vouchers)) }),
    run: async ({ tx, caller, params, body }) => {
      const issued = await issueVouchers(tx, caller, params.id, body);
      // the member gets the first voucher's web card (it lists the others) once the issue commits
      const first = issued.vouchers[0];
      if (first) await sendLink(tx, keys, 'VOUCHER', first.id, issued.vouchers.length);
      return { ...issued, vouchers: maskRows(vouchers, caller, issued.vouchers) };
    },
  });

  app.get(
    `${base}/voucher-packs/:id/summary`,
    {
      config: { forApiKeys: true },
      schema: {
        tags: [packs.name],
        summary: "A pack's figures",
        params: IdParams,
        response: answers(VoucherPackSummarySchema),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      authorize(caller, declaredGrant(packs, 'get'));
      return ok(await packSummary(db, caller, request.params.id));
    },
  );
};

/** One voucher's operations: redeem, void, donate, expire. */
const voucherOperationRoutes = (app: RouteApp, shared: VoucherShared): void => {
  const { base, vouchers } = shared;
  operation(app, {
    url: `${base}/vouchers/:id/redeem`,
    summary: 'Redeem a voucher at a store',
    description:
      'AVAILABLE and inside its validity (else 6805), at an ACTIVE store of its brand (else 6701).',
    resource: vouchers,
    action: 'UPDATE',
    roles: actionOf(vouchers, 'redeem').roles,
    devices: true,
    params: IdParams,
    body: Type.Object({ storeId: Id }, { additionalProperties: false }),
    answer: rowSchema(vouchers),
    run: async ({ tx, caller, params, body }) =>
      maskRow(vouchers, caller, await redeemVoucher(tx, caller, params.id, body)),
  });

  operation(app, {
    url: `${base}/vouchers/:id/void`,
    summary: 'Void a redemption (REDEEMED → AVAILABLE)',
    resource: vouchers,
    action: 'UPDATE',
    roles: actionOf(vouchers, 'void').roles,
    params: IdParams,
    body: Type.Object(
      { reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) },
      { additionalProperties: false },
    ),
    answer: rowSchema(vouchers),
    run: async ({ tx, caller, params, body }) =>
      maskRow(vouchers, caller, await voidVoucher(tx, caller, params.id, body)),
  });

  operation(app, {
    url: `${base}/vouchers/:id/donate`,
    summary: 'Give an AVAILABLE voucher of a giftable pack to another member',
    resource: vouchers,
    action: 'UPDATE',
    roles: actionOf(vouchers, 'donate').roles,
    params: IdParams,
    body: Type.Object({ toMobile: Mobile }, { additionalProperties: false }),
    answer: rowSchema(vouchers),
    run: async ({ tx, caller, params, body }) =>
      maskRow(vouchers, caller, await donateVoucher(tx, caller, params.id, body)),
  });

  operation(app, {
    url: `${base}/vouchers/:id/expire`,
    summary: 'Expire an AVAILABLE voucher at once (operators)',
    resource: vouchers,
    action: 'UPDATE',
    roles: actionOf(vouchers, 'expire').roles,
    params: IdParams,
    body: NoBody,
    answer: rowSchema(vouchers),
    run: async ({ tx, caller, params }) =>
      maskRow(vouchers, caller, await expireVoucher(tx, caller, params.id)),
  });
};

/** The vouchers a member holds, by state, as the counter looks them up. */
const memberVoucherRoutes = (app: RouteApp, shared: VoucherShared): void => {
  const { db, base, vouchers, members, history } = shared;
  app.get(
    `${base}/members/:mobile/vouchers`,
    {
      config: { forApiKeys: true },
      schema: {
        tags: [members.name],
        summary: "A member's vouchers by state, each with its history",
        params: Type.Object({ mobile: Mobile }),
        response: answers(
          Type.Object({
            member: rowSchema(members),
            vouchers: Type.Object(
              Object.fromEntries(
                VOUCHER_STATES.map((state) => [
                  state,
                  Type.Array(rowWith(vouchers, { history: Type.Array(rowSchema(history)) }), {
                    description: `the member's ${state} vouchers, newest first, each with its history`,
                  }),
                ]),
              ),
            ),
            availableValue: Type.String({
              description:
                'the sum of the AVAILABLE vouchers’ values, a decimal string (e.g. "12.50"), whatever their currencies',
            }),
            availableValues: Type.Array(
              Type.Object({ currency: Type.String(), value: Type.String() }, { title: 'MoneyInCurrency' }),
              {
                description:
                  'the AVAILABLE vouchers’ values summed per currency (their companies’), by currency code',
              },
            ),
          }),
        ),
      },
    },
    async (request) => {
      const caller = await callerOf(db, request);
      // a voucher screen (/voucher/get-user-vouchers): vouchers VIEW; the mobile is masked for a caller
      // who may not view members (server/resources/privacy.ts), who typed it anyway
      authorize(caller, {
        resource: vouchers.permission,
        action: 'VIEW',
        roles: members.access.VIEW,
        kinds: ['user', 'apiKey'],
      });
      const wallet = await memberVouchers(db, caller, request.params.mobile);
      return ok({
        ...wallet,
        member: maskRow(members, caller, wallet.member),
        vouchers: Object.fromEntries(
          Object.entries(wallet.vouchers).map(([state, held]) => [
            state,
            held.map((v) => ({
              ...maskRow(vouchers, caller, v),
              history: maskRows(history, caller, v.history as Record<string, unknown>[]),
            })),
          ]),
        ),
      });
    },
  );
};

export const voucherRoutes: RoutePlugin = async (app) => {
  const shared = voucherShared(app);
  packRoutes(app, shared);
  voucherOperationRoutes(app, shared);
  memberVoucherRoutes(app, shared);
};
