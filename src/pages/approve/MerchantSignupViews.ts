// The hand-written merchantSignup views, one chunk loaded on first use (src/pages/resources/overrides.ts).
export { MerchantSignupList } from './MerchantSignupList';
export { MerchantSignupShow } from './MerchantSignupShow';
