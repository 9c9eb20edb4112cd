import { lazy, Suspense, useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { CredentialsDetailsProps } from './credentials-details';

// The details (their words, the IPTC names, the verifier link) load when first opened, or when
// the pointer or focus reaches the button: a gallery page of cards pays for the button only.
const loadDetails = () => import('./credentials-details');
const CredentialsDetails = lazy(loadDetails);
const prefetch = () => {
  loadDetails().catch(() => undefined);
};

/**
 * "Content credentials" under a result or a gallery card (issue 34): a button that shows what
 * the outputs' signed credentials say (credentials-details.tsx). Collapsed by default, so a
 * result or a card stays as compact as before.
 */
export function CredentialsDisclosure({
  className,
  ...details
}: CredentialsDetailsProps & { className?: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={cn('flex flex-col items-start gap-1 text-sm', className)}>
      <Button
        variant="ghost"
        size="sm"
        aria-expanded={open}
        aria-controls={id}
        className="-ml-2 px-2 text-muted-foreground hover:text-foreground"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setOpen((shown) => !shown);
        }}
      >
        Content credentials
        <ChevronDown
          aria-hidden="true"
          className={cn('transition-transform', open && 'rotate-180')}
        />
      </Button>
      {open ? (
        <div id={id} className="w-full rounded-md border border-border bg-muted/40 px-3 py-2">
          <Suspense
            fallback={
              <p className="flex items-center gap-2 text-muted-foreground">
                <Spinner />
                Loading…
              </p>
            }
          >
            <CredentialsDetails {...details} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
