import { createElement, forwardRef } from 'react';
import type { LucideIcon, LucideIconData, LucideProps } from 'lucide-react';
import Icon from 'lucide-react/dist/esm/Icon.mjs';
import { useLucideContext } from 'lucide-react/dist/esm/context.mjs';
import defaultAttributes from 'lucide-react/dist/esm/shared/src/build/defaultAttributes.mjs';
import { hasA11yProp } from 'lucide-react/dist/esm/shared/src/utils/hasA11yProp.mjs';
import { mergeClasses } from 'lucide-react/dist/esm/shared/src/utils/mergeClasses.mjs';

/**
 * lucide-react's `createLucideIcon`, leaner (ADR 068). Every icon module of lucide-react calls it
 * (vite.config's `leanIcons` points their import here), so `import { X } from 'lucide-react'` is
 * unchanged everywhere. lucide's own Icon builds each icon's attributes anew and renders its shapes
 * as elements on every render; half the elements of a gallery page are icons. Here a plain icon
 * (class, aria and other attributes only) renders as one <svg> whose shapes are a clone of a
 * fragment made once per icon, with the markup lucide's Icon writes (lucide-icon.test.ts holds
 * them equal). Anything else — size, colour, stroke, children, a ref, a LucideProvider — is
 * rendered by lucide's own Icon.
 */
export default function createLucideIcon(iconData: LucideIconData): LucideIcon {
  const baseClass = mergeClasses(
    'lucide',
    ...[iconData.name, ...(iconData.aliases ?? [])].map((name) => name && `lucide-${name}`),
  );
  // lucide sizes its viewBox from the icon; an icon not 24 × 24 always takes lucide's own path.
  const plainSize = (iconData.size ?? iconData.width ?? 24) === 24 && iconData.height === undefined;
  let shapes: DocumentFragment | undefined;
  /** The icon's shapes, added once to a new <svg>; Preact leaves children it did not make alone. */
  const fill = (svg: SVGSVGElement | null) => {
    if (svg === null || svg.firstChild !== null) return;
    shapes ??= shapesOf(iconData, svg.ownerDocument);
    svg.appendChild(shapes.cloneNode(true));
  };
  return forwardRef<SVGSVGElement, LucideProps>(({ className, ...props }, ref) => {
    const context = useLucideContext();
    if (!plainSize || ref || !isPlain(props) || !isEmpty(context)) {
      return createElement(Icon, { ref, icon: iconData, className, ...props });
    }
    return createElement('svg', {
      ...defaultAttributes,
      className: className ? mergeClasses(baseClass, className) : baseClass,
      ...(hasA11yProp(props) ? {} : { 'aria-hidden': 'true' }),
      ...props,
      ref: fill,
    });
  });
}

/** Props lucide's Icon reads itself; with any of them set the icon is not plain. */
const ICON_PROPS = [
  'color',
  'size',
  'width',
  'height',
  'strokeWidth',
  'absoluteStrokeWidth',
  'nonScalingStroke',
  'children',
  'icon',
  'iconNode',
] as const;

function isPlain(props: Record<string, unknown>): boolean {
  return ICON_PROPS.every((name) => props[name] === undefined);
}

/** A LucideProvider with nothing set changes nothing; lucide's Icon reads it with `??` defaults. */
function isEmpty(context: Record<string, unknown> | null | undefined): boolean {
  return context == null || Object.values(context).every((value) => value === undefined);
}

function shapesOf(iconData: LucideIconData, document: Document): DocumentFragment {
  const fragment = document.createDocumentFragment();
  // lucide's Icon renders each shape's tag and attributes, without nested children.
  for (const [tag, attributes] of iconData.node) {
    const shape = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [name, value] of Object.entries(attributes)) {
      // Shape attributes are strings and numbers (lucide's icon data).
      if (name !== 'key') shape.setAttribute(name, `${value as string | number}`);
    }
    fragment.appendChild(shape);
  }
  return fragment;
}
