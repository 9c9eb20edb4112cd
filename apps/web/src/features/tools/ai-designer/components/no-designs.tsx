import { Palette } from 'lucide-react';
import { DESIGNER_MESSAGES } from '../lib/designer-request';

/** The empty state (document 2 §2: 'No Designs Yet'). */
export function NoDesigns() {
  return (
    <div className="flex min-h-52 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-border px-4 py-10 text-center">
      <Palette aria-hidden="true" className="size-6 text-brand-400" />
      <p className="font-medium">{DESIGNER_MESSAGES.empty}</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        Upload a cloth image or try an example, choose a type, theme and palette, and your designs
        will appear here.
      </p>
    </div>
  );
}
