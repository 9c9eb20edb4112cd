import { ContactPage } from '@/features/billing';

export default ContactPage;
