// Every table of the server. drizzle.config.ts reads this folder, and the services and tests import
// their tables from here, so each new schema file gets a line below.
export * from './api-keys';
export * from './auth';
export * from './columns';
export * from './config';
export * from './exports';
export * from './finance';
export * from './imports';
export * from './join';
export * from './members';
export * from './operations';
export * from './passes';
export * from './pocket';
export * from './push';
export * from './rbac';
export * from './resources';
export * from './stamping';
export * from './two-factor';
export * from './users';
export * from './webhooks';
