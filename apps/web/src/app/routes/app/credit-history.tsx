import { CreditHistoryPage } from '@/features/credits';

export default CreditHistoryPage;
