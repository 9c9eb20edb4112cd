import { useState } from 'react';
import { DEFAULT_MODE, type Mode } from '@studio/contract/tools';
import { useModes } from '../api/modes';
import { resolveMode } from '../lib/mode-access';

/**
 * The mode selector's state (document 2 §4 Mode): `mode` is the one to send, the user's choice
 * unless the plan does not allow it, in which case the first enabled mode.
 */
export function useModeChoice(initial: Mode = DEFAULT_MODE) {
  const [chosen, setMode] = useState<Mode>(initial);
  const access = useModes();
  return { mode: resolveMode(chosen, access.data?.modes), setMode, access };
}

export type ModeChoice = ReturnType<typeof useModeChoice>;
