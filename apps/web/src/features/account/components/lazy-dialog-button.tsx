import {
  lazy,
  Suspense,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** What a lazily loaded dialog receives from its opening button. */
export interface LazyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLButtonElement | null>;
}

/**
 * A button whose dialog (Radix Dialog and the form, ~17 KiB gzipped) is downloaded on hover,
 * focus or the first click, like the header's account menu (ADR 007), so the page itself stays
 * small. The dialog stays mounted after that, so it can animate and hand focus back on close.
 */
export function createLazyDialogButton<P extends LazyDialogProps>(
  load: () => Promise<{ default: ComponentType<P> }>,
) {
  const Dialog = lazy(load);
  const prefetch = () => {
    load().catch(() => undefined);
  };

  return function LazyDialogButton({
    dialogProps,
    children,
    ...buttonProps
  }: Omit<ButtonProps, 'onClick' | 'children'> & {
    /** The dialog's own props; open state and focus return are handled here. */
    dialogProps: Omit<P, keyof LazyDialogProps>;
    children: ReactNode;
  }) {
    const [loaded, setLoaded] = useState(false);
    const [open, setOpen] = useState(false);
    const ref = useRef<HTMLButtonElement>(null);

    return (
      <>
        <Button
          {...buttonProps}
          ref={ref}
          aria-haspopup="dialog"
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
        >
          {children}
        </Button>
        {loaded ? (
          <Suspense fallback={null}>
            <Dialog
              {...({ ...dialogProps, open, onOpenChange: setOpen, returnFocusRef: ref } as P)}
            />
          </Suspense>
        ) : null}
      </>
    );
  };
}
