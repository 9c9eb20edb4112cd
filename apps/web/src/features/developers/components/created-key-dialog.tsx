import type { CreatedApiKey } from '@studio/contract/responses';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { CopyButton } from './copy-button';

export const SHOWN_ONCE_MESSAGE = 'Copy this key now: it is shown only once.';

interface CreatedKeyDialogProps {
  name: string;
  created: CreatedApiKey;
  onClose: () => void;
}

/**
 * The new key, this once (ADR 059: only its hash is kept). Loaded on first use by the create form;
 * closing it drops the key from the page's memory, so the list shows only its prefix.
 */
export default function CreatedKeyDialog({ name, created, onClose }: CreatedKeyDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your new API key</DialogTitle>
          <DialogDescription>“{name}” is ready to use.</DialogDescription>
        </DialogHeader>
        <Alert variant="warning">{SHOWN_ONCE_MESSAGE}</Alert>
        <Field label="API key">
          {(control) => (
            <Input
              {...control}
              readOnly
              value={created.key}
              spellCheck={false}
              className="font-mono"
              onFocus={(event) => {
                event.currentTarget.select();
              }}
            />
          )}
        </Field>
        <CopyButton text={created.key} label="Copy the API key" />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
