// The hand-written push notification views, one chunk loaded on first use (src/pages/resources/overrides.ts).
export { PushCreate, PushEdit } from './PushForm';
export { PushShow } from './PushShow';
