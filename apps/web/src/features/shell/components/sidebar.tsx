import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { PanelLeftClose, PanelLeftOpen, X } from 'lucide-react';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/hooks/use-media-query';
import { NextTask } from '@/lib/next-task';
import { useAccountSummary } from '@/features/account';
import { DESKTOP_QUERY } from '../lib/desktop-query';
import { RailTooltip } from './rail-tooltip';
import { SidebarNav } from './sidebar-nav';
import { SidebarUser } from './sidebar-user';
import { UpgradePromo } from './upgrade-promo';

export const SIDEBAR_ID = 'app-sidebar';

interface SidebarProps {
  /** Desktop only: icons-only w-16 rail instead of the w-64 panel. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Mobile only: the slide-in panel is open. */
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

/**
 * One sidebar for both layouts: below md it is an off-canvas panel (always wide) that slides
 * in over a dark overlay; from md up it is a sticky column that collapses to an icon rail.
 */
export function Sidebar({ collapsed, onToggleCollapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const withContents = useContentsShown(mobileOpen);

  // Opening the mobile panel moves focus into it, so keyboard and screen-reader users land there.
  useEffect(() => {
    if (mobileOpen) closeButtonRef.current?.focus();
  }, [mobileOpen]);

  return (
    <aside
      id={SIDEBAR_ID}
      aria-label="Sidebar"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-surface',
        'transition-[translate,width,visibility] duration-200 ease-out motion-reduce:transition-none',
        'md:sticky md:top-0 md:h-dvh md:translate-x-0 md:visible',
        mobileOpen ? 'translate-x-0 shadow-popover' : 'invisible -translate-x-full',
        collapsed ? 'md:w-16' : 'md:w-64',
      )}
    >
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-2 border-b border-border px-4',
          collapsed && 'md:justify-center md:px-0',
        )}
      >
        <RailTooltip label="AI Product Studio" enabled={collapsed} desktopOnly className="min-w-0">
          <Link
            to={paths.home.path}
            className="flex min-w-0 items-center gap-2.5 rounded-md font-semibold"
          >
            <BrandMark />
            <span className={cn('truncate', collapsed && 'md:sr-only')}>AI Product Studio</span>
          </Link>
        </RailTooltip>
        <Button
          ref={closeButtonRef}
          variant="ghost"
          size="icon-sm"
          className="ml-auto md:hidden"
          aria-label="Close menu"
          onClick={onCloseMobile}
        >
          <X aria-hidden="true" />
        </Button>
      </div>

      {/* Nav and promo scroll together, so short screens never hide a page behind the promo.
          They render a task after the shell: its links were a quarter of the shell's first render
          (docs/performance.md); on a phone, not before the panel first opens. */}
      <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
        {withContents ? (
          <NextTask>
            <SidebarNav collapsed={collapsed} />
            <SidebarUpgradePromo collapsed={collapsed} />
          </NextTask>
        ) : null}
      </div>

      {withContents ? (
        <NextTask>
          <SidebarUser collapsed={collapsed} />
        </NextTask>
      ) : null}

      <div className="hidden border-t border-border px-3 py-2 md:block">
        <RailTooltip label="Expand sidebar" enabled={collapsed}>
          <Button
            variant="ghost"
            size="sm"
            onClick={onToggleCollapsed}
            aria-expanded={!collapsed}
            aria-controls={SIDEBAR_ID}
            className={cn(
              'w-full text-muted-foreground',
              collapsed ? 'justify-center px-0' : 'justify-start',
            )}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" />
            ) : (
              <PanelLeftClose aria-hidden="true" />
            )}
            <span className={cn(collapsed && 'sr-only')}>
              {collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            </span>
          </Button>
        </RailTooltip>
      </div>
    </aside>
  );
}

/**
 * Whether the panel's links, promo and user show: always from md up; below md (a phone) only from
 * the first time the panel opens, as it is off screen until then, and kept after so it slides out
 * whole. A phone's first load then leaves out a fifth of the signed-in page's elements (ADR 066).
 */
function useContentsShown(mobileOpen: boolean): boolean {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [opened, setOpened] = useState(false);
  // Kept from the render that first saw the panel open (React's "state from props" pattern).
  if (mobileOpen && !opened) setOpened(true);
  return desktop || mobileOpen || opened;
}

/**
 * The promo on its own, so a change of plan re-renders it alone, not the whole sidebar and its
 * navigation.
 */
function SidebarUpgradePromo({ collapsed }: { collapsed: boolean }) {
  const { showUpgradePromo } = useAccountSummary();
  if (!showUpgradePromo) return null;
  return (
    <div className={cn('mt-auto px-3 pb-3', collapsed && 'md:hidden')}>
      <UpgradePromo />
    </div>
  );
}
