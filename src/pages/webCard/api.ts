// A member card's or a voucher's web card as staff reach it (issue 26, docs/api.md "The pocket card"):
// its link (GET /member-cards/{id}/link, GET /vouchers/{id}/link), sending the link to the member
// (POST .../link/send) and revoking it for a new one (POST .../link/revoke). Who may, as the server
// decides (server/domains/pocket/pocket.routes.ts; docs/decisions.md "The pocket card"): VIEW on the row's permission
// to show the link, UPDATE to send it again or revoke it.
import { canAccess } from '../../../contract/access';
import type { PocketKind, PocketLink, PocketLinkSent } from '../../../contract/pocket';
import { vouchers } from '../../../resources';
import { memberCards } from '../../../resources/tables/memberCards';
import { pathId, postOperation } from '../../components/operations/api';
import { useCaller } from '../../components/useCaller';
import type { HttpClient } from '../../providers/httpClient';

/** The declared table behind each kind of web card. */
export const POCKET_TABLES = { CARD: memberCards, VOUCHER: vouchers } as const;

const linkPath = (kind: PocketKind, id: number | string) => `${POCKET_TABLES[kind].path}/${pathId(id)}/link`;

export const fetchLink = async (
  http: HttpClient,
  kind: PocketKind,
  id: number | string,
): Promise<PocketLink> => (await http<PocketLink>(linkPath(kind, id))).data;

export const sendLink = (
  http: HttpClient,
  kind: PocketKind,
  id: number | string,
  key: string,
): Promise<PocketLinkSent> => postOperation(http, `${linkPath(kind, id)}/send`, {}, key);

export const revokeLink = (
  http: HttpClient,
  kind: PocketKind,
  id: number | string,
  key: string,
): Promise<PocketLink> => postOperation(http, `${linkPath(kind, id)}/revoke`, {}, key);

export interface WebCardAccess {
  /** show the link (its QR and address): VIEW on the row */
  mayShow: boolean;
  /** send the link to the member again: UPDATE on the row */
  maySend: boolean;
  /** make the old link dead: UPDATE on the row */
  mayRevoke: boolean;
}

export const useWebCardAccess = (kind: PocketKind): WebCardAccess => {
  const { caller } = useCaller();
  if (!caller) return { mayShow: false, maySend: false, mayRevoke: false };
  const resource = POCKET_TABLES[kind].permission;
  const update = canAccess(caller.subject, { action: 'UPDATE', resource });
  return {
    mayShow: canAccess(caller.subject, { action: 'VIEW', resource }),
    maySend: update,
    mayRevoke: update,
  };
};
