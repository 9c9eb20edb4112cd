import { Link } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';
import { useAuthProviders } from '../api/providers';
import { BrandPanel } from './brand-panel';
import { EmailAuthPanel } from './email-auth-panel';
import { GoogleSignIn } from './google-sign-in';

const legalLink = 'font-medium text-foreground underline underline-offset-2 hover:text-primary';

/** The two-column login screen (spec §2 Login): branding left, sign-in options right. */
export function LoginScreen() {
  const providers = useAuthProviders();
  // Email sign-in shows unless the server says it is switched off. The Google button shows only
  // when the server offers Google: an operator's "not configured" is no business of a seller's
  // (ADR 050), who is led to "Sign in with email" instead.
  const emailEnabled = providers?.email !== false;
  const googleEnabled = providers?.google !== false;
  return (
    <div className="grid min-h-dvh bg-background min-[769px]:grid-cols-2">
      <BrandPanel />
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-sm space-y-7">
          <div className="space-y-2">
            <BrandMark className="size-10 min-[769px]:hidden" />
            <h1 className="text-2xl font-semibold tracking-tight">Welcome to AI Product Studio</h1>
            <p className="text-sm text-muted-foreground">
              Sign in to create on-model photos, product shoots and fashion reels.
            </p>
          </div>

          {googleEnabled ? <GoogleSignIn /> : null}

          {emailEnabled && googleEnabled ? (
            <div className="flex items-center gap-3 text-xs text-muted-foreground">
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
              or use your email
              <span aria-hidden="true" className="h-px flex-1 bg-border" />
            </div>
          ) : null}
          {emailEnabled && !googleEnabled ? (
            <h2 className="text-lg font-semibold">Sign in with email</h2>
          ) : null}
          {emailEnabled ? <EmailAuthPanel /> : null}

          <p className="text-center text-xs leading-relaxed text-muted-foreground">
            By continuing, you agree to our{' '}
            <Link to={paths.terms.path} className={legalLink}>
              Terms of Service
            </Link>{' '}
            and acknowledge our{' '}
            <Link to={paths.privacy.path} className={legalLink}>
              Privacy Policy
            </Link>
            .
          </p>
        </div>
      </main>
    </div>
  );
}
