// The members area's reads (issue 25; docs/api.md "Members"): the list, its CSV export and a member's
// profile, at the URLs of the `members` declaration's generic reads, which it names `handWritten` so
// that server/domains/tables/tables.routes.ts leaves them to this module. `GET /members/{key}` takes a mobile
// (E.164, the profile's own key) or a member's id (what react-admin's getOne sends): one route.
import { Type } from 'typebox';
import { VOUCHER_STATES } from '../../../contract/enums';
import { ok } from '../../../contract/envelope';
import { BASE_PATHS } from '../../../contract/http';
import { PHONE_PATTERN } from '../../../contract/validation';
import { members } from '../../../resources/tables/members';
import type { RoutePlugin } from '../../platform/http/app-types';
import { isNoCount } from '../../platform/list/query';
import { wiredPartners } from '../../platform/partners/feed';
import { crmMember } from '../../platform/partners/partners';
import { answers, csvAnswer, orNull, rowSchema, rowWith } from '../../resources/answers';
import { csvFileName, csvStream } from '../../resources/csv';
import { declared } from '../../resources/registry';
import { callerOf } from '../access/caller';
import { memberExport, memberPage, memberProfile, visibleMember } from './list';

const LIST_DESCRIPTION =
  "Contract list parameters: page, size, sort=field,asc|desc (repeatable: mobile, name, createTime, lastVisitAt, firstVisitAt, stampsInWindow, visitsInWindow, measureValue), project, search {mobile, name} and filter (JSON: mobile, name, companyId, levelId, brandId, storeId, lastVisitAt, firstVisitAt, stampsInWindow, visitsInWindow, hasAvailableVoucher, createTime). A filter on a per-company field needs the company: companyId, or a level, brand or store of it (operators; a merchant's is their own). X-No-Count: true skips the totals. Needs member VIEW.";

const Time = orNull('string', { format: 'date-time' });
const Count = orNull('integer');
const Level = Type.Union(
  [
    Type.Object(
      { id: Type.Integer(), name: Type.String(), rank: Type.Integer() },
      { title: 'MemberLevelRef' },
    ),
    Type.Null(),
  ],
  { description: "the member's level at the row's company; null without one" },
);

/** contract/members.ts MemberRow */
const MemberRowSchema = Type.Object(
  {
    id: Type.Integer(),
    mobile: Type.Optional(Type.String()),
    name: Type.Optional(orNull('string')),
    createTime: Type.Optional(Time),
    companyId: Type.Optional(orNull('integer', { description: 'the company whose activity the row shows' })),
    level: Type.Optional(Level),
    levelId: Type.Optional(Count),
    stampsInWindow: Type.Optional(Count),
    visitsInWindow: Type.Optional(Count),
    completedCardsInWindow: Type.Optional(Count),
    measureValue: Type.Optional(Count),
    firstVisitAt: Type.Optional(Time),
    lastVisitAt: Type.Optional(Time),
  },
  { additionalProperties: true, title: 'MemberRow' },
);

/** A member named by id or by mobile (E.164): the profile's and the CRM record's parameter. */
const MemberKeyParams = Type.Object({
  id: Type.String({
    pattern: `^(${PHONE_PATTERN.slice(1, -1)}|[1-9][0-9]{0,9})$`,
    description: 'a member id, or a mobile (E.164)',
  }),
});

export const memberRoutes: RoutePlugin = async (app) => {
  const { db } = app;
  const base = `${BASE_PATHS.main}${members.path}`;
  const tags = [members.name];
  const vouchers = declared('vouchers');
  const history = declared('voucherHistory');

  app.get(
    base,
    {
      config: { forApiKeys: true },
      schema: {
        tags,
        summary: 'The members list',
        description: LIST_DESCRIPTION,
        response: answers(Type.Array(MemberRowSchema), { paged: true }),
      },
    },
    async (request) => {
      const { data, page } = await memberPage(
        db,
        await callerOf(db, request),
        request.query as Record<string, unknown>,
        isNoCount(request.headers),
      );
      return ok(data, page);
    },
  );

  app.get(
    `${base}/export`,
    {
      config: { forApiKeys: true },
      schema: {
        tags,
        summary: 'Export the members list as CSV (audited)',
        description: `${LIST_DESCRIPTION} Every matching row; each export is written to the audit log (action export: the filters and how many rows).`,
        response: csvAnswer,
      },
    },
    async (request, reply) => {
      const plan = await memberExport(
        db,
        await callerOf(db, request),
        request.query as Record<string, unknown>,
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${csvFileName(members.name)}"`)
        .send(csvStream(plan));
    },
  );

  app.get(
    `${base}/:id`,
    {
      config: { forApiKeys: true },
      schema: {
        tags,
        summary: "A member's profile (audited)",
        description:
          "`id` is the member's id or their mobile (E.164, `+` as is or %2B); the same path's PUT and DELETE take the id only. The member, their standing at each company the caller may see (level, activity in the window, level history), cards, vouchers by state with history and the pushes they received. A merchant sees their company's only; a member not standing at it answers 5 like a missing one. Each view is written to the audit log (action view).",
        params: MemberKeyParams,
        response: answers(
          Type.Object(
            {
              member: rowSchema(members),
              level: Level,
              firstVisitAt: Time,
              lastVisitAt: Time,
              standing: Type.Array(Type.Object({}, { additionalProperties: true, title: 'MemberStanding' })),
              cards: Type.Array(Type.Object({}, { additionalProperties: true, title: 'MemberCardSummary' })),
              vouchers: Type.Object(
                Object.fromEntries(
                  VOUCHER_STATES.map((state) => [
                    state,
                    Type.Array(rowWith(vouchers, { history: Type.Array(rowSchema(history)) })),
                  ]),
                ),
              ),
              availableValue: Type.String(),
              availableValues: Type.Array(Type.Object({ currency: Type.String(), value: Type.String() })),
              pushes: Type.Array(Type.Object({}, { additionalProperties: true, title: 'PushReceived' })),
            },
            { title: 'MemberProfile' },
          ),
        ),
      },
    },
    async (request) => ok(await memberProfile(db, await callerOf(db, request), request.params.id)),
  );

  app.get(
    `${base}/:id/crm`,
    {
      config: { forApiKeys: true },
      schema: {
        tags,
        summary: "A member's record in the connected CRM",
        description:
          '`id` as for the profile. With a CRM connected (CRM_URL; docs/api.md "Partner systems"): `{crm, member}`, the CRM\'s host and its record of the member; the CRM not knowing the member: 3001; the CRM failing or not answering in time: 3000. No CRM connected: `{crm: null, member: null}`.',
        params: MemberKeyParams,
        response: answers(
          Type.Object(
            {
              crm: Type.Union([Type.String(), Type.Null()]),
              member: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
            },
            { title: 'MemberCrmRecord' },
          ),
        ),
      },
    },
    async (request) => {
      const member = await visibleMember(db, await callerOf(db, request), request.params.id);
      const { crm } = wiredPartners();
      if (!crm) return ok({ crm: null, member: null });
      return ok({ crm: new URL(crm.url).host, member: await crmMember(crm, member.mobile) });
    },
  );
};
