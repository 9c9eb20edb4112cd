import { useId, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The red-bordered region holding the irreversible actions ('Danger Zone'). */
export function DangerZone({ children }: { children: ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="border-destructive/40">
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden="true" className="size-4" />
          Danger Zone
        </CardTitle>
        <CardDescription>
          Deleting your account removes your profile, credits and generations for good.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">{children}</CardContent>
    </Card>
  );
}
