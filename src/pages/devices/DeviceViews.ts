// The hand-written device views and the store's show view with its stamping PIN, one chunk loaded on
// first use (src/pages/resources/overrides.ts).
export { DeviceShow } from './DeviceShow';
export { StoreShow } from './StoreShow';
