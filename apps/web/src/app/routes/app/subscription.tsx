import { SubscriptionPage } from '@/features/billing/components/subscription-page';

export default SubscriptionPage;
