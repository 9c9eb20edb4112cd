import { createContext } from 'react';

/** Whether renders are split into tasks: true inside <SplitRenders> (next-task.tsx), the app's root. */
export const Splitting = createContext(false);
