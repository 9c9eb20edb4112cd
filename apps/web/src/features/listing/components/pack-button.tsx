import { Package } from 'lucide-react';
import type { ButtonProps } from '@/components/ui/button';
import { createLazyDialogButton } from '@/features/account';
import type { PackSource } from '../lib/pack-form';
import type { ListingPackDialogProps } from './listing-pack-dialog';

const OpenPack = createLazyDialogButton<ListingPackDialogProps>(
  () => import('./listing-pack-dialog'),
);

export type PackButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & {
  source: PackSource;
};

/** The pack's button; its dialog loads on the first hover, focus or click. */
export default function PackButton({ source, ...buttonProps }: PackButtonProps) {
  return (
    <OpenPack {...buttonProps} dialogProps={{ source }}>
      <Package aria-hidden="true" />
      Listing pack
    </OpenPack>
  );
}
