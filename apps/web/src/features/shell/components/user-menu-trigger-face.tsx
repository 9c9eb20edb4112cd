import { ChevronDown } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';

/** What the account-menu button shows; shared by the placeholder and the real Radix trigger. */
export function UserMenuTriggerFace({
  image,
  firstName,
}: {
  image: string | null;
  firstName: string;
}) {
  return (
    <>
      <Avatar src={image} className="size-8" />
      <span className="hidden max-w-32 truncate text-sm font-medium sm:inline">{firstName}</span>
      <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground sm:block" />
    </>
  );
}

export const userMenuTriggerClass =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 transition-colors hover:bg-muted data-[state=open]:bg-muted';
