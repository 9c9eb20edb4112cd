import { ContactPage } from '@/features/billing/components/contact-page';

export default ContactPage;
