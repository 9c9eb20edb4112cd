import { Toaster as SonnerToaster } from 'sonner';

/**
 * The app's toast region. Default export so the provider can lazy-load it: toasts are never
 * needed for first paint, and this keeps sonner out of the initial bundle.
 */
export default function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'rounded-lg! border-border! shadow-popover! font-sans!',
          description: 'text-muted-foreground!',
        },
      }}
    />
  );
}
