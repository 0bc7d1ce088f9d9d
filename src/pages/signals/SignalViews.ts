// The hand-written fraud signal views, one chunk loaded on first use (src/pages/resources/overrides.ts).
export { SignalShow } from './SignalShow';
