import { BarChart3, Eraser, ImageUp, LayoutGrid, Wand2, type LucideIcon } from 'lucide-react';
import type { GenerationType } from '@studio/contract';
import { paths } from '@/config/paths';
import { toolIcons } from '@/features/shell';

// The sidebar's icon for each tool (one module imports them; see nav-items.ts).
const {
  tryOn,
  realisticPhotoshoot,
  aiDesigner,
  aiPoses,
  fashionExtractor,
  photoshoot,
  canvasEditor,
} = toolIcons;

export interface FeatureCard {
  title: string;
  description: string;
  /** A path of the app, with the canvas editor's `?tool=` preset where the card opens one tool. */
  href: string;
  icon: LucideIcon;
  /** The tool the card sells, whose output here the card states (ADR 048); none for Analytics. */
  tool?: GenerationType;
}

/** The canvas editor reads `?tool=` to open on a tool (features/canvas-editor/lib/canvas-state.ts). */
const canvasTool = (tool: 'upscaler' | 'background-removal') =>
  `${paths.canvasEditor.path}?tool=${tool}`;

/**
 * Spec §2 Dashboard, in its order and with its names where it gives them. "Change Background" was
 * a '#' placeholder in the old client; it opens background removal, the first step of a new
 * backdrop. The AI Designer, a tool the old dashboard never listed, has its card too.
 */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'Fashion Reels',
    description: 'Turn a still into a short fashion video from a motion template.',
    href: paths.canvasEditor.path,
    icon: canvasEditor ?? Wand2,
    tool: 'video-generation',
  },
  {
    title: paths.realisticPhotoshoot.title,
    description: 'Photorealistic on-model shots from model templates, with finer style control.',
    href: paths.realisticPhotoshoot.path,
    tool: 'realistic-try-on',
    icon: realisticPhotoshoot ?? Wand2,
  },
  {
    title: 'Outfit Picker',
    description: 'Lift an outfit off a photo and get clean product images of each piece.',
    href: paths.fashionExtractor.path,
    tool: 'fashion-extractor',
    icon: fashionExtractor ?? Wand2,
  },
  {
    title: paths.aiPoses.title,
    description: 'Re-pose a model photo to build every catalogue angle from one shot.',
    href: paths.aiPoses.path,
    tool: 'ai-poses',
    icon: aiPoses ?? Wand2,
  },
  {
    title: 'Dummy/Mannequin to AI Model',
    description: 'Flat lays and mannequin shots become on-model photos.',
    href: paths.tryOn.path,
    icon: tryOn ?? Wand2,
    tool: 'try-on',
  },
  {
    title: 'Clothes Catalogue Generator',
    description: 'Up to 20 garments on 4 models as one downloadable catalogue.',
    href: paths.tryOn.path,
    icon: LayoutGrid,
    tool: 'try-on',
  },
  {
    title: '4K Resolution Converter',
    description: 'Upscale a photo to HD or 4K for print and marketplaces.',
    href: canvasTool('upscaler'),
    tool: 'upscaler',
    icon: ImageUp,
  },
  {
    title: 'Change Background',
    description: 'Cut your product or model out of its backdrop, ready for a new scene.',
    href: canvasTool('background-removal'),
    icon: Wand2,
    tool: 'background-removal',
  },
  {
    title: 'Background Removal',
    description: 'A clean transparent cut-out of any product or model photo.',
    href: canvasTool('background-removal'),
    icon: Eraser,
    tool: 'background-removal',
  },
  {
    title: 'Product photography',
    description: 'Place your product in studio and lifestyle scenes with realistic shadows.',
    href: paths.photoshoot.path,
    tool: 'photoshoot',
    icon: photoshoot ?? Wand2,
  },
  {
    title: paths.aiDesigner.title,
    description:
      'Redesign a garment from one photo: new colourways by cloth type, theme and palette.',
    href: paths.aiDesigner.path,
    tool: 'ai-designer',
    icon: aiDesigner ?? Wand2,
  },
  {
    title: paths.analytics.title,
    description: 'What you made, per tool and per day, and the credits it took.',
    href: paths.analytics.path,
    icon: BarChart3,
  },
];
