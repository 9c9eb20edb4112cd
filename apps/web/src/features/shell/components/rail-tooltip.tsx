import { useEffect, useId, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DESKTOP_QUERY } from '../lib/desktop-query';

interface RailTooltipProps {
  /** The control's name, shown beside it. */
  label: string;
  /** Off where the label is already visible (the expanded sidebar). */
  enabled: boolean;
  /** The label is visible below md (the phone panel is always wide): tip only on desktop. */
  desktopOnly?: boolean;
  /** For the wrapper, e.g. `min-w-0` where the control truncates its text. */
  className?: string;
  children: ReactNode;
}

interface Placement {
  left: number;
  top: number;
}

/**
 * The name of an icon-only sidebar control, shown beside it on hover and on keyboard focus, and
 * dismissed with Escape (WCAG 1.4.13). `title` alone shows nothing to keyboard or touch users.
 * The control keeps its own accessible name (screen-reader text), so the tip is `role="tooltip"`
 * without `aria-describedby`: a description equal to the name would be read twice.
 *
 * The tip is portalled to the body with fixed coordinates: the sidebar's scrolling list would
 * clip anything positioned inside it. A few lines instead of Radix Tooltip, whose positioning
 * engine would weigh on every route's first load (150 KiB budget).
 */
export function RailTooltip({
  label,
  enabled,
  desktopOnly = false,
  className,
  children,
}: RailTooltipProps) {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const id = useId();
  const visible = enabled && placement !== null;

  useEffect(() => {
    if (!visible) return;
    const hide = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setPlacement(null);
    };
    const hideNow = () => {
      setPlacement(null);
    };
    document.addEventListener('keydown', hide);
    // A scroll moves the control away from the tip: drop it rather than leave it floating.
    window.addEventListener('scroll', hideNow, true);
    return () => {
      document.removeEventListener('keydown', hide);
      window.removeEventListener('scroll', hideNow, true);
    };
  }, [visible]);

  const show = (target: HTMLElement) => {
    if (!enabled || (desktopOnly && !window.matchMedia(DESKTOP_QUERY).matches)) return;
    const rect = target.getBoundingClientRect();
    // Beside the rail, not over its edge: the control is narrower than the rail it sits in.
    const edge = target.closest('aside')?.getBoundingClientRect().right ?? rect.right;
    setPlacement({ left: Math.max(edge, rect.right) + 8, top: rect.top + rect.height / 2 });
  };
  const hide = () => {
    setPlacement(null);
  };

  return (
    <div
      className={className}
      onMouseEnter={(event) => {
        show(event.currentTarget);
      }}
      onMouseLeave={hide}
      onFocus={(event) => {
        show(event.currentTarget);
      }}
      onBlur={hide}
    >
      {children}
      {visible
        ? createPortal(
            <div
              id={id}
              role="tooltip"
              style={{ left: placement.left, top: placement.top }}
              className="pointer-events-none fixed z-50 -translate-y-1/2 rounded-md bg-foreground px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-background shadow-popover"
            >
              {label}
            </div>,
            document.body,
          )
        : null}
    </div>
  );
}
