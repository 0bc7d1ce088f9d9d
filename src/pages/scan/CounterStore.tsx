// The store a scan at the counter stamps and redeems at. A colleague invited into one store works
// there (LoggedInUser.storeId; the server refuses any other store for them); anyone else picks the
// counter's store once on this screen and this browser keeps it (react-admin's store, like the
// language), choosing among the ACTIVE stores they may list. A caller with neither stamps at the
// store that issued the card and picks a store in the full Redeem dialog.
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useEffect } from 'react';
import { useCanAccess, useGetIdentity, useGetList, useGetOne, useStore, useTranslate } from 'react-admin';
import { store } from '../../../resources';

const K = 'scanPages.store';
/** react-admin store key (localStorage): the counter's store in this browser */
export const COUNTER_STORE_KEY = 'scan.counterStore';

export interface CounterStore {
  /** where the one-tap Stamp and Redeem happen; null: not known (the full dialogs ask) */
  storeId: number | null;
  /** the user's own store (invited into it): not theirs to change here */
  fixed: boolean;
}

interface StoreRow {
  id: number;
  name: string;
}

export const useOwnStoreId = (): number | null => {
  const { identity } = useGetIdentity();
  const own: unknown = identity?.storeId;
  return typeof own === 'number' ? own : null;
};

/** The name of the user's own store as sign-in told it (LoggedInUser.storeName), whatever they may read. */
export const useOwnStoreName = (): string | null => {
  const { identity } = useGetIdentity();
  const name: unknown = identity?.storeName;
  return typeof name === 'string' && name !== '' ? name : null;
};

/** The counter's store and, for who may list stores, the picker that sets it. */
export const useCounterStore = () => {
  const own = useOwnStoreId();
  const { canAccess: mayList = false } = useCanAccess({ action: 'list', resource: store.name });
  const [chosen, setChosen] = useStore<number | null>(COUNTER_STORE_KEY, null);
  const { data: stores } = useGetList<StoreRow>(
    store.name,
    {
      filter: { state: 'ACTIVE' },
      sort: { field: 'name', order: 'ASC' },
      pagination: { page: 1, perPage: 100 },
    },
    { enabled: own === null && mayList },
  );
  // a store kept from before that is no longer ACTIVE (or another account's) is forgotten
  const valid = chosen !== null && stores?.some((s) => s.id === chosen) ? chosen : null;
  useEffect(() => {
    // one store to choose from: it is the counter's
    if (own === null && valid === null && stores?.length === 1 && stores[0]) setChosen(stores[0].id);
  }, [own, valid, stores, setChosen]);
  const counter: CounterStore =
    own !== null ? { storeId: own, fixed: true } : { storeId: valid, fixed: false };
  return { counter, stores: own === null && mayList ? (stores ?? null) : null, setChosen, mayList };
};

/** The line above the scanner: "At {store}", or the picker. */
export const CounterStoreLine = ({ state }: { state: ReturnType<typeof useCounterStore> }) => {
  const translate = useTranslate();
  const { counter, stores, setChosen, mayList } = state;
  const ownName = useOwnStoreName();
  const { data: own } = useGetOne<StoreRow>(
    store.name,
    { id: counter.storeId ?? 0 },
    { enabled: counter.fixed && mayList && counter.storeId !== null },
  );
  if (stores !== null && !counter.fixed)
    return (
      <TextField
        select
        size="small"
        label={translate(`${K}.label`)}
        value={counter.storeId ?? ''}
        onChange={(e) => setChosen(e.target.value === '' ? null : Number(e.target.value))}
        helperText={translate(counter.storeId === null ? `${K}.pick` : `${K}.kept`)}
        fullWidth
      >
        {stores.map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <StorefrontOutlined fontSize="small" aria-hidden />
      <Typography variant="body2">
        {counter.fixed
          ? own || ownName
            ? translate(`${K}.at`, { store: own?.name ?? ownName })
            : translate(`${K}.at_yours`)
          : translate(`${K}.card_store`)}
      </Typography>
    </Stack>
  );
};
