import { useEffect, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { saveFile } from '../lib/download';

interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  url: string;
  /** The saved file's name, e.g. 'upscaled-image.jpg'. */
  filename: string;
  label?: string;
}

export const DOWNLOAD_FAILED_MESSAGE = 'Download failed. Open the file and save it from there.';

/**
 * Saves a result under its name. When the save fails (offline, blocked), a toast says so and an
 * 'Open file' link appears next to the button until the next try (document 2 §8: a failed
 * download falls back to a direct link). A link the user clicks, not a tab opened for them:
 * after the awaited fetch the click no longer counts as the user's, so popup blockers would
 * silently stop a `window.open`.
 */
export function DownloadButton({
  url,
  filename,
  label = 'Download',
  variant = 'outline',
  ...props
}: DownloadButtonProps) {
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );

  const save = () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setSaving(true);
    setFailed(false);
    saveFile(url, filename, current.signal)
      .catch(() => {
        if (current.signal.aborted) return;
        setFailed(true);
        notify.error(DOWNLOAD_FAILED_MESSAGE);
      })
      .finally(() => {
        if (!current.signal.aborted) setSaving(false);
      });
  };

  return (
    <>
      <Button variant={variant} loading={saving} onClick={save} {...props}>
        {saving ? null : <Download aria-hidden="true" />}
        {label}
      </Button>
      {failed ? (
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          download={filename}
          className="inline-flex items-center self-center text-sm font-medium text-primary underline underline-offset-4"
        >
          Open file
        </a>
      ) : null}
    </>
  );
}
