// The write bench's SQL floor: each operation's essential statements, as its service sends them, in ONE
// transaction, one round trip per statement with parameters (as drizzle does), straight through
// node-postgres on PostgreSQL and straight through PGlite's own query on the embedded database (it
// lives in the server's process: tests/bench/write-serve.ts runs this there).
//
// Included, per operation (BEGIN and COMMIT around each):
//   stamp (POST /member-cards/{id}/stamps, server/domains/stamping/stamp.ts stampCardOnce), 8 statements:
//     select member_cards … for update (the card, in the caller's company); select stamp_card (the
//     programme); select store (brand, state); select stamps_transaction (the receipt number unused
//     at the store); insert stamps_transaction … returning; update member_cards (stamps, state);
//     insert stamping_history; insert idempotency_keys (the stored answer)
//   void (POST /stamps-transactions/{id}/void, server/domains/stamping/void.ts voidStamping), 8 statements:
//     select stamps_transaction … for update (the stamping, in the caller's company); select
//     member_cards … for update (its card); select stamps_transaction (the card's last SUCCESS one);
//     update member_cards (stamps back, a completed card reopened); update stamps_transaction (VOIDED,
//     reason, when, by whom) returning; insert stamping_history (the stamps taken back); insert
//     audit_log; insert idempotency_keys
//   issueCard (POST /stamp-cards/{id}/member-cards, issueMemberCard + debitWallet + sendLink), 17 statements:
//     select stamp_card … for update; select store; select member_cards (no AVAILABLE card held);
//     insert members on conflict do nothing; insert member_cards … returning; select account (the
//     wallet); update account balance - price where balance >= price returning; insert
//     wallet_transactions; update stamp_card issued_count + 1; the pocket link (6, below); insert
//     audit_log; insert idempotency_keys
//   issueVouchers (POST /voucher-packs/{id}/vouchers, quantity 1, issueVouchers), 17 statements:
//     select voucher_packs … for update; select count(*) vouchers (the member's limit); select account;
//     update account (debit) returning; insert wallet_transactions; insert members on conflict do
//     nothing; insert vouchers … returning; insert voucher_history; the pocket link (6, below); update
//     voucher_packs issued_count + 1 returning; insert audit_log; insert idempotency_keys
//   redeem (POST /vouchers/{id}/redeem, redeemVoucher), 6 statements:
//     select vouchers … for update; select store; update vouchers (REDEEMED) returning; insert
//     voucher_history; insert audit_log; insert idempotency_keys
//   topUp (POST /wallet/top-ups FREE, payments.ts topUp + creditWallet), 7 statements:
//     select company join country_config (free top-ups allowed); select account; insert payments …
//     returning; update account balance + amount returning; insert wallet_transactions … returning;
//     insert audit_log; insert idempotency_keys
//   join (POST /public/join/confirm {mobile, code}, server/domains/join/join.ts confirmJoin: the
//     confirm's one transaction, which issues the card by issueMemberCard for the poster's store), 21
//     statements: select join_codes … for update (the number's code); delete join_codes (spent); select
//     member_cards (no AVAILABLE card held: the member's link back); select store (its brand); then
//     issueCard's, without the idempotency_keys insert (a public call has no Idempotency-Key) and
//     audited as the poster (actor 0): select stamp_card … for update; select store; select
//     member_cards; insert members; insert member_cards … returning; select account; update account
//     (debit) returning; insert wallet_transactions; update stamp_card issued_count + 1; the pocket
//     link (6); insert audit_log; and select pocket_links (the link answered). The start (POST
//     /public/join/{storeId}/{programmeId}: the code and its SMS) is set-up on both sides, outside
//     the timing: the app's timed call is the confirm alone, as the floor's is its transaction
//   the pocket link (issueCard, issueVouchers, join: server/domains/pocket/pocket.ts sendLink), 6
//     statements: insert pocket_links on conflict do nothing (the row's link, made at birth); select
//     the row join brand; select pocket_links (its generation); select member_push_tokens; insert
//     member_messages … returning; insert jobs (send-member-message)
// Left out: what the framework does around the service (the session's user and permissions lookups,
// the Idempotency-Key lookup before the transaction and its delete-before-insert; for join, the
// per-IP and per-number throttles' counters and the code's HMAC), the reward voucher a completing stamp
// issues and a void withdraws (the floor only marks the card completed and reopens it), the event
// reactions but the pocket link (the member's standing, the web card's pass), the webhook
// subscriptions' lookups, and the rules' refusals (the floor's rows never break them). The floor works
// on rows of its own companies, never the app's.
import { JOIN_ACTOR_EMAIL } from '../../server/domains/join/join';
import { newCode } from '../../server/domains/vouchers/vouchers';

export type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
/** Runs `fn` in one transaction (BEGIN … COMMIT, ROLLBACK on a throw). */
export type InTransaction = <T>(fn: (q: Query) => Promise<T>) => Promise<T>;

/** What every call names: the caller's company (its scope), the caller (the stored answer's owner). */
interface Common {
  companyId: number;
  userId: number;
  email: string;
  /** the Idempotency-Key */
  key: string;
}
export interface StampArg extends Common {
  cardId: number;
  storeId: number;
  receiptNo: string;
}
export interface VoidArg extends Common {
  /** the stamps transaction: its card's last SUCCESS one */
  txnId: number;
  reason: string;
}
export interface IssueCardArg extends Common {
  programmeId: number;
  storeId: number;
  mobile: string;
}
export interface IssueVouchersArg extends Common {
  packId: number;
  mobile: string;
}
export interface RedeemArg extends Common {
  voucherId: number;
  storeId: number;
}
export interface TopUpArg extends Common {
  amount: number;
}
/**
 * A poster sign-up's confirm of the number whose code the start left (the floor reads the poster's
 * store and programme from the code's row; `key`, `userId`, `email` unused: a public call).
 */
export interface JoinArg extends Common {
  mobile: string;
  /** the SMS's code (the app checks it; the floor leaves the HMAC out) */
  code: string;
  /** the member's client address (X-Forwarded-For), one per join: the app's per-IP limit */
  ip: string;
  programmeId: number;
  storeId: number;
}
export interface OpArgs {
  stamp: StampArg;
  void: VoidArg;
  issueCard: IssueCardArg;
  issueVouchers: IssueVouchersArg;
  redeem: RedeemArg;
  topUp: TopUpArg;
  join: JoinArg;
}
export type Op = keyof OpArgs;
export const OPS: readonly Op[] = ['stamp', 'void', 'issueCard', 'issueVouchers', 'redeem', 'topUp', 'join'];

/** Statements per call of each floor, BEGIN and COMMIT included. */
export const FLOOR_STATEMENTS: Record<Op, number> = {
  stamp: 10,
  void: 10,
  issueCard: 19,
  issueVouchers: 19,
  redeem: 8,
  topUp: 9,
  join: 23,
};

const one = async (q: Query, text: string, params: unknown[], what: string) => {
  const row = (await q(text, params)).rows[0];
  if (!row) throw new Error(`floor: ${what}: no row`);
  return row;
};

/** The row `id` of the caller's company in `table` (one of ours, never request text), locked. */
const lockOwn = (
  q: Query,
  table: 'member_cards' | 'stamp_card' | 'voucher_packs' | 'vouchers' | 'stamps_transaction',
  id: number,
  companyId: number,
) => one(q, `select * from ${table} where id = $1 and company_id = $2 for update`, [id, companyId], table);

const storeAnswer = (q: Query, a: Common, path: string, answer: unknown) =>
  q('insert into idempotency_keys (user_id, key, request, status, body) values ($1, $2, $3, 200, $4)', [
    a.userId,
    a.key,
    `POST ${path} floor`,
    JSON.stringify({ type: 'CR', code: 0, data: answer }),
  ]);

const audit = (q: Query, a: Common, action: string, resource: string, recordId: unknown, after: unknown) =>
  q(
    `insert into audit_log (actor_id, actor_email, action, resource, record_id, company_id, after)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [a.userId, a.email, action, resource, String(recordId), a.companyId, JSON.stringify(after)],
  );

/**
 * What an issue adds for the member's pocket (issue 26): the row's web card link, made at birth, and
 * the message that hands it to the member (server/domains/pocket/pocket.ts sendLink, member-messages.ts).
 */
const pocketLink = async (
  q: Query,
  kind: 'CARD' | 'VOUCHER',
  table: 'member_cards' | 'vouchers',
  row: Record<string, unknown>,
  mobile: string,
) => {
  await q(
    'insert into pocket_links (kind, record_id, company_id) values ($1, $2, $3) on conflict do nothing',
    [kind, row.id, row.company_id],
  );
  await one(
    q,
    `select t.member_mobile, t.company_id, b.name from ${table} t join brand b on b.id = t.brand_id where t.id = $1`,
    [row.id],
    'link row',
  );
  await one(
    q,
    'select generation from pocket_links where kind = $1 and record_id = $2',
    [kind, row.id],
    'link',
  );
  await q('select id from member_push_tokens where member_mobile = $1 limit 1', [mobile]);
  const message = await one(
    q,
    `insert into member_messages (company_id, member_mobile, kind, channel, body, url)
     values ($1, $2, $3, 'SMS', 'floor', 'floor') returning id`,
    [row.company_id, mobile, `${kind}_LINK`],
    'message',
  );
  await q(`insert into jobs (name, payload, max_attempts) values ('send-member-message', $1, 10)`, [
    JSON.stringify({ messageId: message.id }),
  ]);
};

const walletRow = (q: Query, companyId: number) =>
  one(q, 'select id, balance, currency from account where company_id = $1 limit 1', [companyId], 'wallet');

const debit = async (q: Query, companyId: number, amount: string) => {
  const wallet = await walletRow(q, companyId);
  const after = await one(
    q,
    'update account set balance = balance - $2::numeric where id = $1 and balance >= $2::numeric returning balance::text as balance',
    [wallet.id, amount],
    'debit (balance too low)',
  );
  return { accountId: wallet.id, balance: after.balance };
};

const ledger = (
  q: Query,
  companyId: number,
  accountId: unknown,
  type: string,
  amount: string,
  balanceAfter: unknown,
  reference: string,
  refs: { paymentId?: unknown; memberCardId?: unknown; voucherPackId?: unknown },
) =>
  q(
    `insert into wallet_transactions
       (company_id, account_id, type, amount, balance_after, reference, payment_id, member_card_id, voucher_pack_id)
     values ($1, $2, $3, $4::numeric, $5::numeric, $6, $7, $8, $9) returning *`,
    [
      companyId,
      accountId,
      type,
      amount,
      balanceAfter,
      reference,
      refs.paymentId ?? null,
      refs.memberCardId ?? null,
      refs.voucherPackId ?? null,
    ],
  );

/**
 * issueMemberCard + debitWallet + sendLink: the card of programme `a.programmeId` for `a.mobile` at
 * `a.storeId`, paid by the caller's company's wallet, audited as `auditAs`.
 */
const issueCardRows = async (
  q: Query,
  a: Pick<IssueCardArg, 'companyId' | 'programmeId' | 'storeId' | 'mobile'>,
  auditAs: Common,
) => {
  const programme = await lockOwn(q, 'stamp_card', a.programmeId, a.companyId);
  await one(q, 'select brand_id, state from store where id = $1', [a.storeId], 'store');
  await q(
    'select id from member_cards where stamp_card_id = $1 and member_mobile = $2 and state = 0 limit 1',
    [programme.id, a.mobile],
  );
  await q('insert into members (mobile) values ($1) on conflict do nothing', [a.mobile]);
  const card = await one(
    q,
    `insert into member_cards (company_id, brand_id, stamp_card_id, member_mobile, store_id, price, code,
       stamps_required, max_stamps_per_transaction, max_stamps_per_member_per_day, min_minutes_between_stamps,
       reward_voucher_pack_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning *`,
    [
      programme.company_id,
      programme.brand_id,
      programme.id,
      a.mobile,
      a.storeId,
      programme.price,
      newCode(),
      programme.stamps_required,
      programme.max_stamps_per_transaction,
      programme.max_stamps_per_member_per_day,
      programme.min_minutes_between_stamps,
      programme.reward_voucher_pack_id,
    ],
    'card',
  );
  const price = Number(programme.price).toFixed(2);
  const wallet = await debit(q, a.companyId, price);
  await ledger(
    q,
    a.companyId,
    wallet.accountId,
    'STAMP_CARD_TXN',
    `-${price}`,
    wallet.balance,
    'Member card',
    {
      memberCardId: card.id,
    },
  );
  await q('update stamp_card set issued_count = issued_count + 1 where id = $1', [programme.id]);
  await pocketLink(q, 'CARD', 'member_cards', card, a.mobile);
  await audit(q, auditAs, 'issue', 'memberCards', card.id, card);
  return card;
};

export const FLOORS: { [K in Op]: (q: Query, a: OpArgs[K]) => Promise<unknown> } = {
  stamp: async (q, a) => {
    const card = await lockOwn(q, 'member_cards', a.cardId, a.companyId);
    // the programme's dates (the card keeps its own terms: stamps required, limits, reward)
    await one(q, 'select * from stamp_card where id = $1', [card.stamp_card_id], 'programme');
    await one(q, 'select brand_id, state from store where id = $1', [a.storeId], 'store');
    await q(
      `select id from stamps_transaction where store_id = $1 and receipt_no = $2 and result in ('SUCCESS', 'VOIDED') limit 1`,
      [a.storeId, a.receiptNo],
    );
    const stampsAfter = Number(card.stamps) + 1;
    const state = stampsAfter === Number(card.stamps_required) ? 1 : 0;
    const txn = await one(
      q,
      `insert into stamps_transaction
         (company_id, brand_id, stamp_card_id, member_card_id, member_mobile, type, result, stamps,
          stamps_after, member_card_state, receipt_no, store_id, at)
       values ($1, $2, $3, $4, $5, 'STAMP_CARD_TXN', 'SUCCESS', 1, $6, $7, $8, $9, now()) returning *`,
      [
        card.company_id,
        card.brand_id,
        card.stamp_card_id,
        card.id,
        card.member_mobile,
        stampsAfter,
        state,
        a.receiptNo,
        a.storeId,
      ],
      'transaction',
    );
    await q('update member_cards set stamps = $2, state = $3 where id = $1', [card.id, stampsAfter, state]);
    await q(
      `insert into stamping_history
         (company_id, brand_id, stamp_card_id, member_card_id, transaction_id, member_mobile, stamps_delta,
          stamps_after, member_card_state, store_id, at)
       values ($1, $2, $3, $4, $5, $6, 1, $7, $8, $9, now())`,
      [
        card.company_id,
        card.brand_id,
        card.stamp_card_id,
        card.id,
        txn.id,
        card.member_mobile,
        stampsAfter,
        state,
        a.storeId,
      ],
    );
    await storeAnswer(q, a, `/member-cards/${a.cardId}/stamps`, txn);
    return txn.id;
  },

  void: async (q, a) => {
    const txn = await lockOwn(q, 'stamps_transaction', a.txnId, a.companyId);
    const card = await lockOwn(q, 'member_cards', Number(txn.member_card_id), a.companyId);
    const last = await one(
      q,
      `select id from stamps_transaction where member_card_id = $1 and result = 'SUCCESS' order by id desc limit 1`,
      [card.id],
      'last stamping',
    );
    if (last.id !== txn.id) throw new Error(`floor: void: ${txn.id} is not the card's last stamping`);
    const reopens = Number(card.state) === 1;
    const stampsAfter = Number(card.stamps) - Number(txn.stamps);
    const state = reopens ? 0 : Number(card.state);
    await q(
      reopens
        ? 'update member_cards set stamps = $2, state = $3, completed_at = null, reward_voucher_id = null where id = $1'
        : 'update member_cards set stamps = $2, state = $3 where id = $1',
      [card.id, stampsAfter, state],
    );
    const after = await one(
      q,
      `update stamps_transaction set result = 'VOIDED', void_reason = $2, voided_at = now(), voided_by = $3
       where id = $1 returning *`,
      [txn.id, a.reason, a.userId],
      'transaction after',
    );
    await q(
      `insert into stamping_history
         (company_id, brand_id, stamp_card_id, member_card_id, transaction_id, member_mobile, stamps_delta,
          stamps_after, member_card_state, store_id, at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())`,
      [
        card.company_id,
        card.brand_id,
        card.stamp_card_id,
        card.id,
        txn.id,
        card.member_mobile,
        -Number(txn.stamps),
        stampsAfter,
        state,
        txn.store_id,
      ],
    );
    await audit(q, a, 'void', 'stampsTransaction', txn.id, {
      result: 'VOIDED',
      reason: a.reason,
      cardStamps: stampsAfter,
      cardState: state,
    });
    await storeAnswer(q, a, `/stamps-transactions/${a.txnId}/void`, after);
    return txn.id;
  },

  issueCard: async (q, a) => {
    const card = await issueCardRows(q, a, a);
    await storeAnswer(q, a, `/stamp-cards/${a.programmeId}/member-cards`, card);
    return card.id;
  },

  issueVouchers: async (q, a) => {
    const pack = await lockOwn(q, 'voucher_packs', a.packId, a.companyId);
    await q('select count(*) from vouchers where voucher_pack_id = $1 and issued_to_mobile = $2', [
      pack.id,
      a.mobile,
    ]);
    const price = Number(pack.price).toFixed(2);
    const wallet = await debit(q, a.companyId, price);
    await ledger(q, a.companyId, wallet.accountId, 'VOUCHER_TXN', `-${price}`, wallet.balance, '1 × pack', {
      voucherPackId: pack.id,
    });
    await q('insert into members (mobile) values ($1) on conflict do nothing', [a.mobile]);
    const voucher = await one(
      q,
      `insert into vouchers
         (company_id, brand_id, code, title, voucher_pack_id, member_mobile, issued_to_mobile, value, state,
          valid_from, valid_until)
       values ($1, $2, $3, $4, $5, $6, $6, $7, 'AVAILABLE', current_date, current_date + $8::int) returning *`,
      [
        pack.company_id,
        pack.brand_id,
        newCode(),
        pack.title,
        pack.id,
        a.mobile,
        pack.voucher_value,
        Number(pack.voucher_validity_days) - 1,
      ],
      'voucher',
    );
    await q(
      `insert into voucher_history (company_id, brand_id, voucher_id, action, member_mobile, at)
       values ($1, $2, $3, 'ISSUED', $4, now())`,
      [voucher.company_id, voucher.brand_id, voucher.id, a.mobile],
    );
    await pocketLink(q, 'VOUCHER', 'vouchers', voucher, a.mobile);
    const after = await one(
      q,
      'update voucher_packs set issued_count = issued_count + 1 where id = $1 returning *',
      [pack.id],
      'pack after',
    );
    await audit(q, a, 'issue', 'voucherPacks', pack.id, {
      issuedCount: after.issued_count,
      voucherIds: [voucher.id],
    });
    await storeAnswer(q, a, `/voucher-packs/${a.packId}/vouchers`, { pack: after, vouchers: [voucher] });
    return voucher.id;
  },

  redeem: async (q, a) => {
    const voucher = await lockOwn(q, 'vouchers', a.voucherId, a.companyId);
    await one(q, 'select id, brand_id, company_id, state from store where id = $1', [a.storeId], 'store');
    const after = await one(
      q,
      `update vouchers set state = 'REDEEMED', redeemed_at = now(), redeemed_store_id = $2 where id = $1 returning *`,
      [a.voucherId, a.storeId],
      'voucher after',
    );
    await q(
      `insert into voucher_history (company_id, brand_id, voucher_id, action, member_mobile, store_id, at)
       values ($1, $2, $3, 'REDEEMED', $4, $5, now())`,
      [voucher.company_id, voucher.brand_id, voucher.id, voucher.member_mobile, a.storeId],
    );
    await audit(q, a, 'redeem', 'vouchers', voucher.id, after);
    await storeAnswer(q, a, `/vouchers/${a.voucherId}/redeem`, after);
    return voucher.id;
  },

  topUp: async (q, a) => {
    await one(
      q,
      `select c.country, cc.currency, cc.free_top_up from company c
       left join country_config cc on cc.country = coalesce(c.country, 'sg') where c.id = $1 limit 1`,
      [a.companyId],
      'company',
    );
    const wallet = await walletRow(q, a.companyId);
    const amount = a.amount.toFixed(2);
    const payment = await one(
      q,
      `insert into payments (company_id, amount, currency, payment_method, state, created_by, completed_at)
       values ($1, $2::numeric, $3, 'FREE', 'SUCCEEDED', $4, now()) returning *`,
      [a.companyId, amount, wallet.currency, a.userId],
      'payment',
    );
    const after = await one(
      q,
      'update account set balance = balance + $2::numeric, last_top_up_at = now() where id = $1 returning balance::text as balance',
      [wallet.id, amount],
      'credit',
    );
    await ledger(q, a.companyId, wallet.id, 'TOP_UP_TXN', amount, after.balance, 'Top-up (FREE)', {
      paymentId: payment.id,
    });
    await audit(q, a, 'top-up', 'payments', payment.id, { amount, paymentMethod: 'FREE' });
    await storeAnswer(q, a, '/wallet/top-ups', { id: payment.id, balance: after.balance });
    return payment.id;
  },

  join: async (q, a) => {
    const code = await one(
      q,
      'select * from join_codes where mobile = $1 for update',
      [a.mobile],
      'join code (no start)',
    );
    await q('delete from join_codes where id = $1', [code.id]);
    await q(
      'select id from member_cards where stamp_card_id = $1 and member_mobile = $2 and state = 0 limit 1',
      [code.programme_id, a.mobile],
    );
    await one(q, 'select brand_id from store where id = $1', [code.store_id], 'store');
    const card = await issueCardRows(
      q,
      {
        companyId: Number(code.company_id),
        programmeId: Number(code.programme_id),
        storeId: Number(code.store_id),
        mobile: a.mobile,
      },
      { ...a, userId: 0, email: JOIN_ACTOR_EMAIL },
    );
    await one(
      q,
      'select generation from pocket_links where kind = $1 and record_id = $2',
      ['CARD', card.id],
      'link answered',
    );
    return card.id;
  },
};
