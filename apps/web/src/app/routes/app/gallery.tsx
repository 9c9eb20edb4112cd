import { GalleryPage } from '@/features/gallery';

export default GalleryPage;
