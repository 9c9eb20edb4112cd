import { planCardBenefits } from './plan-benefits';
import type { CardFamily } from './subscription-display';

export interface PlanCardCopy {
  family: CardFamily;
  name: string;
  tagline: string;
  /** What the plan includes (spec §2 Subscription), from the one list of plan benefits. */
  features: readonly string[];
  popular?: boolean;
}

/** The four cards of the Subscription page, in display order. */
export const planCards: readonly PlanCardCopy[] = [
  {
    family: 'free',
    name: 'Free',
    tagline: 'Try the studio',
    features: planCardBenefits('free'),
  },
  {
    family: 'plus',
    name: 'Plus',
    tagline: 'For growing catalogues',
    features: planCardBenefits('plus'),
  },
  {
    family: 'pro',
    name: 'Pro',
    tagline: 'Everything, including video',
    popular: true,
    features: planCardBenefits('pro'),
  },
  {
    family: 'topup',
    name: 'Credit Topup',
    tagline: 'One-time purchase',
    features: [
      'One-time payment, no subscription',
      'Credits never expire',
      'Use on any tool your plan includes',
    ],
  },
];
