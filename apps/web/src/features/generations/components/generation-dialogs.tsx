import { lazy, Suspense, type RefObject } from 'react';
import { useIdlePrefetch } from '../hooks/use-idle-prefetch';
import type { GenerationRun } from '../hooks/use-generation-run';

// Radix Dialog and the dialogs' content are not needed for first paint: the credits dialog is
// fetched once the page is up and the browser idle (so it opens at once), the upgrade dialog (with
// the payment code) too once the page knows the plan lacks something; both are mounted on first
// need. Fetched from an effect instead, the upgrade dialog's modulepreload links (seven) landed in a
// task of the canvas editor's first renders (issue 38).
const loadInsufficientCredits = () => import('./insufficient-credits-dialog');
const loadUpgrade = () => import('./upgrade-dialog');
const InsufficientCreditsDialog = lazy(loadInsufficientCredits);
const UpgradeDialog = lazy(loadUpgrade);

interface GenerationDialogsProps {
  run: Pick<GenerationRun, 'dialog' | 'dialogOpen' | 'closeDialog'>;
  /** The page's feature, shown in the insufficient-credits dialog ('Canvas Editor'). */
  featureName: string;
  /** Where focus returns when a dialog closes, usually the Generate button. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Fetch the upgrade dialog ahead: the page knows the plan lacks a feature on it. */
  prefetchUpgrade?: boolean;
}

/** The insufficient-credits and upgrade modals of a generation run. */
export function GenerationDialogs({
  run,
  featureName,
  returnFocusRef,
  prefetchUpgrade = false,
}: GenerationDialogsProps) {
  useIdlePrefetch(loadInsufficientCredits);
  useIdlePrefetch(prefetchUpgrade ? loadUpgrade : null);

  const { dialog, dialogOpen, closeDialog } = run;
  if (!dialog) return null;
  const onOpenChange = (open: boolean) => {
    if (!open) closeDialog();
  };

  return (
    <Suspense fallback={null}>
      {dialog.kind === 'insufficient-credits' ? (
        <InsufficientCreditsDialog
          open={dialogOpen}
          onOpenChange={onOpenChange}
          required={dialog.required}
          available={dialog.available}
          featureName={featureName}
          returnFocusRef={returnFocusRef}
        />
      ) : (
        <UpgradeDialog
          open={dialogOpen}
          onOpenChange={onOpenChange}
          requiresPlan={dialog.requiresPlan}
          feature={dialog.feature ?? featureName}
          returnFocusRef={returnFocusRef}
        />
      )}
    </Suspense>
  );
}
