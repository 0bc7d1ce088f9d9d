// The stamp card operations' routes (docs/operations.md "Stamp cards", docs/api.md): each is an operation
// (server/domains/access/operation.ts: one transaction, access, Idempotency-Key) around a service function of
// server/domains/stamping/ (issue-card.ts, stamp.ts, void.ts, store-pin.ts, programme-summary.ts). The
// generic routes of the declarations serve the lists and rows.
import { Type } from 'typebox';
import { COUNTER } from '../../../contract/access';
import { BASE_PATHS } from '../../../contract/http';
import { actionOf, actionPermission } from '../../../resources/transitions';
import type { RoutePlugin } from '../../platform/http/app-types';
import { receiptNetworkOf } from '../../platform/partners/receipt-network';
import { rowSchema } from '../../resources/answers';
import {
  PinStatusSchema,
  StampCardSummarySchema,
  StampResultSchema,
} from '../../resources/answers-operations';
import { maskRow } from '../../resources/privacy';
import { declared } from '../../resources/registry';
import { Id, PHONE_PATTERN } from '../../resources/schemas';
import { operation } from '../access/operation';
import { rowRead } from '../access/row-read';
import { linkKeys } from '../pocket/links';
import { sendLink } from '../pocket/pocket';
import { issueMemberCard } from './issue-card';
import { programmeSummary } from './programme-summary';
import { prepareReceiptStamp, recordRefusedReceiptStamp, stampFromReceipt } from './receipt-stamp';
import { recordRefusedStamping, stampCardOnce } from './stamp';
import { pinStatus, setStorePin } from './store-pin';
import { voidStamping } from './void';

const Mobile = Type.String({ pattern: PHONE_PATTERN, maxLength: 16, description: 'E.164, e.g. +6591234567' });
const IdParams = Type.Object({ id: Id });
const Reason = Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' });
/** What staff type: 4 to 8 digits. */
export const PIN_PATTERN = '^[0-9]{4,8}$';

export const stampingRoutes: RoutePlugin = async (app) => {
  const base = BASE_PATHS.main;
  const programmes = declared('stampCard');
  const cards = declared('memberCards');
  const transactions = declared('stampsTransaction');
  const stores = declared('store');
  const keys = linkKeys(app.config);

  operation(app, {
    url: `${base}/stamp-cards/:id/member-cards`,
    summary: 'Issue a member card of a programme',
    description:
      'ACTIVE programme inside its dates (else 11), an ACTIVE store of its brand (6701), not sold out (6626), no AVAILABLE card of it held by the member (6623).',
    resource: cards,
    action: 'ADD',
    // the counter's work (issue 40 item 1): creating programmes is `stampCard`'s ADD, not this
    permission: COUNTER,
    roles: ['operator', 'merchant'],
    devices: true,
    params: IdParams,
    body: Type.Object({ memberMobile: Mobile, storeId: Id }, { additionalProperties: false }),
    answer: rowSchema(cards),
    run: async ({ tx, caller, params, body }) => {
      const card = await issueMemberCard(tx, caller, params.id, body);
      // the member gets their web card's link once the issue commits (issue 26)
      await sendLink(tx, keys, 'CARD', card.id);
      return maskRow(cards, caller, card);
    },
  });

  rowRead(app, {
    url: `${base}/stamp-cards/:id/summary`,
    resource: programmes,
    summary: "A programme's figures",
    answer: StampCardSummarySchema,
    forApiKeys: true,
    read: programmeSummary,
  });

  // who may stamp (the declared arrow, the counter's right, devices), and the checks a till may add:
  // shared by a stamping and a stamping from a receipt's QR
  const STAMPING_ACCESS = {
    resource: cards,
    action: 'UPDATE',
    permission: actionPermission(cards, actionOf(cards, 'stamp')),
    roles: actionOf(cards, 'stamp').roles,
    devices: true,
    params: IdParams,
  } as const;
  const STAMPING_CHECKS = {
    pin: Type.Optional(Type.String({ pattern: PIN_PATTERN })),
    expectedStamps: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  };

  operation(app, {
    url: `${base}/member-cards/:id/stamps`,
    summary: 'Stamp a member card at a store',
    description:
      'AVAILABLE card (6625); expectedStamps (6627); 1 to the per-stamping maximum, not past stampsRequired (6620); receipt new at the store (26630); PIN (6621, 6622). Completion issues the reward voucher (6629).',
    ...STAMPING_ACCESS,
    body: Type.Object(
      {
        stamps: Type.Integer({ minimum: -1000, maximum: 1000 }),
        storeId: Id,
        receiptNo: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^\\S(.*\\S)?$' })),
        ...STAMPING_CHECKS,
      },
      { additionalProperties: false },
    ),
    answer: StampResultSchema,
    run: ({ tx, caller, params, body }) => stampCardOnce(tx, caller, params.id, body),
    onRefused: ({ tx, caller, params, body, error }) =>
      recordRefusedStamping(tx, caller, params.id, body, error),
  });

  const receiptNetwork = receiptNetworkOf(app.config);
  operation(app, {
    url: `${base}/member-cards/:id/stamps/receipt`,
    summary: "Stamp a member card from a receipt's QR code",
    description:
      'The QR a till prints (`LRQ1|<storeId>|<receiptNo>|<amount>`; docs/api.md "Receipt QR"); not one: 2. The receipt network, when configured, vouches for it first (4200, 4206). Then one stamping at the receipt\'s store recording the receipt number and amount, `stamps` (default 1) as for any stamping (6620, 6625, 6627, 6621); a receipt already stamped at its store: 6750.',
    ...STAMPING_ACCESS,
    body: Type.Object(
      {
        qr: Type.String({ minLength: 1, maxLength: 200 }),
        stamps: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000 })),
        ...STAMPING_CHECKS,
      },
      { additionalProperties: false },
    ),
    answer: StampResultSchema,
    prepare: ({ body }) => prepareReceiptStamp(receiptNetwork, body),
    run: ({ tx, caller, params, body, prepared }) => stampFromReceipt(tx, caller, params.id, prepared, body),
    onRefused: ({ tx, caller, params, body, error }) =>
      recordRefusedReceiptStamp(tx, caller, params.id, body, error),
  });

  operation(app, {
    url: `${base}/stamps-transactions/:id/void`,
    summary: "Void a card's last stamping",
    description:
      "The card's last SUCCESS transaction (6628); a FAILED one 26624. Takes the stamps back, reopens a completed card, voids its AVAILABLE reward voucher (a redeemed one: 6805).",
    resource: transactions,
    action: 'UPDATE',
    // whoever corrects stampings; the counter's right only within COUNTER_VOID_MS (voidStamping)
    permission: [transactions.permission, COUNTER],
    roles: ['operator', 'merchant'],
    params: IdParams,
    body: Type.Object({ reason: Reason }, { additionalProperties: false }),
    answer: rowSchema(transactions),
    run: async ({ tx, caller, params, body }) =>
      maskRow(transactions, caller, await voidStamping(tx, caller, params.id, body)),
  });

  rowRead(app, {
    url: `${base}/stores/:id/pin`,
    resource: stores,
    summary: 'Whether the store has a stamping PIN, and its lockout',
    answer: PinStatusSchema,
    read: pinStatus,
  });

  operation(app, {
    url: `${base}/stores/:id/pin`,
    summary: "Set or reset the store's stamping PIN (never answered back)",
    resource: stores,
    action: 'UPDATE',
    roles: ['operator', 'merchant'],
    params: IdParams,
    body: Type.Object({ pin: Type.String({ pattern: PIN_PATTERN }) }, { additionalProperties: false }),
    answer: PinStatusSchema,
    run: ({ tx, caller, params, body }) => setStorePin(tx, caller, params.id, body.pin),
  });
};
