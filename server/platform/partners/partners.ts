// The external systems a deployment may connect (spec 8's families; issue 42; docs/api.md "Partner
// systems"), each behind one adapter with a local stand-in, so the product runs without them and a
// deployment plugs a real one in by its URL:
// - the external stamp system (4000-4099): told every card issued, stamp given or voided and card
//   completed; asked before a programme is deleted whether it still uses it (4001) or holds its stamps
//   (4002);
// - the CRM (3000, 3001): told every card issued, stamp given and voucher redeemed; asked for a member's
//   record (3001: not in the CRM);
// - the gift provider (4300): told every voucher given to another member, to deliver the gift;
// - the gift card provider (4400): told every voucher's life (issued, redeemed, voided, expired).
// The receipt network (4200-4206) is receipt-network.ts. What a partner is told is the webhook payload
// of the event (contract/webhooks.ts), posted as JSON to <URL>/events after the operation commits, by
// the job runner (./feed.ts), retried; a partner that fails it
// answers its family's code, which the job's log keeps. Without a URL the stand-in is told nothing.
import type { ErrorName } from '../../../contract/errors';
import type { WebhookEventType, WebhookPayload } from '../../../contract/webhooks';
import type { Config } from '../config';
import { AppError } from '../errors';
import { PartnerTimeout, postJson } from './post-json';

export const PARTNER_NAMES = ['stampSystem', 'crm', 'giftProvider', 'giftCardProvider'] as const;
export type PartnerName = (typeof PARTNER_NAMES)[number];

/** What each partner is told, and the code its failures answer. */
export const PARTNER_FEEDS: Readonly<
  Record<PartnerName, { events: readonly WebhookEventType[]; failure: ErrorName }>
> = {
  stampSystem: {
    events: ['member_card.issued', 'stamp.given', 'stamp.voided', 'card.completed'],
    failure: 'EXTERNAL_STAMP_SYSTEM_FAILED',
  },
  crm: { events: ['member_card.issued', 'stamp.given', 'voucher.redeemed'], failure: 'CRM_FAILED' },
  giftProvider: { events: ['voucher.donated'], failure: 'GIFT_PROVIDER_FAILED' },
  giftCardProvider: {
    events: ['voucher.issued', 'voucher.redeemed', 'voucher.voided', 'voucher.expired'],
    failure: 'GIFT_CARD_PROVIDER_FAILED',
  },
};

/** A partner at its URL: `post` answers its JSON or throws the partner's family (the timeout's too). */
export interface Partner {
  name: PartnerName;
  url: string;
  post: (path: string, body: unknown) => Promise<unknown>;
}

const partnerAt = (name: PartnerName, url: string, timeoutMs: number): Partner => ({
  name,
  url,
  post: async (path, body) => {
    try {
      return await postJson(`${url.replace(/\/$/, '')}${path}`, body, timeoutMs);
    } catch (e) {
      const why = e instanceof PartnerTimeout ? `no answer within ${timeoutMs} ms` : (e as Error).message;
      throw new AppError(PARTNER_FEEDS[name].failure, [
        { field: name, message: `${name}: ${why}`.slice(0, 300) },
      ]);
    }
  },
});

/** The partners the configuration names (a missing one is its stand-in: nobody to tell). */
export type Partners = Partial<Record<PartnerName, Partner>>;

export const partnersOf = (
  config: Pick<
    Config,
    'stampSystemUrl' | 'crmUrl' | 'giftProviderUrl' | 'giftCardProviderUrl' | 'partnerTimeoutMs'
  >,
): Partners => {
  const urls: Record<PartnerName, string | undefined> = {
    stampSystem: config.stampSystemUrl,
    crm: config.crmUrl,
    giftProvider: config.giftProviderUrl,
    giftCardProvider: config.giftCardProviderUrl,
  };
  const out: Partners = {};
  for (const name of PARTNER_NAMES) {
    const url = urls[name];
    if (url) out[name] = partnerAt(name, url, config.partnerTimeoutMs);
  }
  return out;
};

/** Tells `partner` of an event (the job's work). */
export const tellPartner = async (partner: Partner, payload: WebhookPayload): Promise<void> => {
  await partner.post('/events', payload);
};

/**
 * Asks the stamp system whether a programme may go: answers, or throws 4001 (it uses the programme
 * elsewhere), 4002 (it holds stamps of it) or 4000 (no usable answer). No stamp system: it may.
 */
export const assertProgrammeRemovable = async (
  stampSystem: Partner | undefined,
  programme: { id: number; companyId: number },
): Promise<void> => {
  if (!stampSystem) return;
  const answer = (await stampSystem.post('/programmes/removable', {
    programmeId: programme.id,
    companyId: programme.companyId,
  })) as { removable?: unknown; reason?: unknown } | null;
  if (answer?.removable === true) return;
  const because = (name: ErrorName, message: string) =>
    new AppError(name, [{ field: 'id', message: `the external stamp system: ${message}` }]);
  if (answer?.reason === 'USED_ELSEWHERE')
    throw because('STAMP_SYSTEM_USED_ELSEWHERE', 'it uses this programme elsewhere');
  if (answer?.reason === 'STAMPS_REGISTERED')
    throw because('STAMP_SYSTEM_STAMPS_REGISTERED', 'it holds stamps of this programme');
  throw because('EXTERNAL_STAMP_SYSTEM_FAILED', 'it answered neither removable nor why not');
};

/** A member's record in the CRM: its answer, or 3001 when it does not know the member, 3000 when it fails. */
export const crmMember = async (crm: Partner, memberMobile: string): Promise<Record<string, unknown>> => {
  const answer = (await crm.post('/members/find', { memberMobile })) as {
    found?: unknown;
    member?: unknown;
  } | null;
  if (answer?.found === false)
    throw new AppError('CRM_MEMBER_NOT_FOUND', [
      { field: 'memberMobile', message: 'the CRM has no record of this member' },
    ]);
  if (answer?.found === true && typeof answer.member === 'object' && answer.member !== null)
    return answer.member as Record<string, unknown>;
  throw new AppError('CRM_FAILED', [{ field: 'crm', message: 'crm: answered neither found nor not found' }]);
};
