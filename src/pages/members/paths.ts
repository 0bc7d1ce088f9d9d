// The members area's portal paths (issue 25; docs/decisions.md "Members: the list and the profile").
/** The members list. */
export const MEMBERS_LIST_PATH = '/aotg/list';
/** A member's profile: one route of the route table, the member in the address (as the lookup's). */
export const MEMBER_PROFILE_PATH = '/aotg/member';

export const memberProfilePath = (mobile: string): string =>
  `${MEMBER_PROFILE_PATH}?mobile=${encodeURIComponent(mobile)}`;
