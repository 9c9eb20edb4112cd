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

interface SecretDialogProps {
  title: string;
  description: string;
  /** What the secret is, e.g. 'API key': the field's label, the warning and the Copy button say it. */
  label: string;
  secret: string;
  onClose: () => void;
}

/**
 * A secret shown this once (an API key, a webhook signing secret: only a hash or a sealed copy is
 * kept). Loaded on first use; closing it drops the secret from the page's memory.
 */
export default function SecretDialog({
  title,
  description,
  label,
  secret,
  onClose,
}: SecretDialogProps) {
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Alert variant="warning">{`Copy this ${shortName(label)} now: it is shown only once.`}</Alert>
        <Field label={label}>
          {(control) => (
            <Input
              {...control}
              readOnly
              value={secret}
              spellCheck={false}
              className="font-mono"
              onFocus={(event) => {
                event.currentTarget.select();
              }}
            />
          )}
        </Field>
        <CopyButton text={secret} label={`Copy the ${label}`} />
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 'API key' → 'key', 'signing secret' → 'secret': the warning names it as a person would. */
function shortName(label: string): string {
  return label.split(' ').at(-1) ?? label;
}
