import { describe, expect, it } from 'vitest';
import {
  GENERATION_TYPES,
  planMayUseTool,
  TOOL_DEFINITIONS,
  type GenerationType,
} from '@studio/contract/tools';
import {
  gateBenefits,
  joinNames,
  planCardBenefits,
  toolNames,
  toolsAddedBy,
  toolsOfPlan,
  type BenefitPlan,
} from './plan-benefits';

const PLANS: readonly BenefitPlan[] = ['free', 'plus', 'pro'];

/** Whether a plan's card names the tool by its contract label. */
const cardNames = (plan: BenefitPlan, type: GenerationType) =>
  planCardBenefits(plan).some((line) => line.includes(TOOL_DEFINITIONS[type].label));

describe('plan benefits', () => {
  it('names on every card exactly the tools the contract lets that plan use', () => {
    for (const plan of PLANS) {
      for (const type of GENERATION_TYPES) {
        expect(cardNames(plan, type), `${plan} / ${type}`).toBe(planMayUseTool(plan, type));
      }
    }
  });

  it('tells Free users they can upscale and remove backgrounds in the Canvas Editor', () => {
    expect(planCardBenefits('free')).toContain(
      'Canvas Editor: Image Upscaler and Background Removal',
    );
    expect(planCardBenefits('free').join('\n')).not.toMatch(/Video Generation|Fashion Extractor/);
  });

  it('lists the Canvas Editor with Video Generation on Pro, and Fashion Extractor on Plus and Pro', () => {
    expect(planCardBenefits('pro')).toContain(
      'Canvas Editor: Video Generation, Image Upscaler and Background Removal',
    );
    expect(planCardBenefits('plus')).toContain('Fashion Extractor');
    expect(planCardBenefits('pro')).toContain('Fashion Extractor');
  });

  it('keeps the spec’s credit lines: Free’s 5 credits on the card, Pro’s gate wording', () => {
    expect(planCardBenefits('free')[0]).toBe('Basic AI Photoshoot (5 credits)');
    expect(planCardBenefits('plus')[0]).toBe('20 credits a month');
    expect(gateBenefits('pro')[0]).toBe('Unlimited AI Photoshoot (40 credits/month)');
  });

  it('gives the gate the same tool, mode and storage lines as the card', () => {
    expect(gateBenefits('pro').slice(1)).toEqual(planCardBenefits('pro').slice(1));
    expect(gateBenefits('plus')).toEqual(planCardBenefits('plus'));
  });

  it('names the modes each plan may use', () => {
    expect(planCardBenefits('free')).toContain('Performance mode');
    expect(planCardBenefits('plus')).toContain('Performance and Balanced modes');
    expect(planCardBenefits('pro')).toContain('Performance, Balanced and Quality modes');
  });

  it('knows what each plan adds to the one below', () => {
    expect(toolsAddedBy('pro')).toEqual(['video-generation']);
    expect(toolsAddedBy('plus')).toEqual(['fashion-extractor']);
    expect(toolsAddedBy('free')).toEqual(toolsOfPlan('free'));
    expect(toolNames(toolsAddedBy('pro'))).toBe('Video Generation');
  });

  it('joins names as a sentence does', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['A'])).toBe('A');
    expect(joinNames(['A', 'B'])).toBe('A and B');
    expect(joinNames(['A', 'B', 'C'])).toBe('A, B and C');
  });
});
