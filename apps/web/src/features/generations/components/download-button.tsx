import { useEffect, useRef, useState } from 'react';
import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { openInNewTab, saveFile } from '../lib/download';

interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  url: string;
  /** The saved file's name, e.g. 'upscaled-image.jpg'. */
  filename: string;
  label?: string;
}

/**
 * Saves a result under its name. When the save fails (offline, blocked), the file opens in a
 * new tab instead, where the browser's own Save works (document 2 §8: a failed download falls
 * back to a direct link).
 */
export function DownloadButton({
  url,
  filename,
  label = 'Download',
  variant = 'outline',
  ...props
}: DownloadButtonProps) {
  const [saving, setSaving] = useState(false);
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
    saveFile(url, filename, current.signal)
      .catch(() => {
        if (!current.signal.aborted) openInNewTab(url);
      })
      .finally(() => {
        if (!current.signal.aborted) setSaving(false);
      });
  };

  return (
    <Button variant={variant} loading={saving} onClick={save} {...props}>
      {saving ? null : <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}
