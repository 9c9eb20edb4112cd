import { ProfilePage } from '@/features/account';

export default ProfilePage;
