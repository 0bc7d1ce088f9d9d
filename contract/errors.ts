// The error catalogue of spec section 8: every code with exactly one name, one English message and
// the HTTP status of its class (docs/contract.md "Envelope"). Server and portal both import this table;
// nothing else defines an error code. Codes outside the spec's explicit list are marked "product":
// they fill the spec's family ranges, or the generic family, with the errors this product raises
// (see docs/api.md).

type Entry = readonly [code: number, status: number, message: string];

const catalogue = {
  // generic
  SUCCESS: [0, 200, 'Success'],
  API_FAILED: [1, 500, 'The request failed'],
  PARAMETER_VALIDATION_FAILED: [2, 400, 'Parameter validation failed'],
  JSON_PARSE_FAILED: [3, 400, 'The request body or a JSON parameter is not valid JSON'],
  DB_FAILED: [4, 500, 'Database operation failed'],
  NOT_FOUND: [5, 404, 'Not found'], // product
  TOO_MANY_REQUESTS: [6, 429, 'Too many requests, try again later'], // product
  PAYLOAD_TOO_LARGE: [7, 413, 'The request body is too large'], // product
  UNSUPPORTED_MEDIA_TYPE: [8, 415, 'Unsupported content type'], // product
  ALREADY_EXISTS: [9, 409, 'It already exists'], // product: a duplicate with no family code of its own
  // code 10 would read as a token error (the portal logs out on codes beginning with 10), so 11 follows 9
  STATE_TRANSITION_NOT_ALLOWED: [11, 409, 'This action is not allowed in the current state'], // product
  STILL_REFERENCED: [12, 409, 'It is still referenced elsewhere and cannot be deleted'], // product
  NOT_READY: [13, 503, 'The server is not ready for requests'], // product: /readyz while starting or draining
  METHOD_NOT_ALLOWED: [15, 405, 'This path does not take this method'], // product: `Allow` names those it takes
  // product: the database could not do it now (a lock held past the statement timeout, a deadlock it
  // broke, no connection left); the same request may pass when sent again (Retry-After)
  DATABASE_BUSY: [16, 503, 'The database is busy; try again in a moment'],

  // tokens
  TOKEN_NOT_EXIST: [1000, 401, 'Token does not exist'],
  TOKEN_EXPIRED: [1001, 401, 'Token expired'],
  TOKEN_UNSUPPORTED: [1002, 401, 'Token unsupported'],
  TOKEN_INVALID_FORMAT: [1003, 401, 'Token format is invalid'],
  TOKEN_ILLEGAL: [1004, 401, 'Token is illegal'],
  TOKEN_ALREADY_LOGGED_OUT: [1005, 401, 'Already logged out'],
  TOKEN_NOT_SECURE: [1006, 401, 'Token is not secure'],
  REFRESH_TOKEN_REUSED: [1007, 401, 'Refresh token was already used; the login has been ended'], // product
  REFRESH_DEVICE_MISMATCH: [1015, 401, 'Refresh token belongs to another device'],
  HEADER_MISSING: [1601, 401, 'Authorization header is missing'],
  BAD_JWT_HEADER_FORMAT: [1602, 401, "Authorization header must start with 'Bearer '"],

  // external stamp system 4000-4099
  EXTERNAL_STAMP_SYSTEM_FAILED: [4000, 502, 'External stamp system failed'],
  STAMP_SYSTEM_USED_ELSEWHERE: [4001, 409, 'Cannot delete: it is used elsewhere'],
  STAMP_SYSTEM_STAMPS_REGISTERED: [4002, 409, 'Cannot delete: stamps are registered'],

  // receipt network 4200-4206
  RECEIPT_NETWORK_FAILED: [4200, 502, 'Receipt network failed'],
  RECEIPT_NETWORK_TIMEOUT: [4206, 504, 'Receipt network timed out'],

  // gift providers
  GIFT_PROVIDER_FAILED: [4300, 502, 'Gift provider failed'],
  GIFT_CARD_PROVIDER_FAILED: [4400, 502, 'Gift card provider failed'],

  // wallet
  WALLET_INSUFFICIENT_BALANCE: [5101, 409, 'Wallet balance is insufficient'],

  // member auth 6201-6263
  INCORRECT_OTP: [6201, 400, 'Incorrect OTP'],
  MEMBER_BAD_CREDENTIALS: [6202, 401, 'Bad member credentials'],
  DUPLICATE_CELL_PHONE: [6203, 409, 'Cell phone number already registered'],
  DUPLICATE_MEMBER_EMAIL: [6204, 409, 'E-mail already registered'],

  // payment 6401-6460
  PAYMENT_FAILED: [6401, 402, 'Payment failed'],
  CARD_FAILED: [6402, 402, 'Card payment failed'],
  BIO_AUTH_FAILED: [6403, 401, 'Biometric authentication failed'],
  FREE_PAY_FAILED: [6404, 402, 'Free payment failed'],
  INVALID_TXN_TOKEN: [6405, 400, 'Invalid transaction token'],
  ORDER_INVALID: [6406, 400, 'Order is invalid'],

  // equipment 6602-6604
  EQUIPMENT_NOT_FOUND: [6602, 404, 'Equipment not found'],
  EQUIPMENT_NOT_ACTIVE: [6603, 409, 'Equipment is not active'],
  EQUIPMENT_STORE_MISMATCH: [6604, 409, 'Equipment does not belong to this store'],

  // stamps 6620-6634
  TOO_MANY_STAMPS: [6620, 400, 'Too many stamps'],
  INVALID_PIN: [6621, 400, 'Invalid PIN'],
  TOO_MANY_PIN_TRIES: [6622, 429, 'Too many PIN tries'],
  UNCOMPLETED_CARD_EXISTS: [6623, 409, 'The member already has an uncompleted card'],
  ILLEGAL_STAMP_PRICE: [6624, 400, 'Illegal price'],
  UNKNOWN_CARD_OR_ORDER: [6625, 404, 'Unknown card or order'],
  STAMP_CARD_SOLD_OUT: [6626, 409, 'Sold out'],
  STAMP_NUMBER_MISMATCH: [6627, 409, 'Stamp number mismatch'],
  VOID_NOT_LAST_RECORD: [6628, 409, 'Only the last record can be voided'],
  VOUCHER_ISSUE_FAILED: [6629, 409, 'Voucher could not be issued'],
  STAMP_LIMIT_EXCEEDED: [6630, 409, 'Limit exceeded'],

  // store, QR
  STORE_NOT_FOUND_FOR_TXN: [6701, 404, 'Store not found'],
  QR_ALREADY_PROCESSED: [6750, 409, 'QR code already processed'],

  // vouchers 6801-6805
  VOUCHER_ILLEGAL_PRICE: [6801, 400, 'Illegal voucher price'],
  VOUCHER_PACK_SOLD_OUT: [6802, 409, 'Voucher pack sold out'],
  VOUCHER_TYPE_MISSING: [6803, 400, 'Voucher type missing'],
  VOUCHER_NOT_GIFTABLE: [6804, 409, 'Voucher is not giftable'],
  VOUCHER_NOT_AVAILABLE: [6805, 409, 'Voucher is not available'], // product

  // other services (names are the product's; the spec lists the codes only)
  PUSH_PROVIDER_FAILED: [7001, 502, 'Push notification provider failed'],
  ANALYTICS_FAILED: [8001, 502, 'Analytics service failed'],
  // product: outbound webhooks (issue 27; docs/api.md "Webhooks"); the generic family, as the spec
  // names no family for a URL the server will not call
  WEBHOOK_URL_NOT_ALLOWED: [
    14,
    400,
    'The webhook URL is not allowed: https to a public address only (no private, loopback or link-local address)',
  ],

  // CRM
  CRM_FAILED: [3000, 502, 'CRM failed'],
  CRM_MEMBER_NOT_FOUND: [3001, 404, 'CRM member not found'],

  // portal auth 262xx
  BAD_CREDENTIALS: [26200, 401, 'Bad credentials'],
  INVALID_USER_STATE: [26201, 403, 'User state does not allow this'],
  USER_SHOULD_RESET_PASSWORD: [26202, 403, 'User should reset the password'],
  OLD_PASSWORD_INCORRECT: [26203, 400, 'The current password is incorrect'], // product
  MERCHANT_NOT_APPROVED: [
    26204,
    403,
    'Your company is waiting for approval; this is possible once an operator approves it',
  ], // product
  USER_EMAIL_NOT_EXIST: [26210, 404, 'User e-mail does not exist'],
  EMAIL_ACTION_TOKEN_INVALID: [26211, 400, 'The link is invalid, used or expired'], // product
  // product: two-factor sign-in (issue 24; docs/api.md "Two-factor sign-in")
  TWO_FACTOR_REQUIRED: [26212, 401, 'Enter the code of your authenticator app to finish signing in'],
  TWO_FACTOR_CODE_INVALID: [26213, 400, 'The code is wrong or was already used'],
  TWO_FACTOR_CHALLENGE_INVALID: [26214, 401, 'This sign-in has expired or was used up: sign in again'],
  TWO_FACTOR_ENROLMENT_REQUIRED: [26215, 403, 'Set up two-factor sign-in before anything else'],
  TWO_FACTOR_ALREADY_ENABLED: [26216, 409, 'Two-factor sign-in is already on'],
  TWO_FACTOR_NOT_ENABLED: [26217, 409, 'Two-factor sign-in is not set up'],
  MOBILE_ALREADY_IN_USE: [26221, 409, 'Mobile number already in use'],
  EMAIL_ALREADY_IN_USE: [26222, 409, 'E-mail already in use'],

  // RBAC 26231-26253
  USER_NOT_FOUND: [26231, 404, 'User not found'],
  PERMISSION_NOT_FOUND: [26232, 404, 'Permission not found'],
  USER_GROUP_NOT_FOUND: [26233, 404, 'User group not found'],
  ROLE_NOT_FOUND: [26234, 404, 'Role not found'],
  USER_GROUP_NAME_DUPLICATE: [26235, 409, 'User group name already exists'],
  ROLE_NAME_DUPLICATE: [26236, 409, 'Role name already exists'],
  ACCESS_DENIED: [26237, 403, 'You do not have permission to do this'], // product
  GRANT_EXCEEDS_OWN: [26238, 403, 'You cannot grant or take away a permission you do not hold'], // product
  USER_IN_USE: [26239, 409, 'The user is still referenced elsewhere; delete it softly instead'], // product

  // approval
  INVALID_OPERATOR_APPROVAL_STATE: [26400, 409, 'The request is not in a state that can be decided'],

  // company, brand, store 26420-26441
  USER_HAS_NO_COMPANY: [26420, 409, 'User has no company'],
  USER_ALREADY_HAS_COMPANY: [26421, 409, 'User already has a company'],
  MERCHANT_ALREADY_SIGNED_UP: [26422, 409, 'Merchant already signed up'],
  COMPANY_NAME_DUPLICATE: [26423, 409, 'Company name already exists'],
  BRAND_NAME_DUPLICATE: [26424, 409, 'Brand name already exists'],
  STORE_NAME_DUPLICATE: [26425, 409, 'Store name already exists'],
  COMPANY_NOT_FOUND: [26430, 404, 'Company not found'],
  BRAND_NOT_FOUND: [26431, 404, 'Brand not found'],
  STORE_NOT_FOUND: [26432, 404, 'Store not found'],
  COMPANY_NOT_ACTIVE: [26433, 409, 'Company is not active'],
  BRAND_NOT_ACTIVE: [26434, 409, 'Brand is not active'],
  STORE_NOT_ACTIVE: [26435, 409, 'Store is not active'],
  // product: what hangs under a company, brand or store keeps it from being deleted (issue 24)
  COMPANY_WALLET_NOT_EMPTY: [26436, 409, "The company's wallet still holds money: it cannot be deleted"],
  BRAND_STILL_LIVE: [
    26437,
    409,
    'The brand still has open stores, or members hold its live cards or vouchers: it cannot be deleted',
  ],
  STORE_HAS_DEVICES: [26438, 409, 'A device is still registered at the store: it cannot be deleted'],
  COMPANY_NOT_BELONG_TO_USER: [26439, 403, 'Company does not belong to the user'],
  BRAND_NOT_BELONG_TO_USER: [26440, 403, 'Brand does not belong to the user'],
  STORE_NOT_BELONG_TO_USER: [26441, 403, 'Store does not belong to the user'],

  // devices, programmes, vouchers packs 26620-26630
  DEVICE_CANNOT_BE_DELETED: [26620, 409, 'Device cannot be deleted'],
  DEVICE_CANNOT_CHANGE_STORE: [26621, 409, 'Device cannot change store'],
  DEVICE_DEREGISTER_FAILED: [26622, 409, 'Device deregistration failed'],
  PROGRAM_DATE_ILLEGAL: [26623, 400, 'Programme dates are illegal'],
  FAILED_TXN_CANNOT_BE_VOIDED: [26624, 409, 'A failed transaction cannot be voided'],
  VOUCHER_PACK_DATE_ILLEGAL: [26625, 400, 'Voucher pack dates are illegal'],
  VOUCHER_PACK_ISSUE_LIMIT_ILLEGAL: [26626, 400, 'Voucher pack issue limit is illegal'],
  VOUCHER_VALIDITY_ILLEGAL: [26627, 400, 'Validity of the vouchers in the pack is illegal'],
  VOUCHER_DATE_ILLEGAL: [26628, 400, 'Voucher dates are illegal'],
  DUPLICATE_RECEIPT_NUMBER: [26630, 409, 'Duplicate receipt number'],

  // files
  FILE_STORAGE_ERROR: [29000, 500, 'File storage error'],
  // a file the store will not keep (empty, or not the picture it says): the request's fault
  FILE_OPERATION_ERROR: [29200, 400, 'File operation error'],
} as const satisfies Record<string, Entry>;

export type ErrorName = keyof typeof catalogue;

export interface ErrorDef {
  code: number;
  name: ErrorName;
  message: string;
  /** HTTP status of the error's class */
  status: number;
}

export const ERRORS = Object.fromEntries(
  Object.entries(catalogue).map(([name, [code, status, message]]) => [name, { code, name, message, status }]),
) as { [K in ErrorName]: ErrorDef & { name: K } };

const byCode = new Map<number, ErrorDef>(Object.values(ERRORS).map((e) => [e.code, e]));

export const errorByCode = (code: number): ErrorDef | undefined => byCode.get(code);

export const ALL_ERRORS: readonly ErrorDef[] = Object.values(ERRORS);

/** Token errors (1000-1007, 1015, 1601, 1602): the portal logs out on any code that begins with 10. */
export const isTokenErrorCode = (code: number): boolean => String(code).startsWith('10');
