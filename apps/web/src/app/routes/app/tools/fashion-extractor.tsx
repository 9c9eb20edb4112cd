import { Scissors } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell';

export default function FashionExtractorRoute() {
  return (
    <ComingSoon
      title={paths.fashionExtractor.title}
      icon={Scissors}
      description="Lift an outfit off a photo of a person and get clean, flat product images of each garment."
      highlights={[
        'Works from street or model photos',
        'One clean image per garment',
        'Ready for your product pages',
      ]}
    />
  );
}
