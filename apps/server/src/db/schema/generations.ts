import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AngleView, DigitalSourceType, ListingSlot } from '@studio/contract';
import { generationBatches } from './batches';

/** What `generations.credentials` holds: the API's `credentials` (ADR 058). */
export interface GenerationCredentials {
  sourceType: DigitalSourceType;
  generator: string;
  model: string | null;
  signedBy: string;
  signedAt: string;
  /** Every marked output read back as valid by the C2PA reference reader. */
  verified: boolean;
  /** Outputs that carry credentials, of all the generation's outputs. */
  marked: number;
  outputs: number;
}

/** What `generations.output_views` holds: each output's view and listing slot (ADR 064). */
export interface OutputView {
  view: AngleView;
  slot: ListingSlot;
}

/**
 * One piece of paid work (ARCHITECTURE §4): queued → running → succeeded | failed | canceled.
 * Its credits are held by the reservation whose id is the generation id; outputs are our media URLs.
 */
export const generations = pgTable(
  'generations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    /** Tool type as the gallery names it: upscaler, video-generation, photoshoot… */
    type: text('type').notNull(),
    /** queued | running | succeeded | failed | canceled */
    status: text('status').notNull().default('queued'),
    mode: text('mode').notNull().default('performance'),
    prompt: text('prompt').notNull().default(''),
    styleName: text('style_name'),
    credits: integer('credits').notNull(),
    /** The validated request, with input URLs resolved to our media. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    inputImageUrls: jsonb('input_image_urls').$type<string[]>().notNull().default([]),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    videoUrls: jsonb('video_urls').$type<string[]>().notNull().default([]),
    /** First output's small WebP and ThumbHash, so gallery cards need no second query. */
    thumbnailUrl: text('thumbnail_url'),
    thumbhash: text('thumbhash'),
    provider: text('provider').notNull().default('local'),
    /** The provider's id for the submitted work: a retried job polls it instead of paying again. */
    providerRequestId: text('provider_request_id'),
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    /** The worker running it holds a lease it renews; a lapsed lease means that worker is gone. */
    leaseToken: text('lease_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Shown with the result: a labelled preview, or settings the model could not honour. */
    previewNote: text('preview_note'),
    /**
     * When the user asked to cancel work the provider already has (ADR 043). A cancel is only a
     * signal there: the generation ends as the provider reports, canceled and refunded, or
     * finished and charged.
     */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    /**
     * The compute time the provider reported for the work (fal's `inference_time`, summed over the
     * job's requests); null when it reports none (the local engine). What a run costs follows it.
     */
    providerInferenceMs: integer('provider_inference_ms'),
    /**
     * The garment-fidelity check (ADR 037) of a try-on, pose or extractor result: CIEDE2000 between
     * the input's and the result's dominant garment colours (the worst output's), pattern similarity
     * 0–1, and the verdict. Null when the tool keeps no garment or the check could not run.
     */
    fidelityColourDifference: real('fidelity_colour_difference'),
    fidelityPatternSimilarity: real('fidelity_pattern_similarity'),
    fidelityPassed: boolean('fidelity_passed'),
    /**
     * The content credentials written into the outputs (ADR 058): digital source type, generator,
     * model, signer, when, whether every marked output validated, and how many of the outputs
     * carry them. Null while unfinished, before marking existed, and when none could be marked.
     */
    credentials: jsonb('credentials').$type<GenerationCredentials>(),
    /**
     * An angle set's outputs' views and listing slots, in `image_urls`' order (ADR 064). Null for
     * every other tool.
     */
    outputViews: jsonb('output_views').$type<OutputView[]>(),
    /** The one free regeneration asked for this result after it failed the check. */
    freeRegenerationId: text('free_regeneration_id'),
    /** On a free regeneration: the result it replaces (it gets no free regeneration of its own). */
    freeRegenerationOf: text('free_regeneration_of'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * When the runner began storing the outputs (the provider had finished): the 'saving' stage of
     * the progress view (ADR 049). Cleared when a worker claims the work again.
     */
    savingStartedAt: timestamp('saving_started_at', { withTimezone: true }),
    /** The sweeper fails and refunds an unfinished generation after this. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The catalogue this pair belongs to (ADR 017); null for a single generation. */
    batchId: text('batch_id').references(() => generationBatches.id),
    /** The pair's place in its catalogue: garment index × models + model index. */
    batchIndex: integer('batch_index'),
  },
  (t) => [
    index('generations_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('generations_user_idempotency_idx')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // Queue position, per-user active limits and the sweeper only ever look at unfinished work.
    index('generations_active_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
    // The gallery: newest first, keyset on (created_at, id), all types or one. NULLS FIRST is what
    // `ORDER BY … DESC` means; an index declared otherwise cannot serve the sort.
    index('generations_gallery_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'succeeded'`),
    index('generations_gallery_type_idx')
      .on(t.userId, t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'succeeded'`),
    // The progress estimate's history (ADR 049): a provider's latest successful runs of a tool.
    index('generations_durations_idx')
      .on(t.provider, t.type, t.finishedAt.desc().nullsFirst())
      .where(sql`${t.status} = 'succeeded'`),
    // A catalogue's pairs in order (its progress view, zip and cancel).
    index('generations_batch_idx')
      .on(t.batchId, t.batchIndex)
      .where(sql`${t.batchId} is not null`),
    index('generations_prompt_trgm_idx')
      .using('gin', sql`${t.prompt} gin_trgm_ops`)
      .where(sql`${t.status} = 'succeeded'`),
    // Gallery search also matches the style (ADR 025): with this index the prompt, style and type
    // arms of the search are one BitmapOr instead of a scan of the user's whole history.
    index('generations_style_trgm_idx')
      .using('gin', sql`${t.styleName} gin_trgm_ops`)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/** A gallery load (document 1 §7 logs one per successful load): page, filter and search. */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    page: text('page').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_views_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * A counter per user that triggers on `generations` (migration 0011) raise whenever the user's
 * work changes in a way that counts: a generation created or deleted, or its status, type,
 * credits, outputs or creation time changed. Progress and lease renewals do not move it. Caches
 * of what is computed from a user's generations (analytics, ADR 032) are valid while it stands
 * still, in every API process, with one primary-key read.
 */
export const generationActivity = pgTable('generation_activity', {
  userId: text('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Succeeded generations per user and type, kept by triggers on `generations` (migration 0017) in
 * the transaction that finishes, re-types or deletes one, so the gallery's totals are one short
 * index read instead of a count over the user's whole history (ADR 040).
 */
export const galleryCounts = pgTable(
  'gallery_counts',
  {
    userId: text('user_id').notNull(),
    type: text('type').notNull(),
    succeeded: integer('succeeded').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
