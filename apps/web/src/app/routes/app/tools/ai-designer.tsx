import { Palette } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell';

export default function AiDesignerRoute() {
  return (
    <ComingSoon
      title={paths.aiDesigner.title}
      icon={Palette}
      description="Explore new colourways and design variations of a garment from one photo and a short prompt."
      highlights={[
        'Colour-palette recolouring',
        'Prompt-guided variations',
        'Side-by-side comparison',
      ]}
    />
  );
}
