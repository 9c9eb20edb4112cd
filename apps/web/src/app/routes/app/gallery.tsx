import { Images } from 'lucide-react';
import { paths } from '@/config/paths';
import { ComingSoon } from '@/features/shell/components/coming-soon';

export default function GalleryRoute() {
  return (
    <ComingSoon
      title={paths.gallery.title}
      icon={Images}
      description="Browse, search, download and share everything you have generated, and reopen any result in the tool that made it."
      highlights={[
        'Search and filter by tool',
        'Download and share',
        'Reopen results in their tool',
        'Images and videos together',
      ]}
    />
  );
}
