import { useEffect } from 'react';
import { useNavigate } from 'react-admin';

export const APPROVE_LANDING = '/approve/merchant-signup';

/** /approve, the Approve List group's own route: its one list, the merchant signup queue. */
export const ApproveRedirect = () => {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(APPROVE_LANDING, { replace: true });
  }, [navigate]);
  return null;
};
