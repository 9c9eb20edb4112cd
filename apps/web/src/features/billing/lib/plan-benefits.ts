import { FREE_SIGNUP_CREDITS, MONTHLY_PLAN_CREDITS } from '@studio/contract/plans';
import {
  CANVAS_TOOLS,
  GENERATION_TYPES,
  MODE_LABELS,
  MODES,
  planMayUseMode,
  planMayUseTool,
  TOOL_DEFINITIONS,
  TOOL_SCREENS,
  type GenerationType,
  type ToolScreenKey,
} from '@studio/contract/tools';

// What each plan on sale includes, read from the contract's tool list and mode rules (the same
// data the server checks), so the plan cards, the premium gate and /upgrade can never promise a
// tool the server refuses or hide one it allows, and a new tool appears on every card by itself.
// Why: docs/decisions/027-one-list-of-plan-benefits.md.

/** The plans a card or gate sells or describes (Enterprise is recognised, never sold). */
export type BenefitPlan = 'free' | 'plus' | 'pro';

/** Gallery storage claims (spec §2 Subscription: marketing; enforcement is not shown). */
const GALLERY_STORAGE: Record<BenefitPlan, string> = {
  free: 'Gallery storage for 10 images',
  plus: 'Gallery storage for 100 images',
  pro: 'Unlimited gallery storage',
};

/** The plan a plan builds on, for "what it adds". */
const PLAN_BELOW: Record<BenefitPlan, BenefitPlan | null> = {
  free: null,
  plus: 'free',
  pro: 'plus',
};

/** The tools a plan may use, in the contract's order. */
export function toolsOfPlan(plan: BenefitPlan): GenerationType[] {
  return GENERATION_TYPES.filter((type) => planMayUseTool(plan, type));
}

/** The tools a plan adds to the plan below it (Pro: Video Generation). */
export function toolsAddedBy(plan: BenefitPlan): GenerationType[] {
  const below = PLAN_BELOW[plan];
  return toolsOfPlan(plan).filter((type) => below === null || !planMayUseTool(below, type));
}

/** 'A', 'A and B', 'A, B and C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${String(names.at(-1))}`;
}

/** The contract's labels of some tools, as one phrase ('Video Generation'). */
export function toolNames(types: readonly GenerationType[]): string {
  return joinNames(types.map((type) => TOOL_DEFINITIONS[type].label));
}

/**
 * Whether a tool is one its screen lets the user pick. The listing fix (issue 33) opens in the
 * Canvas Editor from the gallery but is made from a listing badge's check, not picked there: a
 * card names it on a line of its own, not as one of the editor's tools.
 */
function offeredOnScreen(type: GenerationType): boolean {
  return TOOL_DEFINITIONS[type].screen !== 'canvasEditor' || CANVAS_TOOLS.some((t) => t === type);
}

/**
 * One line per tool screen, in sidebar order, then one per tool made elsewhere (the listing fix).
 * A screen with one tool shows that tool's label; a screen with several (the Canvas Editor) names
 * the screen and the tools of it the plan gets, so a Free card says it can upscale and cut out,
 * and only Pro's line has Video Generation.
 */
function toolLines(plan: BenefitPlan): string[] {
  const tools = toolsOfPlan(plan);
  const screens = Object.keys(TOOL_SCREENS) as ToolScreenKey[];
  const onScreens = screens.flatMap((screen) => {
    const onScreen = GENERATION_TYPES.filter(
      (type) => TOOL_DEFINITIONS[type].screen === screen && offeredOnScreen(type),
    );
    const included = onScreen.filter((type) => tools.includes(type));
    if (included.length === 0) return [];
    if (onScreen.length === 1) return [toolNames(included)];
    return [`${TOOL_SCREENS[screen].title}: ${toolNames(included)}`];
  });
  const elsewhere = tools.filter((type) => !offeredOnScreen(type)).map((type) => toolNames([type]));
  return [...onScreens, ...elsewhere];
}

/** 'Performance mode', 'Performance and Balanced modes', … */
function modesLine(plan: BenefitPlan): string {
  const modes = MODES.filter((mode) => planMayUseMode(plan, mode));
  const names = joinNames(modes.map((mode) => MODE_LABELS[mode]));
  return `${names} mode${modes.length === 1 ? '' : 's'}`;
}

/** The credits line of a plan card (spec §2: 'Free: … basic photoshoot 5 credits'). */
function cardCreditsLine(plan: BenefitPlan): string {
  return plan === 'free'
    ? `Basic AI Photoshoot (${FREE_SIGNUP_CREDITS} credits)`
    : `${MONTHLY_PLAN_CREDITS[plan]} credits a month`;
}

/** Everything but the credits line: tools, modes and storage. */
function includedLines(plan: BenefitPlan): string[] {
  return [...toolLines(plan), modesLine(plan), GALLERY_STORAGE[plan]];
}

/** What a plan card lists (spec §2 Subscription). */
export function planCardBenefits(plan: BenefitPlan): string[] {
  return [cardCreditsLine(plan), ...includedLines(plan)];
}

/**
 * What the premium gate lists for the plan it sells: the card's lines, with the Pro credits worded
 * as the spec's gate words them ('Unlimited AI Photoshoot (40 credits/month)', document 2).
 */
export function gateBenefits(plan: Exclude<BenefitPlan, 'free'>): string[] {
  const credits =
    plan === 'pro'
      ? `Unlimited AI Photoshoot (${MONTHLY_PLAN_CREDITS.pro} credits/month)`
      : cardCreditsLine(plan);
  return [credits, ...includedLines(plan)];
}
