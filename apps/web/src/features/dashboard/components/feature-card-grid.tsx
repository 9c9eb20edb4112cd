import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ToolOutputBadge } from '@/features/site';
import { FEATURE_CARDS } from '../lib/feature-cards';

/**
 * Every tool of spec §2 Dashboard as a card linking to it, tagged when the tool only previews
 * here or is not available (ADR 048), so a seller knows before opening it.
 */
export function FeatureCardGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {FEATURE_CARDS.map((card) => {
        const Icon = card.icon;
        return (
          <li key={card.title}>
            <Link
              to={card.href}
              className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-card transition-[border-color,box-shadow] hover:border-brand-200 hover:shadow-md"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{card.title}</span>
                {/* A space, so the card's accessible name reads "AI Pose Change Preview only here". */}
                {card.tool ? (
                  <>
                    {' '}
                    <ToolOutputBadge tool={card.tool} />
                  </>
                ) : null}
              </span>
              <span className="flex-1 text-sm text-muted-foreground">{card.description}</span>
              <span className="flex items-center gap-1 text-sm font-medium text-brand-600">
                Open
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
