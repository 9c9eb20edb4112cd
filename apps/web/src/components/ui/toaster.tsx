import { Toaster as SonnerToaster } from 'sonner';

/**
 * The app's toast region. Default export so the provider can lazy-load it: toasts are never
 * needed for first paint, and this keeps sonner out of the initial bundle.
 */
export default function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      // Given, sonner does not read the page's direction with getComputedStyle as it mounts: that
      // forced a restyle of the whole page inside the render that showed a page's data (~80 ms on a
      // throttled phone, issue 38). The app is English only, written left to right.
      dir="ltr"
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
