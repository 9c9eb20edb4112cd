import { FashionExtractorPage } from '@/features/tools/fashion-extractor';

export default FashionExtractorPage;
