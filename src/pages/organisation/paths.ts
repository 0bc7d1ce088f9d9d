/** The organisation hierarchy page, where merchants request brands and stores. */
export const ORG_HIERARCHY_PATH = '/organization/org-hierarchy';
