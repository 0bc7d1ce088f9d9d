// Base paths and header names of the wire contract (docs/contract.md).

export const BASE_PATHS = {
  main: '/portal-main-service/api/v1',
  payment: '/portal-payment-service/api/v1',
  auth: '/portal-auth-service/api/v1',
} as const;
export type ServiceName = keyof typeof BASE_PATHS;

export const HEADERS = {
  authorization: 'Authorization',
  country: 'X-Country',
  noCount: 'X-No-Count',
  requestId: 'X-Request-Id',
  accessToken: 'X-Access-Token',
  refreshToken: 'X-Refresh-Token',
} as const;

/** Headers a browser may read from a cross-origin response. */
export const EXPOSED_HEADERS = [HEADERS.requestId, HEADERS.accessToken, HEADERS.refreshToken] as const;

/** Portal routes that e-mails link to. */
export const EMAIL_LINK_PATHS = {
  activeEmail: '/x-action/user-active',
  forgetPwd: '/x-action/forget-pwd',
} as const;

/**
 * Optional request header naming the browser/client on get-token and the refresh calls (docs/api.md
 * "Tokens"): a refresh from another device than the login's is 1015. 1 to 128 of `A-Za-z0-9._:-`.
 */
export const DEVICE_ID_HEADER = 'X-Device-Id';
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
