import { RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * Clear All Settings (document 2 §4): the page resets its inputs, selections, results and
 * errors to their defaults. Refused while a generation runs, so a running job keeps its page.
 */
export function ClearAllButton({
  onClear,
  disabled,
  label = 'Clear All Settings',
}: {
  onClear: () => void;
  disabled: boolean;
  label?: string;
}) {
  return (
    <Button variant="outline" className="w-full" disabled={disabled} onClick={onClear}>
      <RotateCcw aria-hidden="true" />
      {label}
    </Button>
  );
}
