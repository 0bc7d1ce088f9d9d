// The hand-written stamp card views, one chunk loaded on first use (src/pages/resources/overrides.ts).
export { MemberCardShow } from './MemberCardShow';
export { StampCardCreate } from './StampCardCreate';
export { StampCardEdit } from './StampCardEdit';
export { StampCardShow } from './StampCardShow';
