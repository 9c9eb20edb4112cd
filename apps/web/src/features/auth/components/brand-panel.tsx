import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { DressArt, JacketArt, TeeArt } from './garment-art';
import { BrandMark } from '@/components/ui/brand-mark';
import { previewToolsLine, usePreviewTools } from '@/features/site';

interface ShowcaseTileProps {
  caption: string;
  className: string;
  art: ReactNode;
}

function ShowcaseTile({ caption, className, art }: ShowcaseTileProps) {
  return (
    <figure
      className={cn(
        'relative overflow-hidden rounded-2xl p-4 text-brand-950 shadow-lg ring-1 ring-white/20',
        className,
      )}
    >
      <div className="mx-auto aspect-[3/4] w-full max-w-40">{art}</div>
      <figcaption className="mt-2 flex items-center gap-1.5 text-xs font-semibold">
        <Sparkles aria-hidden="true" className="size-3.5" />
        {caption}
      </figcaption>
    </figure>
  );
}

/**
 * Left half of the login screen; hidden at 768px and below (spec §2 Login). It sells the tools, so
 * it also names those this studio only previews (ADR 048).
 */
export function BrandPanel() {
  const previewLine = previewToolsLine(usePreviewTools());
  return (
    <section
      aria-label="About AI Product Studio"
      className="relative hidden overflow-hidden bg-brand-950 text-white min-[769px]:flex min-[769px]:flex-col min-[769px]:justify-between min-[769px]:p-10 lg:p-14"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 -right-32 size-96 rounded-full bg-brand-500/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -bottom-40 -left-24 size-96 rounded-full bg-fuchsia-500/25 blur-3xl"
      />

      <div className="relative flex items-center gap-2.5 text-lg font-semibold">
        <BrandMark className="size-9 text-brand-500" />
        AI Product Studio
      </div>

      <div className="relative space-y-8">
        <div className="max-w-md space-y-3">
          <p className="text-3xl leading-tight font-semibold tracking-tight lg:text-4xl">
            Studio-quality fashion and product photos, without the studio.
          </p>
          <p className="text-base text-brand-100/90">
            Put garments on AI models, change poses, extract outfits and turn shots into videos, in
            minutes.
          </p>
          {previewLine ? <p className="text-sm text-brand-100/90">{previewLine}</p> : null}
        </div>
        <div className="grid max-w-lg grid-cols-3 gap-3 lg:gap-4">
          <ShowcaseTile
            caption="AI try-on"
            className="bg-gradient-to-b from-rose-100 to-rose-200"
            art={<DressArt />}
          />
          <ShowcaseTile
            caption="Pose change"
            className="translate-y-6 bg-gradient-to-b from-amber-50 to-amber-200"
            art={<JacketArt />}
          />
          <ShowcaseTile
            caption="Product shoot"
            className="bg-gradient-to-b from-sky-100 to-sky-200"
            art={<TeeArt />}
          />
        </div>
      </div>

      <p className="relative text-xs text-brand-100/70">
        Sample artwork. Your results use your own products.
      </p>
    </section>
  );
}
