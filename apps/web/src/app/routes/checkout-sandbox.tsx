import { SandboxCheckoutPage } from '@/features/billing';

export default SandboxCheckoutPage;
