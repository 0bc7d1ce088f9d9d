// The campaign screens that replace generated ones (src/pages/resources/overrides.ts), in one chunk.
export { CampaignCreate, CampaignEdit } from './CampaignForm';
export { CampaignShow } from './CampaignShow';
