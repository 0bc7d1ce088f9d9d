import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiErrorLines } from './apiError';
import { Notice } from './Notice';

/**
 * Returns `notifyError(error, title?, labelOf?)`: a red notice with the error's message, `code · rid4`
 * and name (code 2 also lists each field, named by `labelOf`, with its violation text).
 */
export const useApiErrorNotify = () => {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback(
    (error: unknown, title?: string, labelOf?: (field: string) => string) => {
      // a keyed field error (contract/validation.ts) in the user's language, else the server's words
      const lines = apiErrorLines(error, translate('common.notice.unknown_error'), labelOf, (v) =>
        v.key ? translate(v.key, { ...v.params, _: v.message }) : v.message,
      );
      notify(<Notice title={title} lines={lines} />, { type: 'error' });
    },
    [notify, translate],
  );
};
