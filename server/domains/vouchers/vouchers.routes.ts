// The voucher operations' routes (docs/operations.md "Vouchers", docs/api.md): each is an operation
// (server/domains/access/operation.ts: one transaction, access, Idempotency-Key) around a service function of
// server/domains/vouchers/vouchers.ts. The generic routes of the declarations serve the lists and rows.
import type { Static, TSchema } from 'typebox';
import { Type } from 'typebox';
import { VOUCHER_STATES } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { actionOf, actionPermission, createPermission } from '../../../resources/transitions';
import type { DbOrTx } from '../../platform/audit';
import type { RouteApp, RoutePlugin } from '../../platform/http/app-types';
import { answers, rowSchema, rowWith } from '../../resources/answers';
import { VoucherPackSummarySchema } from '../../resources/answers-operations';
import { authorize } from '../../resources/authorize';
import type { Caller } from '../../resources/principal';
import { maskRow, maskRows } from '../../resources/privacy';
import { declared } from '../../resources/registry';
import { Id, PHONE_PATTERN } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { operation } from '../access/operation';
import { rowRead } from '../access/row-read';
import { memberVouchers } from '../members/lookup';
import { linkKeys } from '../pocket/links';
import { sendLink } from '../pocket/pocket';
import {
  donateVoucher,
  expireVoucher,
  issueVouchers,
  packSummary,
  redeemVoucher,
  type VoucherRow,
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
  const { base, vouchers, packs, keys } = shared;

  operation(app, {
    url: `${base}/voucher-packs/:id/vouchers`,
    summary: 'Issue vouchers of a pack to a member',
    description:
      'ACTIVE pack inside its sale window (else 11); past the quantity 6802, past the per-member limit 6630; nothing is issued then.',
    resource: vouchers,
    action: 'ADD',
    // vouchers have no generic create: issuing is who and what the declaration's createWith names
    permission: createPermission(vouchers),
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

  rowRead(app, {
    url: `${base}/voucher-packs/:id/summary`,
    resource: packs,
    summary: "A pack's figures",
    answer: VoucherPackSummarySchema,
    forApiKeys: true,
    read: packSummary,
  });
};

/** One voucher's operations: redeem, void, donate, expire. */
const voucherOperationRoutes = (app: RouteApp, shared: VoucherShared): void => {
  const { base, vouchers } = shared;
  /** `POST …/vouchers/:id/<name>`: the arrow `name` of the voucher's lifecycle, answering the masked voucher. */
  const voucherOperation = <B extends TSchema>(
    name: 'redeem' | 'void' | 'donate' | 'expire',
    spec: { summary: string; description?: string; devices?: boolean; body: B },
    move: (tx: DbOrTx, caller: Caller, id: number, body: Static<B>) => Promise<VoucherRow>,
  ) =>
    operation(app, {
      url: `${base}/vouchers/:id/${name}`,
      summary: spec.summary,
      ...(spec.description === undefined ? {} : { description: spec.description }),
      resource: vouchers,
      action: 'UPDATE',
      permission: actionPermission(vouchers, actionOf(vouchers, name)),
      roles: actionOf(vouchers, name).roles,
      ...(spec.devices ? { devices: true } : {}),
      params: IdParams,
      body: spec.body,
      answer: rowSchema(vouchers),
      run: async ({ tx, caller, params, body }) =>
        maskRow(vouchers, caller, await move(tx, caller, params.id, body)),
    });

  voucherOperation(
    'redeem',
    {
      summary: 'Redeem a voucher at a store',
      description:
        'AVAILABLE and inside its validity (else 6805), at an ACTIVE store of its brand (else 6701).',
      devices: true,
      body: Type.Object({ storeId: Id }, { additionalProperties: false }),
    },
    redeemVoucher,
  );
  voucherOperation(
    'void',
    {
      summary: 'Void a redemption (REDEEMED → AVAILABLE)',
      body: Type.Object(
        { reason: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }) },
        { additionalProperties: false },
      ),
    },
    voidVoucher,
  );
  voucherOperation(
    'donate',
    {
      summary: 'Give an AVAILABLE voucher of a giftable pack to another member',
      body: Type.Object({ toMobile: Mobile }, { additionalProperties: false }),
    },
    donateVoucher,
  );
  voucherOperation(
    'expire',
    { summary: 'Expire an AVAILABLE voucher at once (operators)', body: NoBody },
    (tx, caller, id) => expireVoucher(tx, caller, id),
  );
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
