export * from './claims';
export * from './constants';
export * from './enums';
export * from './envelope';
export * from './errors';
export * from './http';
export * from './list-query';
export * from './push';
