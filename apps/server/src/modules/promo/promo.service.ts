import { PROMO_LIMITS, PROMO_VARIANTS, isPromoCtaLink, type PromoBanner } from '@studio/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { isAllowedUrlHost } from '../../platform/net/url-guard';
import * as repo from './promo.repository';

export interface PromoDeps {
  db: Db;
  /** PROMO_LINK_HOSTS: hosts an https call-to-action may point at. */
  linkHosts: readonly string[];
}

/** The longest a banner may run, and the longest its countdown may show (minutes). */
const MAX_DAYS = 366;
export const MAX_TIMER_MINUTES = MAX_DAYS * 24 * 60;
const DAY_MS = 24 * 60 * 60 * 1000;

const hasControl = (value: string) => /\p{Cc}/u.test(value);
/** One line of plain text, trimmed, at most `max` characters; `min` 1 makes it required. */
const line = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min, 'must not be blank')
    .max(max, `must be at most ${String(max)} characters`)
    .refine((value) => !hasControl(value), 'must be one line of plain text');

/** Why a call-to-action link is refused, or null: a same-site path, or https to an allowed host. */
function ctaLinkProblem(link: string, linkHosts: readonly string[]): string | null {
  if (!isPromoCtaLink(link)) {
    return 'must be a same-site path such as /subscription, or an https:// URL';
  }
  if (link.startsWith('/') || isAllowedUrlHost(new URL(link), linkHosts)) return null;
  return 'points at a host not listed in PROMO_LINK_HOSTS';
}

/** What a banner shows: checked when it is created, and again before it is served. */
const contentSchema = (linkHosts: readonly string[]) =>
  z.object({
    title: line(PROMO_LIMITS.title, 1),
    discount: line(PROMO_LIMITS.discount).default(''),
    subMessage: line(PROMO_LIMITS.subMessage).default(''),
    ctaText: line(PROMO_LIMITS.ctaText, 1),
    ctaLink: z
      .string()
      .trim()
      .superRefine((link, ctx) => {
        const problem = ctaLinkProblem(link, linkHosts);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    variant: z.enum(PROMO_VARIANTS).default('default'),
  });

/** The served banner's check, built once per allowlist (the config's one array), not per GET. */
const servedSchemas = new WeakMap<readonly string[], ReturnType<typeof contentSchema>>();
function servedSchema(linkHosts: readonly string[]): ReturnType<typeof contentSchema> {
  let schema = servedSchemas.get(linkHosts);
  if (!schema) {
    schema = contentSchema(linkHosts);
    servedSchemas.set(linkHosts, schema);
  }
  return schema;
}

/** An ISO 8601 date and time with its offset (`2026-12-31T23:59:00+05:30` or `…Z`): no guessing. */
const instant = z.iso
  .datetime({
    offset: true,
    message: 'must be an ISO 8601 date-time with an offset, e.g. 2026-12-31T23:59:00Z',
  })
  .transform((value) => new Date(value));

/** The operator's input (admin CLI): every field bounded, dates unambiguous. */
const promoInputSchema = (linkHosts: readonly string[], now: Date) =>
  contentSchema(linkHosts)
    .extend({
      startsAt: instant.optional(),
      endDate: instant,
      timerDuration: z.coerce
        .number()
        .int()
        .min(1)
        .max(MAX_TIMER_MINUTES, `must be at most ${String(MAX_TIMER_MINUTES)} minutes`)
        .nullable()
        .default(null),
    })
    .superRefine((input, ctx) => {
      const startsAt = input.startsAt ?? now;
      // Zod runs this even when a date was refused; those are reported already.
      if (!(input.endDate instanceof Date) || !(startsAt instanceof Date)) return;
      if (startsAt.getTime() > now.getTime() + MAX_DAYS * DAY_MS) {
        ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'must be within a year' });
      }
      if (input.endDate <= now) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be in the future' });
      } else if (input.endDate <= startsAt) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must be after the start' });
      } else if (input.endDate.getTime() - startsAt.getTime() > MAX_DAYS * DAY_MS) {
        ctx.addIssue({
          code: 'custom',
          path: ['endDate'],
          message: `must be at most ${String(MAX_DAYS)} days after the start`,
        });
      }
    });

/**
 * The banner the dashboard shows at `now`, or null. A row edited by hand into something the CLI
 * would refuse (a `javascript:` link, a host taken off the allowlist) is not served.
 */
export async function liveBanner(
  deps: PromoDeps,
  now: Date,
  warn: (message: string, id: string) => void = () => undefined,
): Promise<PromoBanner | null> {
  const row = await repo.findLive(deps.db, now);
  if (!row) return null;
  const checked = servedSchema(deps.linkHosts).safeParse(row);
  if (!checked.success) {
    warn(`promo banner not served: ${z.prettifyError(checked.error)}`, row.id);
    return null;
  }
  const content = checked.data;
  // The spec's field names (document 1 §3).
  return {
    title: content.title,
    discount: content.discount,
    sub_message: content.subMessage,
    cta_text: content.ctaText,
    cta_link: content.ctaLink,
    variant: content.variant,
    end_date: row.endDate.toISOString(),
    timer_duration: row.timerDuration,
  };
}

/** Creates a banner from the operator's input; a refused field is a 400 naming each problem. */
export async function createBanner(
  deps: PromoDeps,
  raw: Record<string, unknown>,
  now: Date,
): Promise<repo.PromoBannerRow> {
  const parsed = promoInputSchema(deps.linkHosts, now).safeParse(raw);
  if (!parsed.success) {
    throw new AppError(400, 'validation_failed', z.prettifyError(parsed.error));
  }
  const { startsAt, ...values } = parsed.data;
  return repo.insert(deps.db, { ...values, startsAt: startsAt ?? now });
}

export type PromoState = 'shown' | 'live' | 'scheduled' | 'ended' | 'stopped';
const LIST_LIMIT = 50;

/** The newest banners with their state at `now`: `shown` is the one the dashboard serves. */
export async function listBanners(
  db: Db,
  now: Date,
): Promise<(repo.PromoBannerRow & { state: PromoState })[]> {
  const [rows, live] = await Promise.all([repo.listRecent(db, LIST_LIMIT), repo.findLive(db, now)]);
  return rows.map((row) => {
    let state: PromoState;
    if (!row.active) state = 'stopped';
    else if (row.endDate <= now) state = 'ended';
    else if (row.startsAt > now) state = 'scheduled';
    else state = row.id === live?.id ? 'shown' : 'live';
    return { ...row, state };
  });
}

/** Ends a banner now (it stops being served at once); its row stays for the record. */
export async function endBanner(db: Db, id: string): Promise<repo.PromoBannerRow> {
  // Banner ids are UUIDs: anything else cannot be one, and must not reach the uuid column.
  const row = z.guid().safeParse(id).success ? await repo.deactivate(db, id) : undefined;
  if (!row) throw new AppError(404, 'not_found', `No promo banner with the id ${id}.`);
  return row;
}
