/** From this width up the sidebar is a column beside the page (Tailwind's `md`); below, a panel. */
export const DESKTOP_QUERY = '(min-width: 768px)';
