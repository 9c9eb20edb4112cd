import { Link } from 'react-router';
import { paths } from '@/config/paths';

const footerLinks = [paths.terms, paths.privacy, paths.contact] as const;

/**
 * The shell's footer (ADR 050): the legal pages were linked only from /login, so a signed-in user
 * could not find the terms they had agreed to. Same-tab links; the legal pages link back.
 */
export function ShellFooter() {
  return (
    <footer className="border-t border-border px-4 py-4 text-xs text-muted-foreground sm:px-6 lg:px-8">
      <nav aria-label="Legal and contact">
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
          {footerLinks.map((link) => (
            <li key={link.path}>
              <Link to={link.path} className="hover:text-foreground hover:underline">
                {link.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </footer>
  );
}
