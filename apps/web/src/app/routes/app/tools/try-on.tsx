import { TryOnPage } from '@/features/tools/try-on';

export default TryOnPage;
