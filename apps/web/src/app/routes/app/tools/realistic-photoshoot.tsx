import { RealisticPhotoshootPage } from '@/features/tools/realistic-photoshoot/components/realistic-photoshoot-page';

export default RealisticPhotoshootPage;
