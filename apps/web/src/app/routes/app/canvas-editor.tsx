import { Clapperboard } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function CanvasEditorRoute() {
  return (
    <ComingSoon
      title={paths.canvasEditor.title}
      icon={Clapperboard}
      description="Turn a still into a short fashion reel, upscale images to HD or 4K and remove backgrounds, all on one canvas."
      highlights={[
        'Image-to-video reels (Pro)',
        'HD and 4K upscaler',
        'Background removal',
        'Auto-generated video prompts',
      ]}
    />
  );
}
