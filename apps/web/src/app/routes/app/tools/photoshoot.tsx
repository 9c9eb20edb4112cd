import { Camera } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell';

export default function PhotoshootRoute() {
  return (
    <ComingSoon
      title={paths.photoshoot.title}
      icon={Camera}
      description="Place your product in rendered studio and lifestyle scenes with realistic shadows, no photographer needed."
      highlights={[
        'Automatic cut-out',
        'Studio and lifestyle scenes',
        'Natural shadows',
        'Multiple variations per run',
      ]}
    />
  );
}
