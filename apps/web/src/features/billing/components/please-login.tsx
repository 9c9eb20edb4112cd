import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { getLoginHref, paths } from '@/config/paths';

/** Signed-out visitors see the plans, but their own plan needs a sign-in (spec §2 Subscription). */
export function PleaseLogin() {
  return (
    <Card>
      <CardContent className="flex flex-col items-start gap-3 pt-5 sm:flex-row sm:items-center sm:justify-between sm:pt-6">
        <div className="space-y-1">
          <h3 className="text-base font-semibold">Please Login</h3>
          <p className="text-sm text-muted-foreground">
            Sign in to see your current plan and to buy a plan or credits.
          </p>
        </div>
        <Link to={getLoginHref(paths.subscription.path)} className={buttonVariants()}>
          <LogIn aria-hidden="true" />
          Go to Login
        </Link>
      </CardContent>
    </Card>
  );
}
