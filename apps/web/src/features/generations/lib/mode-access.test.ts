import type { ModeOption } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { modeOptionLabel, resolveMode, restrictedModesMessage } from './mode-access';
import { requiredPlanLabel, upgradeTarget } from './plan-access';

const freeModes: ModeOption[] = [
  { value: 'performance', label: 'Performance', disabled: false, requiresPlan: [] },
  {
    value: 'balanced',
    label: 'Balanced',
    disabled: true,
    requiresPlan: ['plus', 'pro', 'enterprise'],
  },
  { value: 'quality', label: 'Quality', disabled: true, requiresPlan: ['pro', 'enterprise'] },
];
const proModes = freeModes.map((mode) => ({ ...mode, disabled: false }));

describe('resolveMode', () => {
  it('keeps the choice while the mode list loads', () => {
    expect(resolveMode('quality', undefined)).toBe('quality');
  });

  it('keeps a mode the plan allows', () => {
    expect(resolveMode('quality', proModes)).toBe('quality');
  });

  it('switches a mode the plan does not allow to the first enabled one', () => {
    expect(resolveMode('quality', freeModes)).toBe('performance');
  });

  it('falls back to the default when nothing is enabled', () => {
    expect(
      resolveMode(
        'quality',
        freeModes.map((m) => ({ ...m, disabled: true })),
      ),
    ).toBe('performance');
  });
});

describe('mode labels', () => {
  it('names the plan a disabled mode needs', () => {
    expect(freeModes.map(modeOptionLabel)).toEqual([
      'Performance',
      'Balanced (Plus)',
      'Quality (Pro)',
    ]);
  });

  it("says 'Upgrade Required' when the server names no plan", () => {
    expect(requiredPlanLabel([])).toBe('Upgrade Required');
    expect(
      modeOptionLabel({ value: 'quality', label: 'Quality', disabled: true, requiresPlan: [] }),
    ).toBe('Quality (Upgrade Required)');
  });

  it('names Enterprise when it is the only plan', () => {
    expect(requiredPlanLabel(['enterprise'])).toBe('Enterprise');
  });

  it('explains the restricted modes, and says nothing when all are open', () => {
    expect(restrictedModesMessage(freeModes)).toBe(
      'Balanced needs the Plus plan. Quality needs the Pro plan.',
    );
    expect(restrictedModesMessage(proModes)).toBeNull();
  });
});

describe('upgradeTarget', () => {
  it('sells Plus when Plus unlocks the feature, Pro otherwise (Enterprise is not sold)', () => {
    expect(upgradeTarget(['plus', 'pro', 'enterprise'])).toBe('plus');
    expect(upgradeTarget(['pro', 'enterprise'])).toBe('pro');
    expect(upgradeTarget(['enterprise'])).toBe('pro');
  });
});
