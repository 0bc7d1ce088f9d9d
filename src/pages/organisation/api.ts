// The organisation calls of docs/api.md ("Organisation, signup approval and audit"): the hierarchy
// (company > brands > stores) and the merchant's requests for a new brand or store, which an
// operator approves at /approve/merchant-signup.
import { useCallback, useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { canAccess } from '../../../contract/access';
import type { OrgState } from '../../../contract/enums';
import { useHttpClient } from '../../components/HttpClientContext';
import { type Loadable, loadInto } from '../../components/operations/useLoadable';
import { useCaller } from '../../components/useCaller';
import type { HttpClient } from '../../providers/httpClient';

export const HIERARCHY_PATH = '/organization/hierarchy';
export const BRAND_REQUESTS_PATH = '/organization/brand-requests';
export const STORE_REQUESTS_PATH = '/organization/store-requests';

export interface OrgCompany {
  id: number;
  name: string;
  state: OrgState;
  registrationNo?: string | null;
  contactEmail?: string | null;
  address?: string | null;
}

export interface OrgStore {
  id: number;
  companyId: number;
  brandId: number;
  name: string;
  state: OrgState;
  address?: string | null;
  postalCode?: string | null;
  code?: string | null;
}

export interface OrgBrand {
  id: number;
  companyId: number;
  name: string;
  state: OrgState;
  description?: string | null;
  website?: string | null;
  stores: OrgStore[];
}

export interface Hierarchy {
  company: OrgCompany;
  brands: OrgBrand[];
}

/** POST /organization/brand-requests */
export interface BrandRequestBody {
  name: string;
  description?: string;
  website?: string;
}

/** POST /organization/store-requests */
export interface StoreRequestBody {
  brandId: number;
  name: string;
  address: string;
  postalCode?: string;
  latitude?: number;
  longitude?: number;
  phone?: string;
  openingHours?: string;
}

/** What both request calls answer: the request filed and the new row (state SUBMITTED). */
export interface RequestResult<T> {
  request: { id: number; requestKind: string; approval: string };
  row: T;
}

export const fetchHierarchy = async (http: HttpClient, companyId?: number): Promise<Hierarchy> =>
  (await http<Hierarchy>(HIERARCHY_PATH, companyId === undefined ? {} : { query: { companyId } })).data;

export const requestBrand = async (
  http: HttpClient,
  body: BrandRequestBody,
): Promise<RequestResult<Omit<OrgBrand, 'stores'>>> =>
  (await http<RequestResult<Omit<OrgBrand, 'stores'>>>(BRAND_REQUESTS_PATH, { method: 'POST', body })).data;

export const requestStore = async (
  http: HttpClient,
  body: StoreRequestBody,
): Promise<RequestResult<OrgStore>> =>
  (await http<RequestResult<OrgStore>>(STORE_REQUESTS_PATH, { method: 'POST', body })).data;

export type HierarchyState = Loadable<Hierarchy>;

/**
 * The hierarchy of the merchant's own company (`companyId` undefined) or of the operator's chosen
 * one; `enabled: false` loads nothing (an operator who has not chosen yet). `update` changes the
 * loaded tree in place (a new node after a request) without a round trip.
 */
export const useHierarchy = (companyId: number | undefined, enabled: boolean) => {
  const http = useHttpClient();
  const [state, setState] = useState<HierarchyState>({ status: enabled ? 'loading' : 'idle' });
  const [tick, setTick] = useState(0);

  useEffect(() => {
    // tick is a reload request: read it so the effect runs again when it changes
    void tick;
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    return loadInto(setState, () => fetchHierarchy(http, companyId), { keepShown: false });
  }, [http, companyId, enabled, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const update = useCallback(
    (change: (data: Hierarchy) => Hierarchy) =>
      setState((s) => (s.status === 'ready' ? { status: 'ready', data: change(s.data) } : s)),
    [],
  );
  return { state, reload, update };
};

/**
 * May the signed-in merchant ask for a new brand or store? The request calls need ADD on the
 * resource in the permission rule (not the declaration's roles: its ADD is the operator's direct
 * create), and they are the merchant's only.
 */
export const useMayRequest = (resource: 'brand' | 'store'): boolean => {
  const { caller } = useCaller();
  const { identity } = useGetIdentity();
  if (!caller || caller.isOperator) return false;
  // someone limited to one brand works inside it: new brands are the company's business (server: 26237)
  if (resource === 'brand' && typeof identity?.brandId === 'number') return false;
  return canAccess(caller.subject, { action: 'ADD', resource });
};
