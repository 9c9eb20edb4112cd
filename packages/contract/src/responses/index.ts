// Every JSON answer of the API, defined once in zod/mini and shared by both sides (ADR 016): the
// server serialises and documents its answers with these objects (fastify-type-provider-zod), and
// the browser reads them with the same objects from `@studio/contract/responses`, at ~7 KiB of zod
// instead of the ~94 KiB of classic zod (ADR 002). One module per area, so a page's chunk carries
// only its own schemas; the ones the shell needs on every page live together in account.ts.
//
// The browser reads leniently where an odd field must not hide a page; the server stays strict,
// because it *encodes*: encoding skips `catch` and `_default` and runs codecs backwards, so an
// answer the server builds must still carry every field with the right type. A one-way
// `transform` must never appear here: encoding throws on it (every answer would become a 500).
export * from './account';
export * from './billing';
export * from './credit-history';
export * from './uploads';
export * from './generations';
export * from './credentials';
export * from './fidelity';
export * from './angle-views';
export * from './generation-detail';
export * from './catalog';
export * from './gallery';
export * from './batches';
export * from './colourways';
export * from './analytics';
export * from './promo';
export * from './listing';
export * from './api-keys';
export * from './webhook-endpoints';
