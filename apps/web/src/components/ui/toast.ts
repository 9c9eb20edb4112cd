/**
 * The one way features raise toasts, so wording and durations stay consistent. sonner is
 * imported on first use: toasts never block a page from rendering, and this keeps ~10 KiB
 * gzipped out of every route's initial JS. The Toaster region is lazy-loaded the same way.
 */
const loadSonner = () => import('sonner');
let sonner: ReturnType<typeof loadSonner> | undefined;

function withToast(show: (toast: Awaited<ReturnType<typeof loadSonner>>['toast']) => void): void {
  sonner ??= loadSonner();
  sonner.then(
    ({ toast }) => {
      show(toast);
    },
    () => {
      // Try the download again next time instead of caching the failure.
      sonner = undefined;
    },
  );
}

export const notify = {
  success: (message: string, description?: string) => {
    withToast((toast) => toast.success(message, { description }));
  },
  error: (message: string, description?: string) => {
    withToast((toast) => toast.error(message, { description, duration: 6000 }));
  },
  info: (message: string, description?: string) => {
    withToast((toast) => toast(message, { description }));
  },
};
