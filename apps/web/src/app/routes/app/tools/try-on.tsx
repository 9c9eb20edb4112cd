import { Shirt } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell';

export default function TryOnRoute() {
  return (
    <ComingSoon
      title={paths.tryOn.title}
      icon={Shirt}
      description="Upload a garment photo, or a shot on a mannequin, and see it worn by an AI model in studio-quality photos ready for your catalogue."
      highlights={[
        'Mannequin or flat-lay to AI model',
        'Clothes catalogue generator',
        'Several variations per run',
        'Download or send to video',
      ]}
    />
  );
}
