import { GalleryPage } from '@/features/gallery/components/gallery-page';

export default GalleryPage;
