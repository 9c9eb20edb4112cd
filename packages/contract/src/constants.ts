// Plain constants with no runtime dependency, importable by the browser without pulling in zod:
// `import { PASSWORD_MIN_LENGTH } from '@studio/contract/constants'`.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const DEFAULT_ACCOUNT_TYPE = 'Standard User';
export const ANONYMOUS_USER_NAME = 'Anonymous User';

/** Where users write for help, custom plans and cancellation requests (spec §2 Subscription). */
export const SUPPORT_EMAIL = 'support@aiproductstudio.app';
export const SUPPORT_HOURS = 'Mon-Fri, 9am-6pm IST';
