import { formatShortDate } from '@/lib/format';
import { typeLabel } from './gallery-query';

function plural(count: number, noun: string): string {
  return `${String(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** The card badge: both counts always, so a video-only result reads '0 images · 1 video'. */
export function mediaCountLabel(images: number, videos: number): string {
  return `${plural(images, 'image')} · ${plural(videos, 'video')}`;
}

/** The card date ('Jan 15, 2026'); an unreadable timestamp shows 'Invalid Date' (spec §2). */
export function formatGalleryDate(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : formatShortDate(date);
}

/** The prompt photoshoot sends when none is written (document 2 §5): not a description of the run. */
const PHOTOSHOOT_DEFAULT_PROMPT = 'in a landscape';

/**
 * What a card says about a generation: its prompt, except a photoshoot run without one, whose
 * stored prompt is the default sent in its place ('in a landscape', even for a Studio scene):
 * that card names the scene it was made in ('Studio scene').
 */
export function cardCaption(item: { type: string; prompt: string; styleName: string | null }) {
  const prompt = item.prompt.trim();
  if (item.type !== 'photoshoot' || prompt !== PHOTOSHOOT_DEFAULT_PROMPT) return prompt;
  const scene = item.styleName?.trim() ?? '';
  return scene === '' ? '' : `${scene.charAt(0).toUpperCase()}${scene.slice(1)} scene`;
}

/** A short form of a prompt for accessible names, which should not read a whole paragraph. */
export function shortText(text: string, max = 60): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length > max ? `${trimmed.slice(0, max - 1).trimEnd()}…` : trimmed;
}

/**
 * How a card is named: `subject` ('Try-Ons from Nov 28, 2026') and `name`, the subject with the
 * start of its caption, for the card's region, its checkbox and a listing pack's SKU fields.
 */
export function cardNames(item: {
  type: string;
  timestamp: string;
  prompt: string;
  styleName: string | null;
}) {
  const label = typeLabel(item.type);
  const date = formatGalleryDate(item.timestamp);
  const prompt = cardCaption(item);
  const subject = `${label} from ${date}`;
  return {
    label,
    date,
    prompt,
    subject,
    name: prompt === '' ? subject : `${subject}: ${shortText(prompt)}`,
  };
}
