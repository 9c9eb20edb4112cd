import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { copyText } from '../lib/copy-text';

/** How long 'Copied' stays on the button. */
const COPIED_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies `text`; the button says 'Copied' for a moment, and a refusal is said beside it (the text
 * stays on the page to select by hand). `label` names what is copied for screen readers.
 */
export function CopyButton({
  text,
  label,
  ...buttonProps
}: Omit<ButtonProps, 'onClick' | 'children'> & { text: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state !== 'copied') return undefined;
    const timer = setTimeout(() => {
      setState('idle');
    }, COPIED_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [state]);

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        {...buttonProps}
        aria-label={label}
        onClick={() => {
          void copyText(text).then((copied) => {
            setState(copied ? 'copied' : 'failed');
          });
        }}
      >
        {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="text-xs text-muted-foreground">
        {state === 'copied' ? 'Copied to the clipboard.' : null}
        {state === 'failed'
          ? 'The browser did not allow copying: select the text and copy it.'
          : null}
      </span>
    </span>
  );
}
