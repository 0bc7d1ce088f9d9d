// Spec routes whose screen is another one (docs/decisions.md "Routes that lead elsewhere"):
// /transaction is the Transaction group's own route and opens its one list; /product/edit is the
// product editor, react-admin's edit form of `?id=` or the create form; /api-keys is Access > API Keys.
import { Navigate, useLocation } from 'react-router-dom';

/** /transaction: the Transaction group's one list. */
export const TransactionRedirect = () => <Navigate to="/transaction/payment-history" replace />;

/** /api-keys, the name issue 27 gives the page: it lives under Access with the rest of access. */
export const ApiKeysRedirect = () => <Navigate to="/access/api-keys" replace />;

/** /product/edit[?id=N]: the product's edit form, or a new product's. */
export const ProductEditRedirect = () => {
  const id = new URLSearchParams(useLocation().search).get('id');
  const valid = id !== null && /^[1-9]\d*$/.test(id);
  return <Navigate to={valid ? `/products/${id}` : '/products/create'} replace />;
};
