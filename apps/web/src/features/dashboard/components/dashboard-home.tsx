import {
  ArrowRight,
  Camera,
  Clapperboard,
  Palette,
  PersonStanding,
  Scissors,
  Shirt,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { paths, type AppPath } from '@/config/paths';
import { useAccountSummary } from '@/features/account';
import { OrderStatusBanner } from '@/features/billing';

interface ToolShortcut {
  title: string;
  description: string;
  path: AppPath;
  icon: LucideIcon;
}

const tools: readonly ToolShortcut[] = [
  {
    title: paths.tryOn.title,
    description:
      'Flat lays and mannequin shots to on-model photos: up to 20 garments on 4 models as one catalogue.',
    path: paths.tryOn.path,
    icon: Shirt,
  },
  {
    title: paths.realisticPhotoshoot.title,
    description: 'Photorealistic on-model shots from model templates, with finer style control.',
    path: paths.realisticPhotoshoot.path,
    icon: Sparkles,
  },
  {
    title: paths.aiDesigner.title,
    description:
      'Redesign a garment from one photo: new colourways by cloth type, theme and palette.',
    path: paths.aiDesigner.path,
    icon: Palette,
  },
  {
    title: paths.aiPoses.title,
    description: 'Re-pose a model photo to build every catalogue angle from one shot.',
    path: paths.aiPoses.path,
    icon: PersonStanding,
  },
  {
    title: paths.fashionExtractor.title,
    description: 'Lift an outfit off a photo and get clean product images of each piece.',
    path: paths.fashionExtractor.path,
    icon: Scissors,
  },
  {
    title: paths.photoshoot.title,
    description: 'Place your product in studio and lifestyle scenes with realistic shadows.',
    path: paths.photoshoot.path,
    icon: Camera,
  },
  {
    title: paths.canvasEditor.title,
    description: 'Fashion reels from a still, HD and 4K upscaling, and background removal.',
    path: paths.canvasEditor.path,
    icon: Clapperboard,
  },
];

/** Interim dashboard: the order banner after a checkout, a greeting and the tools. Sliders and the promo come later. */
export function DashboardHome() {
  const { firstName, firstSession } = useAccountSummary();
  // "Welcome back" only for someone who has been here before; a new account is simply welcomed.
  const greeting = firstSession === false ? 'Welcome back' : 'Welcome';
  return (
    <div className="space-y-8">
      <OrderStatusBanner />
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {greeting}, {firstName}
        </h1>
        <p className="text-muted-foreground">What would you like to create today?</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {tools.map((tool) => {
          const Icon = tool.icon;
          return (
            <li key={tool.path}>
              <Link
                to={tool.path}
                className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-surface p-5 shadow-card transition-[border-color,box-shadow] hover:border-brand-200 hover:shadow-md"
              >
                <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="font-semibold">{tool.title}</span>
                <span className="flex-1 text-sm text-muted-foreground">{tool.description}</span>
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
    </div>
  );
}
