import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** Account Settings' way to /settings (name and password), which nothing else linked (ADR 050). */
export function SettingsLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Name and Password</CardTitle>
        <CardDescription>Change the name shown in the studio, or your password.</CardDescription>
      </CardHeader>
      <CardContent>
        <Link to={paths.settings.path} className={buttonVariants({ variant: 'outline' })}>
          <KeyRound aria-hidden="true" />
          Change name or password
        </Link>
      </CardContent>
    </Card>
  );
}
