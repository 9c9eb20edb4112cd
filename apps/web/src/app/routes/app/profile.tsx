import { ProfilePage } from '@/features/account/components/profile-page';

export default ProfilePage;
