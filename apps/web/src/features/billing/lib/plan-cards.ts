import { MONTHLY_PLAN_CREDITS, FREE_SIGNUP_CREDITS } from '@studio/contract/plans';
import type { CardFamily } from './subscription-display';

export interface PlanCardCopy {
  family: CardFamily;
  name: string;
  tagline: string;
  /** What the plan includes, beyond its credits line (spec §2 Subscription). */
  features: readonly string[];
  popular?: boolean;
}

/** The four cards of the Subscription page, in display order. */
export const planCards: readonly PlanCardCopy[] = [
  {
    family: 'free',
    name: 'Free',
    tagline: 'Try the studio',
    features: [
      `Basic AI Photoshoot (${FREE_SIGNUP_CREDITS} credits)`,
      'Gallery storage for 10 images',
    ],
  },
  {
    family: 'plus',
    name: 'Plus',
    tagline: 'For growing catalogues',
    features: [
      `${MONTHLY_PLAN_CREDITS.plus} credits a month`,
      'Fashion Extractor',
      'Balanced mode',
      'Gallery storage for 100 images',
    ],
  },
  {
    family: 'pro',
    name: 'Pro',
    tagline: 'Everything, including video',
    popular: true,
    features: [
      `${MONTHLY_PLAN_CREDITS.pro} credits a month`,
      'Fashion Extractor',
      'Canvas Editor',
      'Video Generation',
      'Quality mode',
      'Unlimited gallery storage',
    ],
  },
  {
    family: 'topup',
    name: 'Credit Topup',
    tagline: 'One-time purchase',
    features: ['One-time payment, no subscription', 'Credits never expire', 'Use on any tool'],
  },
];

/** The Pro benefits the premium gate lists (spec doc 2 Premium feature gate). */
export const proBenefits: readonly string[] = [
  `Unlimited AI Photoshoot (${MONTHLY_PLAN_CREDITS.pro} credits/month)`,
  'Canvas Editor with Video Generation',
  'Fashion Extractor',
  'Quality mode for the sharpest results',
  'Unlimited gallery storage',
];
