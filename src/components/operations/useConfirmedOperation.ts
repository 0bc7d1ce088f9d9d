// Confirm-then-act: the spec's 'Confirm to {action} - {item}?' asks, the call goes out with an
// Idempotency-Key, the 'Hint' / 'Error' notice reports it, and a refusal is kept for the form to show.
import { useCallback, useState } from 'react';
import { useConfirmAction } from '../ConfirmActionDialog';
import { useIdempotentSend } from './api';
import { failureOf, type OperationFailure } from './failure';

export type OperationOutcome<T> =
  | { status: 'success'; result: T }
  | { status: 'failed'; failure: OperationFailure }
  | { status: 'cancelled' };

export interface OperationRequest<T> {
  /** the spec's {action} and {item}, already translated */
  action: string;
  item: string;
  /** what the call is, for telling one request from another (path and body) */
  request: string;
  send: (idempotencyKey: string) => Promise<T>;
  /** the operation's own dialog was the confirmation: do not ask again (see ConfirmOptions) */
  alreadyConfirmed?: boolean;
  /** a line under the question, when there is something to weigh (e.g. a card stamped a minute ago) */
  detail?: string;
}

export type RunOperation = <T>(request: OperationRequest<T>) => Promise<OperationOutcome<T>>;

/**
 * `run(...)` asks to confirm, sends, notifies, and keeps the failure (`failure`) for the form to show.
 * Render `confirmDialog` next to the form.
 */
export const useConfirmedOperation = () => {
  const { confirm, confirmDialog } = useConfirmAction();
  const sendOnce = useIdempotentSend();
  const [failure, setFailure] = useState<OperationFailure | null>(null);

  const run: RunOperation = useCallback(
    async <T>({
      action,
      item,
      request,
      send,
      alreadyConfirmed,
      detail,
    }: OperationRequest<T>): Promise<OperationOutcome<T>> => {
      const outcome = await confirm({
        action,
        item,
        alreadyConfirmed,
        detail,
        run: () => sendOnce(request, send),
      });
      if (outcome.status === 'failed') {
        const failed = failureOf(outcome.error);
        setFailure(failed);
        return { status: 'failed', failure: failed };
      }
      if (outcome.status === 'success') setFailure(null);
      return outcome;
    },
    [confirm, sendOnce],
  );
  const clearFailure = useCallback(() => setFailure(null), []);
  return { run, failure, clearFailure, confirmDialog };
};
