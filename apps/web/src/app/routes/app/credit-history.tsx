import { CreditHistoryPage } from '@/features/credits/components/credit-history-page';

export default CreditHistoryPage;
