import { SettingsPage } from '@/features/account';
import { MarketplacesSetting } from '@/features/listing';

export default function Settings() {
  return (
    <SettingsPage>
      <MarketplacesSetting />
    </SettingsPage>
  );
}
