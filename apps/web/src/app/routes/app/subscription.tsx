import { SubscriptionPage } from '@/features/billing';

export default SubscriptionPage;
