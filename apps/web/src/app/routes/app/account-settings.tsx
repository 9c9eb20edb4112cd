import { AccountSettingsPage } from '@/features/account';

export default AccountSettingsPage;
