// The words of the page headings that need no data beyond the signed-in user's name: the pages say
// them with these, and index.html's static heading is written from the same (./bootHeadings.ts).

/** A table's list is headed by its route's title in the plural (src/pages/resources/ResourcePages.tsx). */
export const LIST_HEADING_OPTIONS = { smart_count: 2 } as const;

/** The home page greets the user by name (src/pages/dashboard/DashboardPage.tsx). */
export const HOME_HEADING = 'dashboard.welcome';
