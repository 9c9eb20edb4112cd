export * from './auth';
export * from './billing';
export * from './credits';
export * from './generations';
export * from './batches';
export * from './profiles';
export * from './media';
export * from './catalog';
