import { Link, useLocation } from 'react-router';
import { cn } from '@/lib/cn';
import { sidebarNavItems } from '../lib/nav-items';
import { isNavItemActive } from '../lib/route-matching';
import { RailTooltip } from './rail-tooltip';

/** The sidebar's page links; when collapsed, labels become screen-reader text plus a tooltip. */
export function SidebarNav({ collapsed }: { collapsed: boolean }) {
  const { pathname } = useLocation();

  return (
    <nav aria-label="Main" className="px-3 py-3">
      <ul className="flex flex-col gap-1">
        {sidebarNavItems.map((item) => {
          const active = isNavItemActive(item.path, pathname);
          const Icon = item.icon;
          return (
            <li key={item.path}>
              {/* Icons-only rail: the label stays as screen-reader text, the tip shows it. */}
              <RailTooltip label={item.label} enabled={collapsed} desktopOnly>
                <Link
                  to={item.path}
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'group flex min-h-10 items-center gap-3 rounded-lg px-3 py-2 text-sm leading-snug font-medium transition-colors',
                    active
                      ? 'bg-brand-50 text-brand-700'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                    collapsed && 'md:justify-center md:px-0',
                  )}
                >
                  <Icon
                    aria-hidden="true"
                    className={cn(
                      'size-5 shrink-0',
                      active
                        ? 'text-brand-600'
                        : 'text-muted-foreground group-hover:text-foreground',
                    )}
                  />
                  <span className={cn(collapsed && 'md:sr-only')}>{item.label}</span>
                </Link>
              </RailTooltip>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
