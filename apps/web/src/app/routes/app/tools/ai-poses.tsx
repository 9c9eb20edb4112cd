import { PersonStanding } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell';

export default function AiPosesRoute() {
  return (
    <ComingSoon
      title={paths.aiPoses.title}
      icon={PersonStanding}
      description="Re-pose a model photo with preset poses and build a full set of catalogue angles from a single shot."
      highlights={[
        'Preset pose library',
        'Keeps the garment and the model',
        'Batch several poses at once',
      ]}
    />
  );
}
