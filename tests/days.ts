// Calendar days the tests of every project write into forms and bodies (valid from, valid until).

/** The UTC calendar day `offset` days from today, as YYYY-MM-DD (-1: yesterday). */
export const utcDayFromToday = (offset: number): string => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};
