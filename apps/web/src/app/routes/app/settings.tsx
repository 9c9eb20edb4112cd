import { SettingsPage } from '@/features/account';

export default SettingsPage;
