import { Clapperboard, Lock, ZoomIn } from 'lucide-react';
import { Link } from 'react-router';
import type { GenerationType } from '@studio/contract';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { ChosenBadges } from '@/features/listing';
import { useIsPreviewTool } from '@/features/site';
import { resultHandOff } from '../lib/navigation-state';
import { DownloadButton } from './download-button';

export interface ResultActionsProps {
  url: string;
  /** The saved file's name ('advance-clothes-photoshoot-1.jpg'). */
  filename: string;
  /** 0-based place among several results, for the buttons' accessible names; null for one. */
  index: number | null;
  generationId: string;
  /** The tool that made the result: a labelled preview's result is offered no paid follow-up. */
  tool: GenerationType;
  prompt: string;
  style?: string;
  /** From `useVideoAccess`: read once per page, not once per result. */
  videoAccess: 'open' | 'locked';
  /** Names the result in the buttons' accessible names when a page shows many ('red dress on Ava'). */
  subject?: string;
}

/**
 * What every tool offers under a result (document 2 §2): Download, Create Video (the canvas
 * editor's video tool, for Pro and Enterprise; a lock badge and the plans page for others) and
 * HD (the editor's upscaler). Both hand-offs carry the result, its prompt and its origin. A
 * labelled preview gets Download only: HD and video cost credits and would work on the preview
 * image, not on the seller's garment (ADR 048). The seller's marketplaces' badges follow (issue
 * 33; nothing when none is chosen): a generation's first image is checked by its id, shared with
 * its gallery card, a later one by its URL.
 */
export function ResultActions({
  url,
  filename,
  index,
  generationId,
  tool,
  prompt,
  style,
  videoAccess,
  subject,
}: ResultActionsProps) {
  const preview = useIsPreviewTool(tool);
  const of =
    subject !== undefined
      ? ` from ${subject}`
      : index === null
        ? ''
        : ` from result ${String(index + 1)}`;
  const handOff = { imageUrl: url, prompt, style, generationId };
  const linkClass = cn(buttonVariants({ variant: 'outline' }));
  return (
    <>
      {/* The name says which result; the visible word stays short so it fits a narrow card. */}
      <DownloadButton
        url={url}
        filename={filename}
        aria-label={
          subject !== undefined
            ? `Download ${subject}`
            : index === null
              ? undefined
              : `Download result ${String(index + 1)}`
        }
      />
      {preview ? null : videoAccess === 'open' ? (
        <Link
          to={paths.canvasEditor.path}
          state={resultHandOff(handOff)}
          aria-label={`Create Video${of}`}
          className={linkClass}
        >
          <Clapperboard aria-hidden="true" />
          Create Video
        </Link>
      ) : (
        <Link
          to={paths.subscription.path}
          aria-label={`Create Video${of} (needs the Pro plan)`}
          className={linkClass}
        >
          <Clapperboard aria-hidden="true" />
          Create Video
          <span className="inline-flex items-center gap-0.5 rounded-full bg-warning-soft px-1.5 py-0.5 text-[0.7rem] font-semibold text-warning">
            <Lock aria-hidden="true" className="size-3" />
            Pro
          </span>
        </Link>
      )}
      {preview ? null : (
        <Link
          to={paths.canvasEditor.path}
          state={resultHandOff({ ...handOff, tool: 'upscaler' })}
          aria-label={`HD${of}`}
          className={linkClass}
        >
          <ZoomIn aria-hidden="true" />
          HD
        </Link>
      )}
      <ChosenBadges
        target={index === null || index === 0 ? { generationId } : { imageUrl: url }}
        subject={subject ?? (index === null ? 'This result' : `Result ${String(index + 1)}`)}
      />
    </>
  );
}
