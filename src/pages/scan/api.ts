// What a scan at the counter looks up (issue 26 item 3, docs/api.md "The pocket card"): the code a
// card's or a voucher's QR carries, as typed or read, made canonical, then GET /codes/{code}: the
// card, else the voucher, among the rows the caller may see (issue 40 item 7: one answer, never a
// card's 404 in the console before a voucher is found). No look-up without the counter's VIEW and VIEW
// on either table (contract/access mayLookUpCodes).
import { type AccessSubject, canAccess, mayLookUpCodes } from '../../../contract/access';
import type { CodeLookup } from '../../../contract/pocket';
import { vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { pathId } from '../../components/operations/api';
import type { HttpClient } from '../../providers/httpClient';

/** What a code names: a member card, a voucher, or nothing the caller may see. */
export type Found = { kind: 'CARD'; id: number } | { kind: 'VOUCHER'; id: number } | { kind: 'NONE' };

/** Which look-ups the caller may make: the counter's, in member cards (stampCard) and in vouchers. */
export const lookupsOf = (subject: AccessSubject) => {
  const counter = mayLookUpCodes(subject);
  return {
    cards: counter && canAccess(subject, { action: 'VIEW', resource: memberCards.permission }),
    vouchers: counter && canAccess(subject, { action: 'VIEW', resource: vouchers.permission }),
  };
};

/** The card, else the voucher, that has `code` (already normalised): GET /codes/{code}, always 200. */
export const findByCode = async (
  http: HttpClient,
  code: string,
  may: { cards: boolean; vouchers: boolean },
): Promise<Found> => {
  if (!may.cards && !may.vouchers) return { kind: 'NONE' };
  const { data } = await http<CodeLookup>(`/codes/${pathId(code)}`);
  return data.kind === 'NONE' || data.id === null ? { kind: 'NONE' } : { kind: data.kind, id: data.id };
};
