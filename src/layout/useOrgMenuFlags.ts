// The merchant menu's organisation flags (spec section 6: the Organization > Settings link goes once
// both a company and a brand exist). A company owner's account carries companyId but no brandId (the
// brands belong to the company, not to the owner), so "has a brand" asks the server whether the
// company has at least one brand: the merchant's brand list, which the server scopes to their company.
import { useGetList } from 'react-admin';
import type { MenuInput } from './menuFor';
import type { Session } from './startup';

/** `mayListBrands`: the caller may view brands (a colleague without it is never sent a 403). */
export const useOrgMenuFlags = (
  session: Session,
  mayListBrands = true,
): Pick<MenuInput, 'hasCompany' | 'hasBrand'> => {
  const user = session.status === 'user' ? session.user : null;
  const hasCompany = Boolean(user?.companyId);
  const limitedToBrand = Boolean(user?.brandId);
  // Only an approved merchant with a company and no brand of their own needs the look-up.
  const ask =
    session.status === 'user' &&
    session.role === 'merchant' &&
    hasCompany &&
    !limitedToBrand &&
    mayListBrands &&
    session.user.signupState === 'APPROVAL';
  const { data } = useGetList(
    'brand',
    { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: ask, retry: false, staleTime: 60_000 },
  );
  return { hasCompany, hasBrand: limitedToBrand || (ask && (data?.length ?? 0) > 0) };
};
