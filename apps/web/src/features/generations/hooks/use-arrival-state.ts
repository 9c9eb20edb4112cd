import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  readToolNavigationState,
  type ToolNavigationState,
} from '@/features/generations/lib/navigation-state';
import { rememberMadeFrom } from '../lib/made-from';

/**
 * What another screen handed over in router state (document 2 §2), read once when the page
 * opens and then cleared from the history entry, so a reload or Back does not apply it again.
 * A tool handed over this way is written into `?tool=`, so a reload keeps it.
 */
export function useArrivalState(): ToolNavigationState {
  const location = useLocation();
  const navigate = useNavigate();
  const [arrival] = useState(() => readToolNavigationState(location.state));
  const hasState = location.state !== null && location.state !== undefined;

  // Once per opening of the screen; the cleared history entry below must not forget it.
  const openedAt = location.pathname;
  useEffect(() => {
    rememberMadeFrom(openedAt, arrival.recreatingFrom);
  }, [openedAt, arrival.recreatingFrom]);

  useEffect(() => {
    if (!hasState) return;
    const search = new URLSearchParams(location.search);
    if (arrival.tool) search.set('tool', arrival.tool);
    const query = search.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ''}`, {
      replace: true,
      state: null,
    });
  }, [arrival.tool, hasState, location.pathname, location.search, navigate]);

  return arrival;
}
