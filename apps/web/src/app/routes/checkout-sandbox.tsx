import { SandboxCheckoutPage } from '@/features/billing/components/sandbox-checkout-page';

export default SandboxCheckoutPage;
