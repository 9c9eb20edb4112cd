// The feature's public entry: other features and the app import only what is exported here.
export { AccountSettingsPage } from './components/account-settings-page';
export { ProfilePage } from './components/profile-page';
export { ProfilePrompt } from './components/profile-prompt';
export { SettingsPage } from './components/settings-page';
export { AccountSummaryProvider, useAccountSummary } from './hooks/use-account-summary';
export { createLazyDialogButton, type LazyDialogProps } from './components/lazy-dialog-button';
