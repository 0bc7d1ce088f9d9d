// A campaign before and after (issue 43, docs/api.md "Campaigns"): `POST /campaigns/preview` for an unsaved
// campaign and `GET /campaigns/{id}/results` for a saved one. Making, editing and moving campaigns
// through their states are the declared table's generic routes (resources/tables/campaigns.ts).
import { Type } from 'typebox';
import { PREVIEW_BASES } from '../../../contract/campaign-insights';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { campaigns } from '../../../resources/tables/campaigns';
import type { RoutePlugin } from '../../platform/http/app-types';
import { answers, Nullable, OneOf } from '../../resources/answers';
import { Id, updateBodySchema } from '../../resources/schemas';
import { callerOf } from '../access/caller';
import { campaignResults, previewCampaign } from './campaign-insights';

const Money = Type.String({ description: 'decimal text, e.g. "12.50"' });

const PreviewSchema = Type.Object(
  {
    basis: OneOf(PREVIEW_BASES),
    members: Type.Integer({ minimum: 0, description: 'members it would reach on that basis' }),
    heldOut: Type.Integer({ minimum: 0, description: 'of them, about how many its holdout share keeps out' }),
    stampings: Type.Integer({
      minimum: 0,
      description: 'stamping kinds: the stampings it would add stamps to',
    }),
    rewards: Type.Integer({ minimum: 0, description: 'vouchers, or stamps added, within its budget' }),
    value: Money,
    charge: Money,
  },
  { title: 'CampaignPreview' },
);

const Group = Type.Object({
  members: Type.Integer(),
  visits: Type.Integer(),
  redemptions: Type.Integer(),
  visitsPerMember: Nullable(Type.Number()),
  redemptionsPerMember: Nullable(Type.Number()),
});

const ResultsSchema = Type.Object(
  {
    rewardsGiven: Type.Integer(),
    moneySpent: Money,
    failed: Type.Integer(),
    rewarded: Group,
    heldOut: Group,
    lift: Type.Object({ visits: Nullable(Type.Number()), redemptions: Nullable(Type.Number()) }),
  },
  { title: 'CampaignResults' },
);

export const campaignRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const base = `${BASE_PATHS.main}${campaigns.path}`;
  const tags = [campaigns.name];

  app.post(
    `${base}/preview`,
    {
      schema: {
        tags,
        summary: 'Who an unsaved campaign would reach and what it would cost',
        description:
          "The campaign form's preview. Body: a campaign as it would be created (any field may be missing but `kind`; operators name `companyId`), checked by the same rules as a save (2 naming the field) and its programme, pack and segment the company's own. Stamping kinds count the programme's stampings of the last 30 days in its window; WIN_BACK its segment now; BIRTHDAY the birthdays of the next 30 days; WELCOME and REFERRAL the members who joined in the last 30 days. Answers the members, about how many the holdout keeps out, the rewards within the budgets, their value and the wallet's charge.",
        body: updateBodySchema(campaigns),
        response: answers(PreviewSchema),
      },
    },
    async (request) =>
      ok(await previewCampaign(db, await callerOf(db, request), request.body as Record<string, unknown>)),
  );

  app.get(
    `${base}/:id/results`,
    {
      schema: {
        tags,
        summary: 'What a campaign gave, what it cost, and whether it paid',
        description:
          "Rewards given and their value, rewards that failed, and the members it rewarded against its holdout share: their SUCCESS stampings at the company and the company's vouchers they redeemed since their reward (or holdout), in all and per member, and the lift (rewarded per member ÷ held out per member − 1). Another company's campaign answers 5.",
        params: Type.Object({ id: Id }),
        response: answers(ResultsSchema),
      },
    },
    async (request) => ok(await campaignResults(db, await callerOf(db, request), request.params.id)),
  );
};
