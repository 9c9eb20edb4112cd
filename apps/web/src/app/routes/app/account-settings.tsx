import { AccountSettingsPage } from '@/features/account/components/account-settings-page';

export default AccountSettingsPage;
