import { Button } from '@mui/material';
import { closeSnackbar, SnackbarProvider, useSnackbar } from 'notistack';
import { isValidElement, type ReactNode, useEffect, useRef } from 'react';
import {
  type NotificationPayload,
  undoableEventEmitter,
  useNotificationContext,
  useTakeUndoableMutation,
  useTranslate,
} from 'react-admin';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_MAX_VISIBLE } from '../../contract';

/** Moves react-admin's queued notifications (useNotify) into notistack, which shows several at once. */
const Bridge = () => {
  const { notifications, setNotifications } = useNotificationContext();
  // Payloads already shown: an effect that runs twice (React strict mode) must not show them twice.
  const shown = useRef(new WeakSet<NotificationPayload>());
  const { enqueueSnackbar } = useSnackbar();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    if (notifications.length === 0) return;
    // react-admin's takeNotification() returns one per render; all of them are taken at once here.
    setNotifications((current) => current.filter((n) => !notifications.includes(n)));
    for (const payload of notifications) {
      if (shown.current.has(payload)) continue;
      shown.current.add(payload);
      show(payload);
    }

    function show({ message, type, notificationOptions = {} }: NotificationPayload) {
      const { autoHideDuration, messageArgs, undoable } = notificationOptions;
      const content: ReactNode =
        typeof message === 'string'
          ? translate(message, messageArgs)
          : isValidElement(message)
            ? message
            : null;
      // An undoable mutation (react-admin's default edit mode) runs only once its notice is gone.
      const settle = (isUndo: boolean) => {
        const mutation = takeMutation();
        if (mutation) mutation({ isUndo });
        else undoableEventEmitter.emit('end', { isUndo });
      };
      let settled = false;
      enqueueSnackbar(content, {
        variant: type === 'info' ? 'default' : type,
        autoHideDuration: autoHideDuration === undefined ? NOTIFICATION_AUTO_CLOSE_MS : autoHideDuration,
        action: undoable
          ? (key) => (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  settled = true;
                  settle(true);
                  closeSnackbar(key);
                }}
              >
                {translate('ra.action.undo')}
              </Button>
            )
          : undefined,
        onExited: undoable
          ? () => {
              if (!settled) settle(false);
            }
          : undefined,
      });
    }
  }, [notifications, setNotifications, enqueueSnackbar, takeMutation, translate]);

  return null;
};

/** react-admin's `notification` slot: bottom-right, auto-close 4000 ms, at most 5 at once (spec 9). */
export const NotificationBridge = () => (
  <SnackbarProvider
    maxSnack={NOTIFICATION_MAX_VISIBLE}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    autoHideDuration={NOTIFICATION_AUTO_CLOSE_MS}
    preventDuplicate={false}
    classes={{ containerRoot: 'portal-notifications' }}
  >
    <Bridge />
  </SnackbarProvider>
);
