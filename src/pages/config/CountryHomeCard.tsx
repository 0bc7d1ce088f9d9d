// The portal's own country on System Config > Countries: the country the portal sends in X-Country,
// read and written through the spec's country calls, one section at a time (each dialog reads its
// section afresh before showing it):
// - the card: GET /config/main/country;
// - Pricing: GET /config/main/country?field=stampCardDefaultPrice, then PUT /config/main/country;
// - Banner: GET and PUT /config/main/country/banner;
// - Default images: GET and PATCH /config/main/stamp-card/default-images.
// A country with no main config yet shows the defaults it would start from; its first save makes it.
import EditIcon from '@mui/icons-material/Edit';
import ImageIcon from '@mui/icons-material/Image';
import ViewCarouselIcon from '@mui/icons-material/ViewCarousel';
import { Alert, Button, Card, CardContent, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { BannerItem, MainConfig } from '../../../contract/config-main';
import { useCountry } from '../../components/CountryContext';
import { useHttpClient } from '../../components/HttpClientContext';
import { useLoadable } from '../../components/operations/useLoadable';
import {
  BannerInputs,
  ConfigDialog,
  CountryCard,
  DefaultImagesInput,
  type FormValues,
  K,
  MAIN_CONFIG_PATH,
  mainConfigBody,
  PricingInputs,
  useConfigSave,
} from './mainConfigParts';

const COUNTRY_PATH = `${MAIN_CONFIG_PATH}/country`;
const BANNER_PATH = `${COUNTRY_PATH}/banner`;
const IMAGES_PATH = `${MAIN_CONFIG_PATH}/stamp-card/default-images`;

type Section = 'pricing' | 'banner' | 'images';

/** How each section is read into the form and written back. */
const SECTIONS: Record<
  Section,
  {
    title: string;
    read: (http: ReturnType<typeof useHttpClient>, row: MainConfig) => Promise<FormValues>;
    write: (http: ReturnType<typeof useHttpClient>, values: FormValues) => Promise<unknown>;
  }
> = {
  pricing: {
    title: `${K}.pricing_title`,
    read: async (http, row) => {
      // the one field asked for still comes back as an object (docs/api.md "Main config")
      const { data } = await http<{ stampCardDefaultPrice: number }>(COUNTRY_PATH, {
        query: { field: 'stampCardDefaultPrice' },
      });
      return { currency: row.currency, stampCardDefaultPrice: data.stampCardDefaultPrice };
    },
    write: (http, values) => {
      const { currency, stampCardDefaultPrice } = mainConfigBody(values, false);
      return http(COUNTRY_PATH, {
        method: 'PUT',
        body: {
          ...(currency ? { currency } : {}),
          ...(stampCardDefaultPrice === undefined ? {} : { stampCardDefaultPrice }),
        },
      });
    },
  },
  banner: {
    title: `${K}.banner_title_edit`,
    read: async (http) => ({ banner: (await http<BannerItem[]>(BANNER_PATH)).data }),
    write: (http, values) =>
      http(BANNER_PATH, { method: 'PUT', body: { banner: mainConfigBody(values, false).banner } }),
  },
  images: {
    title: `${K}.images_title`,
    read: async (http) => ({
      stampCardDefaultImages: (await http<string[]>(IMAGES_PATH)).data.map((url) => ({ url })),
    }),
    write: (http, values) =>
      http(IMAGES_PATH, {
        method: 'PATCH',
        body: { images: mainConfigBody(values, false).stampCardDefaultImages },
      }),
  },
};

const SectionDialog = ({
  section,
  row,
  onClose,
  onSaved,
}: {
  section: Section;
  row: MainConfig;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const http = useHttpClient();
  const { saving, run } = useConfigSave(onSaved);
  const { read, write, title } = SECTIONS[section];
  const current = useLoadable<FormValues>({
    key: `main-config-section:${section}`,
    load: (h) => read(h, row),
  });
  return (
    <ConfigDialog
      title={translate(title, { country: row.country.toUpperCase() })}
      defaults={current.status === 'ready' ? current.data : undefined}
      saving={saving}
      onClose={onClose}
      onSubmit={(values) => run(() => write(http, values))}
    >
      {section === 'pricing' ? <PricingInputs /> : null}
      {section === 'banner' ? <BannerInputs /> : null}
      {section === 'images' ? <DefaultImagesInput /> : null}
    </ConfigDialog>
  );
};

const SECTION_ICONS = { pricing: EditIcon, banner: ViewCarouselIcon, images: ImageIcon } as const;

export const CountryHomeCard = ({ version, onChanged }: { version: number; onChanged: () => void }) => {
  const translate = useTranslate();
  const { country } = useCountry();
  const [editing, setEditing] = useState<Section | null>(null);
  const row = useLoadable<MainConfig>({
    key: `main-config-country:${country}:${version}`,
    load: async (h) => (await h<MainConfig>(COUNTRY_PATH)).data,
  });
  if (row.status === 'loading' || row.status === 'idle')
    return <CircularProgress size={28} aria-label={translate('ra.page.loading')} />;
  if (row.status === 'error')
    return (
      <Card variant="outlined">
        <CardContent>
          <Alert severity="error">{translate(`${K}.load_failed`)}</Alert>
        </CardContent>
      </Card>
    );
  // no row yet (id null): the defaults the country starts from, saved by the first change
  const saved = (row.data.id as number | null) !== null;
  return (
    <>
      <CountryCard row={row.data} heading={translate(saved ? `${K}.home_heading` : `${K}.home_unsaved`)}>
        {(['pricing', 'banner', 'images'] as const).map((section) => {
          const Icon = SECTION_ICONS[section];
          return (
            <Button key={section} size="small" startIcon={<Icon />} onClick={() => setEditing(section)}>
              {translate(`${K}.section.${section}`)}
            </Button>
          );
        })}
      </CountryCard>
      {editing ? (
        <SectionDialog
          section={editing}
          row={row.data}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            onChanged();
          }}
        />
      ) : null}
    </>
  );
};
