import { Sparkles } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function RealisticPhotoshootRoute() {
  return (
    <ComingSoon
      title={paths.realisticPhotoshoot.title}
      icon={Sparkles}
      description="Choose model templates and generate photorealistic on-model shots of your clothing, with finer control over style and variations."
      highlights={[
        'Model templates to pick from',
        'Style and variation control',
        'Upscale results to HD',
        'Reopen any run from the gallery',
      ]}
    />
  );
}
