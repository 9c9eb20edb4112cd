import {
  Camera,
  Clapperboard,
  CreditCard,
  History,
  Images,
  LayoutDashboard,
  PersonStanding,
  Scissors,
  Shirt,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';
import { paths, type AppPath } from '@/config/paths';

export interface NavItem {
  label: string;
  path: AppPath;
  icon: LucideIcon;
}

/** Sidebar entries, in the spec's order (spec §2 Sidebar). */
export const sidebarNavItems: readonly NavItem[] = [
  { label: 'Dashboard', path: paths.home.path, icon: LayoutDashboard },
  { label: 'Clothes AI Photoshoot', path: paths.tryOn.path, icon: Shirt },
  { label: 'Advance Clothes AI Photoshoot', path: paths.realisticPhotoshoot.path, icon: Sparkles },
  { label: 'AI Pose Change', path: paths.aiPoses.path, icon: PersonStanding },
  { label: 'Fashion Extractor', path: paths.fashionExtractor.path, icon: Scissors },
  { label: 'Product AI Photoshoot', path: paths.photoshoot.path, icon: Camera },
  { label: 'Canvas Editor', path: paths.canvasEditor.path, icon: Clapperboard },
  { label: 'My Gallery', path: paths.gallery.path, icon: Images },
  { label: 'Credit History', path: paths.creditHistory.path, icon: History },
  { label: 'Subscription', path: paths.subscription.path, icon: CreditCard },
];
