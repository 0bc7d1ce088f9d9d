// What a scan at the counter looks up (issue 26 item 3, docs/api.md "The pocket card"): the code a
// card's or a voucher's QR carries, as typed or read, made canonical, then GET
// /member-cards/by-code/{code} and, when no card has it, GET /vouchers/by-code/{code}. Each look-up is
// made only when the caller may VIEW that table (a 404 there says nothing, a 403 would be noise).
import { type AccessSubject, canAccess } from '../../../contract/access';
import { vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { apiErrorStatus } from '../../components/apiError';
import { pathId } from '../../components/operations/api';
import type { HttpClient } from '../../providers/httpClient';

/** What a code names: a member card, a voucher, or nothing the caller may see. */
export type Found = { kind: 'CARD'; id: number } | { kind: 'VOUCHER'; id: number } | { kind: 'NONE' };

/** Which look-ups the caller may make: VIEW on member cards (stampCard) and on vouchers. */
export const lookupsOf = (subject: AccessSubject) => ({
  cards: canAccess(subject, { action: 'VIEW', resource: memberCards.permission }),
  vouchers: canAccess(subject, { action: 'VIEW', resource: vouchers.permission }),
});

/** The row's id, or null when the server answers 404 (no such code in the caller's rows). */
const rowByCode = async (http: HttpClient, path: string, code: string): Promise<number | null> => {
  try {
    const { data } = await http<{ id: number }>(`${path}/by-code/${pathId(code)}`);
    return data.id;
  } catch (error) {
    if (apiErrorStatus(error) === 404) return null;
    throw error;
  }
};

/** The card, else the voucher, that has `code` (already normalised). */
export const findByCode = async (
  http: HttpClient,
  code: string,
  may: { cards: boolean; vouchers: boolean },
): Promise<Found> => {
  if (may.cards) {
    const id = await rowByCode(http, memberCards.path, code);
    if (id !== null) return { kind: 'CARD', id };
  }
  if (may.vouchers) {
    const id = await rowByCode(http, vouchers.path, code);
    if (id !== null) return { kind: 'VOUCHER', id };
  }
  return { kind: 'NONE' };
};
