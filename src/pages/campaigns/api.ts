// A campaign's calls besides its generic CRUD (docs/api.md "Campaigns"): the preview of the campaign
// being edited (POST /campaigns/preview, debounced, asked again whenever the form's values change) and a
// saved campaign's results (GET /campaigns/{id}/results).
import type { CampaignPreview, CampaignResults } from '../../../contract/campaign-insights';
import { CAMPAIGN_COMMON_FIELDS, CAMPAIGN_KIND_FIELDS } from '../../../contract/campaigns';
import type { CampaignKind } from '../../../contract/enums';
import { campaigns } from '../../../resources/tables/campaigns';
import { useDebounced } from '../../components/CompanyPicker';
import { type Loadable, useLoadable } from '../../components/operations/useLoadable';

/** What the preview is asked with: the fields the kind uses that hold a value, and an operator's company. */
export const previewBodyOf = (
  values: Record<string, unknown>,
  companyId: number | null,
): Record<string, unknown> | null => {
  const kind = values.kind as CampaignKind | undefined;
  if (kind === undefined || !(kind in CAMPAIGN_KIND_FIELDS)) return null;
  const body: Record<string, unknown> = {};
  for (const field of [...CAMPAIGN_COMMON_FIELDS, ...CAMPAIGN_KIND_FIELDS[kind]]) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    body[field] = value;
  }
  // the preview needs no name, and a half-typed one changes nothing
  delete body.name;
  if (companyId !== null) body.companyId = companyId;
  return body;
};

/** The preview of `body` (null: nothing to ask yet), asked 400 ms after the last change. */
export const useCampaignPreview = (body: Record<string, unknown> | null): Loadable<CampaignPreview> => {
  const key = useDebounced(body === null ? null : JSON.stringify(body), 400);
  return useLoadable<CampaignPreview>(
    key === null
      ? null
      : {
          key,
          load: async (http) =>
            (
              await http<CampaignPreview>(`${campaigns.path}/preview`, {
                method: 'POST',
                body: JSON.parse(key),
              })
            ).data,
        },
  );
};

/** A saved campaign's results, loaded again when `version` (its update time) moves. */
export const useCampaignResults = (
  id: number | string | undefined,
  version: string,
): Loadable<CampaignResults> =>
  useLoadable<CampaignResults>(
    id === undefined
      ? null
      : {
          key: `${String(id)} ${version}`,
          load: async (http) =>
            (await http<CampaignResults>(`${campaigns.path}/${encodeURIComponent(String(id))}/results`)).data,
        },
  );
