export * from './constants';
export * from './api';
export * from './errors';
export * from './health';
export * from './session';
export * from './user';
export * from './plans';
export * from './billing';
