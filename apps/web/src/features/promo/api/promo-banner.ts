import type { PromoBanner } from '@studio/contract';
import { isPromoCtaLink } from '@studio/contract/promo';
import { promoBannerSchema } from '@studio/contract/responses';
import { api, ApiError } from '@/lib/api-client';
import { PROMO_TIMEOUT_MS } from '../lib/promo-rules';

export const promoBannerQueryKey = ['promo-banner'] as const;

/** 204 (no body) means no banner is live. A link the banner may not carry makes it unreadable. */
function readBanner(data: unknown): PromoBanner | null {
  if (data === null) return null;
  const banner = promoBannerSchema.parse(data);
  if (!isPromoCtaLink(banner.cta_link)) throw new Error(`unsafe link ${banner.cta_link}`);
  return banner;
}

/**
 * `GET /promo-banner` with the spec's 10 s timeout (§7). A timeout is a failure like any other
 * (retried by the caller); the caller's own cancellation stays a cancellation.
 */
export async function getPromoBanner(signal?: AbortSignal): Promise<PromoBanner | null> {
  const controller = new AbortController();
  const abort = () => {
    controller.abort();
  };
  const timer = window.setTimeout(abort, PROMO_TIMEOUT_MS);
  signal?.addEventListener('abort', abort);
  try {
    return await api.get('/promo-banner', { signal: controller.signal, parse: readBanner });
  } catch (error) {
    if (controller.signal.aborted && !signal?.aborted) {
      throw new ApiError({
        status: 0,
        code: 'network_error',
        message: 'The promotion took too long to load.',
        cause: error,
      });
    }
    throw error;
  } finally {
    window.clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}
