// GET /dashboard's answer (docs/api.md "Dashboard"), shared by the server's aggregates
// (server/domains/insights/dashboard.ts) and the home page (src/pages/dashboard/).

export interface DashboardAnswer {
  /** the time zone the days are counted in (the country's, from country config) */
  timeZone: string;
  since: string;
  waiting: {
    /** null: the caller may not see these requests (operators: approval; merchants: company, brand, store) */
    signups: number | null;
    brandRequests: number | null;
    storeRequests: number | null;
    failedPushes: number | null;
    devicesToActivate: number | null;
    /** fraud signals still OPEN (the caller's company's for a merchant); null without the permission */
    openSignals: number | null;
  } | null;
  figures: {
    activeProgrammes: number | null;
    cardsIssued: number | null;
    cardsCompleted: number | null;
    stampsGiven: number | null;
    vouchersIssued: number | null;
    vouchersRedeemed: number | null;
    members: number | null;
  };
  /** one entry per day, oldest first */
  series: { day: string; stamps: number; vouchersIssued: number; vouchersRedeemed: number }[];
  wallet: { balance: number; currency: string } | null;
}
