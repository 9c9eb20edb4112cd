// The entry of the engine's worker thread. Worker threads do not inherit the tsx loader the server
// runs under (nor vitest's), so this plain module registers it, then loads the TypeScript entry
// named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
