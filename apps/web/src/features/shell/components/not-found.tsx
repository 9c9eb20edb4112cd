import { Compass } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';

/** Unknown paths inside the app: stay in the shell and offer a way back. */
export function NotFound() {
  const { pathname } = useLocation();
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-muted text-muted-foreground">
        <Compass aria-hidden="true" className="size-7" />
      </span>
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h2 id="not-found-title" className="text-2xl font-semibold tracking-tight">
        Page not found
      </h2>
      <p className="text-muted-foreground">
        There is nothing at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all text-foreground">
          {pathname}
        </code>
        . It may have moved, or the link may be mistyped.
      </p>
      <Link to={paths.home.path} className={buttonVariants({ className: 'mt-2' })}>
        Go to dashboard
      </Link>
    </section>
  );
}
