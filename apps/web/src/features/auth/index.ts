// The feature's public entry: other features and the app import only what is exported here.
export { sessionQueryKey, sessionQueryOptions, useCurrentUser, useSession } from './api/session';
export { useEndSession, useSignOut } from './api/sign-out';
export { useSignOutOnClick } from './lib/sign-out-on-click';
export { LoginScreen } from './components/login-screen';
export { NewPasswordFields } from './components/new-password-fields';
export { PasswordInput } from './components/password-input';
export { PopupComplete } from './components/popup-complete';
export { RedirectIfAuthenticated } from './components/redirect-if-authenticated';
export { RequireAuth } from './components/require-auth';
export { ResetPasswordScreen } from './components/reset-password-screen';
export { forgetSignInMethod, wasGoogleSignIn } from './lib/sign-in-method';
export { validatePasswordChange } from './lib/validate-password';
export type { PasswordChangeErrors, PasswordChangeValues } from './lib/validate-password';
