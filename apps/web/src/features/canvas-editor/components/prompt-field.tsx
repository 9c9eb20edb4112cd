import { useId } from 'react';
import { Wand2 } from 'lucide-react';
import { DEFAULT_VIDEO_PROMPT } from '@studio/contract/tools';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';

export interface PromptNotice {
  tone: 'error' | 'info';
  text: string;
}

interface PromptFieldProps {
  value: string;
  onChange: (prompt: string) => void;
  /** Only video generation takes a prompt. */
  disabled: boolean;
  onAutoGenerate: () => void;
  autoGenerating: boolean;
  notice: PromptNotice | null;
}

/**
 * The video prompt with Auto-generate (document 2 §4). The default prompt is the placeholder,
 * because that is what an empty prompt sends.
 */
export function PromptField({
  value,
  onChange,
  disabled,
  onAutoGenerate,
  autoGenerating,
  notice,
}: PromptFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>Prompt</Label>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled || autoGenerating}
          loading={autoGenerating}
          onClick={onAutoGenerate}
        >
          {autoGenerating ? null : <Wand2 aria-hidden="true" />}
          Auto-generate
        </Button>
      </div>
      <textarea
        id={id}
        value={value}
        disabled={disabled}
        rows={3}
        maxLength={2000}
        placeholder={disabled ? 'No prompt needed for this tool' : DEFAULT_VIDEO_PROMPT}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
        className={cn(
          'w-full min-w-0 resize-y rounded-md border border-input bg-surface px-3 py-2 text-base text-foreground shadow-xs sm:text-sm',
          'placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25 focus-visible:outline-none',
          'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
        )}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {disabled
          ? 'The prompt is used for video generation only.'
          : 'Describe the motion. Writing a prompt replaces the template.'}
      </p>
      {notice ? (
        <Alert
          variant={notice.tone === 'error' ? 'destructive' : 'info'}
          role={notice.tone === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </Alert>
      ) : null}
    </div>
  );
}
