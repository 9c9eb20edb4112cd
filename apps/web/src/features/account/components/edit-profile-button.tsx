import type { UserProfile } from '@studio/contract';
import { createLazyDialogButton } from './lazy-dialog-button';

const OpenEditProfile = createLazyDialogButton(() => import('./edit-profile-dialog'));

/** 'Edit Profile' on the profile page; the modal starts from `profile` each time it opens. */
export function EditProfileButton({ profile }: { profile: UserProfile }) {
  return (
    <OpenEditProfile variant="outline" dialogProps={{ profile }}>
      Edit Profile
    </OpenEditProfile>
  );
}
