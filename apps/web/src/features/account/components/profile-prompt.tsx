import { lazy, Suspense, useState } from 'react';
import { forgetSignInMethod, wasGoogleSignIn } from '@/features/auth';
import { useProfile } from '../hooks/use-profile';
import { getPromptFields, shouldShowProfilePrompt } from '../lib/profile-prompt';
import { readSkipState, removeSkipMarker, saveSkipMarker } from '../lib/skip-marker-storage';
import type { PromptCloseReason } from './profile-completion-dialog';

// Radix Dialog is needed only when the prompt shows: keep it out of every page's initial JS.
const ProfileCompletionDialog = lazy(() => import('./profile-completion-dialog'));

/**
 * Mounted in the shell: after a Google sign-in, asks for a missing company name or phone number
 * unless the user skipped within the last 5 hours (spec §4 Profile prompt). Answering it in any
 * way (Continue, Skip for now, closing) ends the prompt for this sign-in.
 */
export function ProfilePrompt() {
  const { user, missingFields } = useProfile();
  const [answeredFor, setAnsweredFor] = useState<string | null>(null);

  if (!user || answeredFor === user.id) return null;
  const visible = shouldShowProfilePrompt({
    signedInWithGoogle: wasGoogleSignIn(),
    missing: missingFields,
    ...readSkipState(user.id),
  });
  if (!visible || !missingFields) return null;

  const close = (reason: PromptCloseReason) => {
    if (reason === 'skip') saveSkipMarker(user.id);
    if (reason === 'saved') removeSkipMarker(user.id);
    forgetSignInMethod();
    setAnsweredFor(user.id);
  };

  return (
    <Suspense fallback={null}>
      <ProfileCompletionDialog fields={getPromptFields(missingFields)} onClose={close} />
    </Suspense>
  );
}
