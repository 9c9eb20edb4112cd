export * from './auth';
export * from './credits';
export * from './profiles';
