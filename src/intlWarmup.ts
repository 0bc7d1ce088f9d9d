// A worker that pays for ICU's first use off the main thread (issue 39). The first Intl object a page
// makes (a date or number format, even `supportedLocalesOf`) loads ICU's locale data: 50-100 ms on a
// fast machine, four times that on a phone, in one task the page cannot split. The data is shared by
// the whole renderer process, so a worker that makes the portal's formats first leaves the main thread
// only each locale's own few milliseconds. src/main.tsx starts it before any of the portal's code runs;
// it makes what the first screens make (contract/format.ts's date, money and locale look-up in the
// product's home country, and the en-US number format MUI's pagination makes as it loads), then ends.
import { DEFAULT_TIME_ZONE } from '../contract/constants';
import { formatDate, formatDateTime, formatMoney, localeOf } from '../contract/format';

const locale = localeOf(null);
const now = Date.now();
formatDateTime(now, locale, DEFAULT_TIME_ZONE);
formatDate(now, locale, DEFAULT_TIME_ZONE);
formatMoney(1, 'SGD', locale);
new Intl.NumberFormat('en-US').format(1);
self.close();
