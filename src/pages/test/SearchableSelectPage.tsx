import { Autocomplete, Card, CardContent, CircularProgress, TextField, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useHttpClient } from '../../components/HttpClientContext';
import { PageFrame } from '../../components/PageFrame';
import { loadSupportedCountries, type SupportedCountry } from '../../providers/country';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

interface Item {
  id: number;
  label: string;
}

const LONG_LIST: Item[] = Array.from({ length: 10_000 }, (_, i) => ({
  id: i + 1,
  label: `Item ${String(i + 1).padStart(5, '0')}`,
}));

/** Stands in for a server-side search: filters off the main thread's turn, after a short wait. */
const searchItems = (query: string, signal: AbortSignal): Promise<Item[]> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      const q = query.trim().toLowerCase();
      resolve(LONG_LIST.filter((item) => item.label.toLowerCase().includes(q)).slice(0, 50));
    }, 250);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

const countryLabel = (c: SupportedCountry) =>
  `${regionNames.of(c.countryCode.toUpperCase()) ?? c.countryCode} (${c.countryCode.toUpperCase()}, ${c.currency})`;

/** A demo of the searchable select: MUI Autocomplete over a small fetched list and a large async one. */
export const SearchableSelectPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`pages.searchable_select.${key}`, options);
  const [countries, setCountries] = useState<SupportedCountry[]>([]);
  const [countriesLoading, setCountriesLoading] = useState(true);
  const [country, setCountry] = useState<SupportedCountry | null>(null);
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<Item[]>(LONG_LIST.slice(0, 50));
  const [itemsLoading, setItemsLoading] = useState(false);
  const [item, setItem] = useState<Item | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once
  useEffect(() => {
    loadSupportedCountries(http)
      .then(setCountries)
      .catch(() => setCountries([]))
      .finally(() => setCountriesLoading(false));
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setItemsLoading(true);
    searchItems(query, controller.signal)
      .then((found) => {
        setItems(found);
        setItemsLoading(false);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [query]);

  const selectedText = useMemo(
    () => [country ? countryLabel(country) : null, item?.label ?? null].filter(Boolean).join(' · '),
    [country, item],
  );

  return (
    <PageFrame title={t('title')} intro={t('intro')} maxWidth={720}>
      <Card variant="outlined" sx={{ borderRadius: 2 }}>
        <CardContent sx={{ display: 'grid', gap: 3 }}>
          <Autocomplete
            options={countries}
            value={country}
            onChange={(_, v) => setCountry(v)}
            loading={countriesLoading}
            getOptionLabel={countryLabel}
            isOptionEqualToValue={(a, b) => a.countryCode === b.countryCode}
            noOptionsText={t('no_options')}
            loadingText={t('loading')}
            autoHighlight
            renderInput={(params) => <TextField {...params} label={t('countries')} autoFocus />}
          />
          <Autocomplete
            options={items}
            value={item}
            onChange={(_, v) => setItem(v)}
            onInputChange={(_, v, reason) => {
              if (reason === 'input' || reason === 'clear') setQuery(v);
            }}
            // The options are already filtered by the (stand-in) server search.
            filterOptions={(x) => x}
            loading={itemsLoading}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={t('no_options')}
            loadingText={t('loading')}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('long_list')}
                slotProps={{
                  ...params.slotProps,
                  input: {
                    ...params.slotProps.input,
                    endAdornment: (
                      <>
                        {itemsLoading ? (
                          <CircularProgress
                            color="inherit"
                            size={18}
                            aria-label={translate('ra.page.loading')}
                          />
                        ) : null}
                        {params.slotProps.input.endAdornment}
                      </>
                    ),
                  },
                }}
              />
            )}
          />
          <Typography color="text.secondary" role="status">
            {selectedText ? t('selected', { value: selectedText }) : t('nothing')}
          </Typography>
        </CardContent>
      </Card>
    </PageFrame>
  );
};
