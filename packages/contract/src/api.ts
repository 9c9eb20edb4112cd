/** Base path of the JSON API; auth lives beside it under `/api/auth`. */
export const API_BASE = '/api/v1';
export const AUTH_BASE = '/api/auth';
