import type { Config } from '../config/env';
import type { Db } from '../db/client';
import { AppError } from '../http/errors';
import * as promo from '../modules/promo/promo.service';

export const promoUsage = `  promo-create --title "..." --cta-text "..." --cta-link /subscription --ends <date-time>
               [--discount "50% OFF"] [--sub-message "..."] [--variant urgent|gift|default]
               [--starts <date-time>] [--timer-minutes <n>]
                                                add a dashboard promo banner; date-times are ISO 8601
                                                with an offset (2026-12-31T23:59:00+05:30); the
                                                countdown shows for the last --timer-minutes (default:
                                                all along); an https link needs its host in
                                                PROMO_LINK_HOSTS
  promo-list                                    list the newest promo banners and their state
  promo-end <id>                                stop a promo banner now
`;

export interface PromoOptions {
  title?: string | undefined;
  discount?: string | undefined;
  'sub-message'?: string | undefined;
  'cta-text'?: string | undefined;
  'cta-link'?: string | undefined;
  variant?: string | undefined;
  starts?: string | undefined;
  ends?: string | undefined;
  'timer-minutes'?: string | undefined;
}

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function describe(row: { id: string; title: string; variant: string }): string {
  return `${row.id}  [${row.variant}] "${row.title}"`;
}

/** The promo-* commands of the admin CLI; `arg` is the id for promo-end. */
export async function runPromoCommand(
  db: Db,
  config: Config,
  command: string,
  arg: string | undefined,
  options: PromoOptions,
  out: (line: string) => void,
): Promise<number> {
  const now = new Date();
  switch (command) {
    case 'promo-create': {
      const row = await promo.createBanner(
        { db, linkHosts: config.promoLinkHosts },
        {
          title: options.title,
          discount: options.discount,
          subMessage: options['sub-message'],
          ctaText: options['cta-text'],
          ctaLink: options['cta-link'],
          variant: options.variant,
          startsAt: options.starts,
          endDate: options.ends,
          timerDuration: options['timer-minutes'],
        },
        now,
      );
      out(`Created ${describe(row)}, from ${iso(row.startsAt)} until ${iso(row.endDate)}`);
      return 0;
    }
    case 'promo-list': {
      const rows = await promo.listBanners(db, now);
      if (rows.length === 0) out('No promo banners.');
      for (const row of rows) {
        out(
          `${row.state.padEnd(9)} ${iso(row.startsAt)} → ${iso(row.endDate)}  ${describe(row)} → ${row.ctaLink}`,
        );
      }
      return 0;
    }
    case 'promo-end': {
      if (!arg) throw new AppError(400, 'bad_request', 'promo-end needs the id promo-list shows.');
      const row = await promo.endBanner(db, arg);
      out(`Stopped ${describe(row)}`);
      return 0;
    }
    default:
      throw new AppError(400, 'bad_request', `Unknown command ${command}.\n\n${promoUsage}`);
  }
}
