import { afterAll } from 'vitest';
import { endTestFile } from './harness';

// Runs before every integration test file. The tier shares modules between files (isolate: false
// in vitest.config.ts), so the harness's per-file clean-up is registered here for each file rather
// than once when the harness module is first loaded. Registered first, it runs after the file's own
// afterAll hooks (Vitest runs after-hooks in reverse), as it did before.
afterAll(endTestFile);
