/** The SQLSTATE of a failed query, also when drizzle wrapped the driver's error as its cause. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error, depth = 0; typeof e === 'object' && e !== null && depth < 3; depth++) {
    if ('code' in e && typeof e.code === 'string') return e.code;
    e = 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}

/**
 * PostgreSQL ended the connection because it is shutting down or restarting (SQLSTATE 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now): nothing wrong with the query,
 * and asking again once it is back is right.
 */
export function isDatabaseGoingAway(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '57P01' || code === '57P02' || code === '57P03';
}
