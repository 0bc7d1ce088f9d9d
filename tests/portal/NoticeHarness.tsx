import { Admin, CustomRoutes, useNotify } from 'react-admin';
import { Route } from 'react-router-dom';
import { useConfirmAction } from '../../src/components/ConfirmActionDialog';
import { NotificationBridge } from '../../src/components/NotificationBridge';
import { useApiErrorNotify } from '../../src/components/useApiErrorNotify';
import { createI18nProvider } from '../../src/providers/i18nProvider';

export interface HarnessProps {
  /** the failing call whose error the "fail" button shows */
  fail?: () => Promise<unknown>;
  /** the work confirmed by the "confirm" button */
  run?: () => Promise<unknown>;
  action?: string;
  item?: string;
}

const Page = ({ fail, run, action, item }: HarnessProps) => {
  const notifyError = useApiErrorNotify();
  const notify = useNotify();
  const { confirm, confirmDialog } = useConfirmAction();
  return (
    <div>
      <button type="button" onClick={() => fail?.().catch((e: unknown) => notifyError(e))}>
        fail
      </button>
      <button type="button" onClick={() => notify('plain notice')}>
        plain
      </button>
      <button
        type="button"
        onClick={() => {
          if (run) void confirm({ run, ...(action ? { action } : {}), ...(item ? { item } : {}) });
        }}
      >
        confirm
      </button>
      {confirmDialog}
    </div>
  );
};

/** The shell's notification slot and hooks inside a bare react-admin app. */
export const NoticeHarness = (props: HarnessProps) => (
  <Admin disableTelemetry i18nProvider={createI18nProvider()} notification={NotificationBridge}>
    <CustomRoutes noLayout>
      <Route path="/" element={<Page {...props} />} />
    </CustomRoutes>
  </Admin>
);
