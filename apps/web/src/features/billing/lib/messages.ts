/** Error texts the spec fixes (doc 2 §8), shared by the pages that show them. */
export const PAYMENT_LINK_ERROR = 'Failed to generate payment link. Please try again.';
export const STATUS_LOAD_ERROR = 'Failed to load subscription details. Please try again.';
