import { randomUUID } from 'node:crypto';
import path from 'node:path';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, toolOutputs } from '@studio/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/env';
import type { Database } from './db/client';
import { registerErrorHandler } from './http/error-handler';
import { registerOriginCheck } from './http/origin-check';
import { registerUnstorableTextRefusal } from './http/refuse-unstorable-text';
import { fastifyTrustProxy } from './http/trust-proxy';
import { registerWebApp } from './http/web-app';
import { createAuth, type Auth } from './modules/auth/auth';
import { authHandlerRoutes, sessionRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { siteRoutes } from './modules/site/site.routes';
import { ERROR_SCHEMAS, SECURITY_SCHEMES, openApiTransform } from './http/openapi';
import { provenanceRoutes } from './modules/provenance/provenance.routes';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { outboundWebhookRoutes } from './modules/outbound-webhooks/outbound-webhooks.routes';
import { startWebhookDispatcher } from './modules/outbound-webhooks/outbound-webhooks.jobs';
import { SECRET_BOX_LABEL } from './modules/outbound-webhooks/outbound-webhooks.service';
import { createSecretBox } from './platform/secret-box';
import { createApiKeyResolver } from './modules/api-keys/api-keys.service';
import { createMarker } from './platform/provenance/marker';
import {
  type SigningMaterial,
  developmentSigningMaterial,
  signingMaterialFromPem,
} from './platform/provenance/signing-material';
import { registerSessionGuard } from './modules/auth/session-guard';
import { createSessionCache, forgetSessionsOnAccountChanges } from './modules/auth/session-cache';
import { registerSharedRateLimits } from './modules/rate-limits/pg-rate-limit-store';
import { createPasswordGuard } from './modules/rate-limits/password-attempts';
import { startIdempotencySweep } from './modules/idempotency/idempotency.service';
import { registerApiKeyLimit } from './modules/rate-limits/api-key-limit';
import { billingRoutes } from './modules/billing/billing.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { eraseUserMedia } from './modules/media/media.service';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { promoRoutes } from './modules/promo/promo.routes';
import { generationRoutes } from './modules/generations/generations.routes';
import { galleryRoutes } from './modules/gallery/gallery.routes';
import { fidelityRoutes } from './modules/fidelity/fidelity.routes';
import { segmentForeground } from './platform/engine/background-removal';
import { holdEngineThread } from './platform/engine/engine-thread';
import type { Segmenter } from './platform/engine/garment-fidelity';
import { startGenerationWorker } from './modules/generations/generations.jobs';
import { batchRoutes } from './modules/batches/batches.routes';
import { colourwayRoutes } from './modules/colourways/colourways.routes';
import { rememberMeasure } from './modules/colourways/colourways.service';
import { listingRoutes } from './modules/listing/listing.routes';
import { falWebhookRoutes } from './modules/webhooks/fal-webhooks.routes';
import { createFalWebhookDeps } from './modules/webhooks/fal-webhooks.service';
import { setImageDecodeConcurrency } from './platform/images/process-image';
import { createProvider } from './platform/providers';
import type { GenerationProvider } from './platform/providers/types';
import { createJobQueue, type JobQueue } from './platform/queue/job-queue';
import { createStorage } from './platform/storage';
import type { Storage } from './platform/storage/storage';
import { creditRoutes } from './modules/credits/credits.routes';
import { userRoutes } from './modules/users/users.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createProfile, recordSignIn } from './modules/users/users.service';
import { createPaymentProviders } from './platform/payments';
import type { PaymentProvider } from './platform/payments/types';
import type { PaymentCurrency } from '@studio/contract';
import type { Mailer } from './platform/email/mailer';
import { createMetrics, type AppMetrics } from './platform/metrics/metrics';
import { metricsRoutes, registerHttpMetrics } from './modules/metrics/metrics.routes';
import { registerDatabaseCollectors } from './modules/metrics/metrics.service';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Secret for session signing; main.ts resolves it (env or a per-data-dir generated one). */
  authSecret: string;
  mailer: Mailer;
  /** Run when an account is deleted, before its row goes (storage, generations…). */
  accountErasers?: readonly ((userId: string) => Promise<void>)[];
  /** Media bytes; default: local disk under `$DATA_DIR/media`. */
  storage?: Storage;
  /** Payment providers per currency; default: from config (Stripe, Razorpay or the sandbox). */
  paymentProviders?: Partial<Record<PaymentCurrency, PaymentProvider>>;
  /** Generation provider; default from config (the local engine, or fal). */
  provider?: GenerationProvider;
  /** Run the generation worker in this process; default: unless ROLE=api. */
  worker?: boolean;
  /** Pino options or false; tests pass false to keep output quiet. */
  logger?: boolean | { level: string };
  /**
   * Finds garments for the garment-fidelity check and products for the listing check and fix;
   * default: the engine's segmentation model.
   */
  garmentSegmenter?: Segmenter;
  /**
   * What the content credentials are signed with (ADR 058); default: C2PA_SIGN_CERT and
   * C2PA_SIGN_KEY, else a development root and signer kept under `$DATA_DIR/c2pa`.
   */
  signingMaterial?: SigningMaterial;
  /**
   * The process's Prometheus metrics (ADR 062); default: a registry of this app's own. main.ts
   * passes its own to serve METRICS_PORT; false turns them off (the overhead bench's baseline).
   */
  metrics?: AppMetrics | false;
}

/** Origins the browser may call us from: the public URL, plus loopback aliases outside production. */
export function trustedOrigins(config: Config): string[] {
  const origins = new Set([config.publicUrl]);
  if (!config.isProduction) {
    for (const host of ['localhost', '127.0.0.1']) origins.add(`http://${host}:${config.port}`);
    origins.add('http://localhost:5173'); // Vite dev server
  }
  return [...origins];
}

/** How often a worker's metrics run `credits:check` (docs/operations.md: hourly). */
const CREDITS_CHECK_EVERY_MS = 60 * 60_000;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const storage = deps.storage ?? createStorage(config);
  const runWorker = deps.worker ?? config.role !== 'api';
  // One bound per process on image decodes, shared by uploads and the worker (ADR 039).
  setImageDecodeConcurrency(config.imageDecodeConcurrency);
  const generation = config.generation;
  const closing = new AbortController();
  const queue: JobQueue = await createJobQueue({
    pool: database.pool,
    supervise: runWorker,
    expireInSeconds: generation.jobExpireSeconds,
    maintenanceIntervalSeconds: generation.queueMaintenanceSeconds,
    retryLimit: 5,
    retryDelaySeconds: generation.retryDelaySeconds,
  });
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Only the proxies named in TRUST_PROXY (default none): trusting every hop takes request.ip
    // from the client-written left-most X-Forwarded-For, and every per-address limit with it.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const signing =
    deps.signingMaterial ??
    (config.c2paSigning
      ? signingMaterialFromPem(config.c2paSigning.certPem, config.c2paSigning.keyPem)
      : await developmentSigningMaterial(path.join(config.dataDir, 'c2pa')));
  const marker = createMarker(signing, app.log);
  // fal's webhook route and the fal jobs share the deliveries it stores (ADR 035).
  const falWebhook = generation.fal?.webhook;
  const falWebhooks =
    falWebhook && generation.fal
      ? createFalWebhookDeps({
          db: database.db,
          jwksUrl: falWebhook.jwksUrl,
          userId: falWebhook.userId,
          log: app.log,
          authSecret: deps.authSecret,
          prices: generation.fal.prices,
        })
      : undefined;
  const provider =
    deps.provider ??
    createProvider(
      generation,
      falWebhooks ? { inbox: falWebhooks.inbox, tagger: falWebhooks.tagger } : undefined,
      {
        segmenter: deps.garmentSegmenter,
        colourwayMeasured: (generationId, measure) =>
          rememberMeasure(database.db, generationId, measure),
      },
    );
  // What the provider really does: prices every tool by it, and `GET /site-info` says it (ADR 048).
  const capabilities = provider.capabilities();

  // One registry per app (tests build many in one process); its HTTP timing hook and the
  // collectors that read the database when scraped (ADR 062).
  const metrics = deps.metrics === false ? undefined : (deps.metrics ?? createMetrics());
  if (metrics) {
    registerHttpMetrics(app, metrics);
    registerDatabaseCollectors(metrics.registry, {
      db: database.db,
      pool: database.pool,
      creditsCheckEveryMs: runWorker ? CREDITS_CHECK_EVERY_MS : undefined,
      log: app.log,
    });
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // JSON bodies only: a text/plain POST is what an HTML form on another site can send without CORS.
  app.removeContentTypeParser('text/plain');
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  const origins = trustedOrigins(config);
  registerOriginCheck(app, origins);
  registerUnstorableTextRefusal(app);

  // Helmet's middleware is built once here and applied to every answer: @fastify/helmet built it
  // again on every request (4 % of the API's CPU under the gallery bench, 2026-11-25 profile).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"], // WebAssembly only (the /verify reader), no eval
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // Same-origin media is all we serve; cross-origin isolation would break provider previews later.
    crossOriginEmbedderPolicy: false,
    // Google sign-in runs in a popup that must be able to message this page when it finishes.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    strictTransportSecurity: config.isProduction,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'AI Product Studio API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: SECURITY_SCHEMES, schemas: ERROR_SCHEMAS },
    },
    transform: openApiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Counters in PostgreSQL, shared by every API process and kept across restarts (ADR 038).
  await registerSharedRateLimits(app, database.db);
  // Idempotency-Keys of uploads and listing packs past their 24 hours go (ADR 059).
  const stopKeySweep = startIdempotencySweep(database.db, {
    intervalMs: 10 * 60_000,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    stopKeySweep();
  });

  const auth: Auth = createAuth({
    db: database.db,
    publicUrl: config.publicUrl,
    secret: deps.authSecret,
    secureCookies: config.isProduction,
    trustedOrigins: origins,
    mailer: deps.mailer,
    google: config.google,
    onUserCreated: (user) => createProfile({ db: database.db }, user),
    onSignIn: (userId, at) => recordSignIn({ db: database.db }, userId, at),
    log: (level, message) => {
      app.log[level]({ component: 'better-auth' }, message);
    },
  });
  // Sessions reused for a few seconds per process; account changes here forget them (ADR 040).
  const sessions = createSessionCache(config.sessionCacheMs);
  // API keys are remembered no longer than sessions: a revocation elsewhere holds within it.
  const apiKeys = createApiKeyResolver(database.db, config.sessionCacheMs);
  forgetSessionsOnAccountChanges(app, sessions);
  // Password attempts spaced per account and client, shared by sign-in and /user/password.
  const passwords = createPasswordGuard({
    db: database.db,
    rateLimitMultiplier: config.rateLimitMultiplier,
    authSecret: deps.authSecret,
    secureCookies: config.isProduction,
  });
  await app.register(
    authHandlerRoutes({
      auth,
      db: database.db,
      rateLimitMultiplier: config.rateLimitMultiplier,
      passwords,
    }),
  );
  // Outbound webhooks' signing secrets, encrypted at rest under a key of their own (ADR 060).
  const webhookSecrets = createSecretBox(deps.authSecret, SECRET_BOX_LABEL);
  // What every route that starts generations is given: the tool calls, the free regeneration,
  // catalogues and listing packs' fixes.
  const generationDeps = {
    db: database.db,
    storage,
    queue,
    providerName: provider.name,
    capabilities,
    deadlineSeconds: generation.deadlineSeconds,
    publicUrl: config.publicUrl,
    allowedHosts: generation.inputAllowedHosts,
    rateLimitMultiplier: config.rateLimitMultiplier,
    metrics,
  };
  await app.register(
    async (api) => {
      registerSessionGuard(api, auth, sessions, apiKeys);
      // Per-key limit of Bearer calls, and the RateLimit fields on answers (ADR 059).
      registerApiKeyLimit(api, config.rateLimitMultiplier);
      await api.register(
        healthRoutes({
          db: database.db,
          isProduction: config.isProduction,
          operatorToken: config.operatorToken,
        }),
      );
      await api.register(
        siteRoutes({
          site: config.site,
          tools: toolOutputs({ real: capabilities, previews: provider.previews?.() }),
        }),
      );
      await api.register(provenanceRoutes({ trustAnchorPem: marker.trustAnchorPem }));
      await api.register(
        apiKeyRoutes({
          db: database.db,
          resolver: apiKeys,
          isProduction: config.isProduction,
          rateLimitMultiplier: config.rateLimitMultiplier,
        }),
      );
      await api.register(
        outboundWebhookRoutes({
          db: database.db,
          box: webhookSecrets,
          allowedHosts: config.webhooks.allowedHosts,
          rateLimitMultiplier: config.rateLimitMultiplier,
        }),
      );
      await api.register(
        sessionRoutes({ db: database.db, googleEnabled: config.google !== undefined }),
      );
      await api.register(
        userRoutes({
          db: database.db,
          auth,
          rateLimitMultiplier: config.rateLimitMultiplier,
          passwords,
          accountErasers: [
            (userId) => eraseUserMedia({ db: database.db, storage }, userId),
            ...(deps.accountErasers ?? []),
          ],
        }),
      );
      await api.register(
        mediaRoutes({
          db: database.db,
          storage,
          quotaBytes: config.mediaQuotaBytes,
          rateLimitMultiplier: config.rateLimitMultiplier,
        }),
      );
      await api.register(
        billingRoutes({
          db: database.db,
          publicUrl: config.publicUrl,
          providers: deps.paymentProviders ?? createPaymentProviders(config.payments),
          payments: config.payments,
          rateLimitMultiplier: config.rateLimitMultiplier,
          log: app.log,
          receipts: { settings: config.receipts, mailer: deps.mailer },
          metrics,
        }),
      );
      await api.register(creditRoutes({ db: database.db }));
      await api.register(catalogRoutes({ db: database.db }));
      await api.register(promoRoutes({ db: database.db, linkHosts: config.promoLinkHosts }));
      await api.register(analyticsRoutes({ db: database.db }));
      await api.register(
        generationRoutes({ ...generationDeps, provider, closing: closing.signal }),
      );
      await api.register(fidelityRoutes(generationDeps));
      await api.register(
        galleryRoutes({
          db: database.db,
          storage,
          publicUrl: config.publicUrl,
          rateLimitMultiplier: config.rateLimitMultiplier,
          authSecret: deps.authSecret,
        }),
      );
      if (falWebhooks) await api.register(falWebhookRoutes(falWebhooks));
      await api.register(batchRoutes({ ...generationDeps, provider }));
      await api.register(colourwayRoutes({ ...generationDeps, closing: closing.signal }));
      await api.register(
        listingRoutes({
          ...generationDeps,
          authSecret: deps.authSecret,
          segmenter: deps.garmentSegmenter,
          packWaitMs: generation.listingPackWaitMs,
        }),
      );
    },
    { prefix: API_BASE },
  );

  if (metrics) {
    await app.register(
      metricsRoutes({
        metrics,
        isProduction: config.isProduction,
        operatorToken: config.operatorToken,
      }),
    );
  }
  await registerWebApp(app, config.webDistDir);

  const worker = runWorker
    ? await startGenerationWorker({
        marker,
        db: database.db,
        storage,
        provider,
        queue,
        publicUrl: config.publicUrl,
        outputHosts: provider.outputHosts ?? [],
        trustedOrigins: provider.trustedOrigins ?? [],
        leaseMs: generation.leaseMs,
        log: app.log,
        concurrency: generation.workerConcurrency,
        sweepIntervalMs: generation.sweepIntervalMs,
        mediaSweepGraceMs: generation.mediaSweepGraceMs,
        segmenter: deps.garmentSegmenter ?? segmentForeground,
        metrics,
      })
    : undefined;
  // Deliveries are sent beside the generation worker, never inside its jobs (ADR 060).
  const webhookDispatcher = runWorker
    ? startWebhookDispatcher({
        db: database.db,
        box: webhookSecrets,
        mailer: deps.mailer,
        log: app.log,
        publicUrl: config.publicUrl,
        allowedHosts: config.webhooks.allowedHosts,
        retryScheduleMs: config.webhooks.retryScheduleMs,
      })
    : undefined;
  // Shutdown: before HTTP drains, release held `?wait=` responses and hand in-flight jobs back
  // (their provider requests are resumed elsewhere), so a long wait cannot hold shutdown hostage.
  // The engine thread's callers stop waiting at once, so a job inside a local inference is handed
  // back too; the thread itself ends once idle, as ending it mid-inference aborts the process.
  const releaseEngine = holdEngineThread();
  app.addHook('preClose', async () => {
    closing.abort();
    const [, engineEnded] = await Promise.all([
      worker ? worker.stop() : queue.stop(5_000),
      releaseEngine(),
      webhookDispatcher?.stop(),
    ]);
    if (!engineEnded) app.log.warn('the engine thread was still busy at shutdown; exiting anyway');
  });
  return app;
}
