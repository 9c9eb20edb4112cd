import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.76h3.57c2.08-1.92 3.27-4.74 3.27-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.76c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.11A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.11V7.05H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.95l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.56 10.56 0 0 0 12 1 11 11 0 0 0 2.18 7.05l3.66 2.84C6.71 7.3 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

/**
 * Interim Google button: the server has no Google provider configured yet, so the click only
 * explains that. The accounts work replaces the handler with the real OIDC redirect and the
 * spec's 'Connecting to Google...' states.
 */
export function GoogleSignIn() {
  const [showNotice, setShowNotice] = useState(false);

  return (
    <div className="space-y-3">
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        onClick={() => {
          setShowNotice(true);
        }}
      >
        <GoogleLogo />
        Continue with Google
      </Button>
      {showNotice ? (
        <Alert variant="warning" role="status">
          Google sign-in is not configured on this server.
        </Alert>
      ) : null}
    </div>
  );
}
