import { PhotoshootPage } from '@/features/tools/photoshoot';

export default PhotoshootPage;
