// lucide-react's own modules that src/lib/lucide-icon.ts builds on (the package exports ./dist/*,
// without types of their own); typed from the package's public declarations.
declare module 'lucide-react/dist/esm/Icon.mjs' {
  import type { Icon } from 'lucide-react';
  const icon: typeof Icon;
  export default icon;
}
declare module 'lucide-react/dist/esm/context.mjs' {
  import type { LucideProps } from 'lucide-react';
  export function useLucideContext(): Partial<LucideProps> | null | undefined;
}
declare module 'lucide-react/dist/esm/shared/src/build/defaultAttributes.mjs' {
  const defaultAttributes: Record<string, string | number>;
  export default defaultAttributes;
}
declare module 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs' {
  export function hasA11yProp(props: Record<string, unknown>): boolean;
}
declare module 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs' {
  export function mergeClasses(...classes: (string | undefined)[]): string;
}
declare module 'lucide-react/dist/esm/createLucideIcon.mjs' {
  import type { createLucideIcon } from 'lucide-react';
  const create: typeof createLucideIcon;
  export default create;
}
