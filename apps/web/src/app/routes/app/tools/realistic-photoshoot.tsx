import { RealisticPhotoshootPage } from '@/features/tools/realistic-photoshoot';

export default RealisticPhotoshootPage;
