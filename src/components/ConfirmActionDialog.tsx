import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apiErrorLines } from './apiError';
import { Notice } from './Notice';

export const DEFAULT_CONFIRM_ACTION = 'Create';
export const DEFAULT_CONFIRM_ITEM = 'product';

export interface ConfirmActionDialogProps {
  open: boolean;
  action?: string;
  item?: string;
  /** what confirming will do, under the question (e.g. "The till stops working at once.") */
  detail?: string;
  /** an action that cannot be undone: the Confirm button is red */
  danger?: boolean;
  /** true while the confirmed work runs: the buttons are disabled */
  busy?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /**
   * after the dialog has faded out: the moment to forget the question. Until then keep passing the
   * last `action` and `item`, or the fading dialog would read the defaults.
   */
  onExited?: () => void;
}

/** 'Confirm to {action} - {item}?' with Cancel and Confirm (spec section 5). */
export const ConfirmActionDialog = ({
  open,
  action = DEFAULT_CONFIRM_ACTION,
  item = DEFAULT_CONFIRM_ITEM,
  detail,
  danger = false,
  busy = false,
  onCancel,
  onConfirm,
  onExited,
}: ConfirmActionDialogProps) => {
  const translate = useTranslate();
  const question = translate('common.confirm.question', { action, item });
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-action-title"
      slotProps={{ transition: { onExited } }}
    >
      <DialogTitle id="confirm-action-title">{translate('common.confirm.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{question}</DialogContentText>
        {detail ? <DialogContentText sx={{ mt: 1 }}>{detail}</DialogContentText> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('common.button.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          variant="contained"
          color={danger ? 'error' : 'primary'}
          autoFocus
        >
          {translate('common.button.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

export interface ConfirmOptions<T> {
  action?: string;
  item?: string;
  /** what confirming will do, shown under the question */
  detail?: string;
  /** cannot be undone: a red Confirm */
  danger?: boolean;
  /** the work to do once confirmed */
  run: () => Promise<T>;
  /**
   * The user already confirmed in the operation's own dialog (e.g. Void's reason dialog, whose
   * button names the action and the item): run at once, without asking a second time.
   */
  alreadyConfirmed?: boolean;
}

export type ConfirmOutcome<T> =
  | { status: 'success'; result: T }
  | { status: 'failed'; error: unknown }
  | { status: 'cancelled' };

interface Question {
  action: string;
  item: string;
  detail?: string | undefined;
  danger?: boolean | undefined;
}

interface Pending extends Question {
  run: () => Promise<unknown>;
  resolve: (o: ConfirmOutcome<unknown>) => void;
}

/**
 * The notices after confirmed work: 'Hint: {action} {item} success', or a red 'Error: {action} {item}
 * failed' with the API error's details.
 */
export const useOutcomeNotices = () => {
  const notify = useNotify();
  const translate = useTranslate();
  return useMemo(
    () => ({
      succeeded: (action: string, item: string) =>
        notify(
          <Notice
            title={translate('common.notice.hint')}
            lines={[translate('common.confirm.success', { action, item })]}
          />,
          { type: 'success' },
        ),
      failed: (action: string, item: string, error: unknown) =>
        notify(
          <Notice
            title={translate('common.notice.error')}
            lines={[translate('common.confirm.failed', { action, item }), ...apiErrorLines(error)]}
          />,
          { type: 'error' },
        ),
    }),
    [notify, translate],
  );
};

/**
 * Confirm-then-act (spec section 5). `confirm({ action, item, run })` opens the dialog; on Confirm
 * it runs `run()`, then notifies 'Hint: {action} {item} success' or a red 'Error: {action} {item}
 * failed' (with the API error's details), and resolves with the outcome. Render `confirmDialog`.
 */
export const useConfirmAction = (): {
  confirm: <T>(opts: ConfirmOptions<T>) => Promise<ConfirmOutcome<T>>;
  confirmDialog: ReactNode;
} => {
  const notices = useOutcomeNotices();
  const [pending, setPending] = useState<Pending | null>(null);
  // The question last asked: it outlives `pending` until the dialog has faded out (onExited), so the
  // closing dialog goes on reading it rather than the default 'Confirm to Create - product?'.
  const [asked, setAsked] = useState<Question | null>(null);
  const [busy, setBusy] = useState(false);
  // The pending request is also kept in a ref so a double click cannot run the work twice.
  const running = useRef(false);

  // Runs the confirmed work, then says how it went ('Hint: … success' or 'Error: … failed').
  const perform = useCallback(
    async <T,>(action: string, item: string, run: () => Promise<T>): Promise<ConfirmOutcome<T>> => {
      try {
        const result = await run();
        notices.succeeded(action, item);
        return { status: 'success', result };
      } catch (error) {
        notices.failed(action, item, error);
        return { status: 'failed', error };
      }
    },
    [notices],
  );

  const confirm = useCallback(
    <T,>({
      action = DEFAULT_CONFIRM_ACTION,
      item = DEFAULT_CONFIRM_ITEM,
      run,
      detail,
      danger,
      alreadyConfirmed = false,
    }: ConfirmOptions<T>): Promise<ConfirmOutcome<T>> => {
      // the user confirmed in the operation's own dialog: asking again would ask twice
      if (alreadyConfirmed) return perform(action, item, run);
      return new Promise<ConfirmOutcome<T>>((resolve) => {
        setPending({
          action,
          item,
          detail,
          danger,
          run,
          resolve: resolve as (o: ConfirmOutcome<unknown>) => void,
        });
        setAsked({ action, item, detail, danger });
      });
    },
    [perform],
  );

  const onCancel = useCallback(() => {
    pending?.resolve({ status: 'cancelled' });
    setPending(null);
  }, [pending]);

  const onConfirm = useCallback(async () => {
    if (!pending || running.current) return;
    running.current = true;
    setBusy(true);
    try {
      pending.resolve(await perform(pending.action, pending.item, pending.run));
    } finally {
      running.current = false;
      setBusy(false);
      setPending(null);
    }
  }, [pending, perform]);

  // Only once closed: a dialog asked again while still fading out keeps its new question.
  const onExited = useCallback(() => {
    if (pending === null) setAsked(null);
  }, [pending]);

  const question = pending ?? asked;
  const confirmDialog = (
    <ConfirmActionDialog
      open={pending !== null}
      action={question?.action}
      item={question?.item}
      detail={question?.detail}
      danger={question?.danger ?? false}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      onExited={onExited}
    />
  );
  return { confirm, confirmDialog };
};
