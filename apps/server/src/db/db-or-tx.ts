import type { Db } from './client';

/**
 * A database handle or an open transaction. Repositories take either, so the service that calls
 * them decides what runs in one transaction (a ledger write always does).
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
