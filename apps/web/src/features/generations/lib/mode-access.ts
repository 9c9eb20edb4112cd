import type { ModeOption } from '@studio/contract';
import { DEFAULT_MODE, type Mode } from '@studio/contract/tools';
import { requiredPlanLabel } from './plan-access';

/**
 * The mode actually used (document 2 §4 Mode): the chosen one while the list loads or when the
 * plan allows it, else the first enabled mode. Derived rather than stored, so a plan change (an
 * upgrade in another tab, an expiry) corrects it without an effect.
 */
export function resolveMode(chosen: Mode, modes: readonly ModeOption[] | undefined): Mode {
  if (!modes) return chosen;
  const option = modes.find((mode) => mode.value === chosen);
  if (option && !option.disabled) return chosen;
  return modes.find((mode) => !mode.disabled)?.value ?? DEFAULT_MODE;
}

/** An option's text: 'Quality (Pro)' when the plan does not include it. */
export function modeOptionLabel(option: ModeOption): string {
  return option.disabled
    ? `${option.label} (${requiredPlanLabel(option.requiresPlan)})`
    : option.label;
}

/**
 * The restricted-mode message under the selector, or null when every mode is open:
 * 'Balanced needs the Plus plan. Quality needs the Pro plan.'
 */
export function restrictedModesMessage(modes: readonly ModeOption[]): string | null {
  const locked = modes.filter((mode) => mode.disabled);
  if (locked.length === 0) return null;
  return locked
    .map((mode) => {
      const plan = requiredPlanLabel(mode.requiresPlan);
      return plan === 'Upgrade Required'
        ? `${mode.label} needs an upgrade.`
        : `${mode.label} needs the ${plan} plan.`;
    })
    .join(' ');
}
