import { AnalyticsPage } from '@/features/analytics';

export default AnalyticsPage;
