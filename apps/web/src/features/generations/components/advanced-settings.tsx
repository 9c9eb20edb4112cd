import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

interface AdvancedSettingsProps {
  prompt: string;
  onPromptChange: (prompt: string) => void;
  /** What an empty prompt means, shown as the placeholder. */
  placeholder?: string;
  hint?: string;
  disabled?: boolean;
}

/**
 * The collapsible Advanced Settings with the prompt (document 2 §2). A native disclosure
 * (`<details>`), so it opens by keyboard and is announced as expandable without any script. It
 * starts open when a prompt is already set (handed over by the gallery), so nothing is hidden.
 */
export function AdvancedSettings({
  prompt,
  onPromptChange,
  placeholder = 'Describe the look you want (optional)',
  hint = 'Added to every image of this run.',
  disabled = false,
}: AdvancedSettingsProps) {
  const id = useId();
  const [open, setOpen] = useState(() => prompt.trim() !== '');
  return (
    <details
      open={open}
      onToggle={(event) => {
        setOpen(event.currentTarget.open);
      }}
      className="group rounded-lg border border-border"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 rounded-lg px-3 py-2.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        Advanced Settings
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform', open && 'rotate-180')}
        />
      </summary>
      <div className="flex flex-col gap-2 border-t border-border px-3 py-3">
        <Label htmlFor={id}>Prompt</Label>
        <textarea
          id={id}
          value={prompt}
          disabled={disabled}
          rows={3}
          maxLength={2000}
          placeholder={placeholder}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            onPromptChange(event.currentTarget.value);
          }}
          className={cn(
            'w-full min-w-0 resize-y rounded-md border border-input bg-surface px-3 py-2 text-base text-foreground shadow-xs sm:text-sm',
            'placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none',
            'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
          )}
        />
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
    </details>
  );
}
