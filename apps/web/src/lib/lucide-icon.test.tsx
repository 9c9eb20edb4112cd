import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { createRef, type ComponentProps } from 'react';
import {
  createLucideIcon as exported,
  LucideProvider,
  type LucideIcon,
  type LucideIconData,
} from 'lucide-react';
import lucideCreate from 'lucide-react/dist/esm/createLucideIcon.mjs';
import { describe, expect, it } from 'vitest';
import { appSources } from '@/testing/app-sources';
import createLucideIcon from './lucide-icon';

// lucide-react's own factory (this file imports it past vite.config's `leanIcons`) is the reference:
// every icon the app uses must come out of the lean factory as the same DOM.
const lucideDir = path.dirname(require.resolve('lucide-react/dist/esm/lucide-react.mjs'));

/** The names the app imports from 'lucide-react' (types left out). */
function iconNamesInApp(): string[] {
  const names = new Set<string>();
  for (const text of appSources()) {
    for (const [, list = ''] of text.matchAll(/import \{([^}]*)\} from 'lucide-react'/g)) {
      for (const item of list.split(',').map((name) => name.trim())) {
        if (item !== '' && !item.startsWith('type ')) names.add(item);
      }
    }
  }
  return [...names].sort();
}

/** An icon's data, read from lucide's own module for it (following an alias to the icon it names). */
async function iconData(name: string): Promise<LucideIconData> {
  const barrel = fs.readFileSync(path.join(lucideDir, 'lucide-react.mjs'), 'utf8');
  const line = barrel
    .split('\n')
    .find((text) => text.includes(` as ${name},`) || text.includes(` as ${name} }`));
  let file = line?.match(/from '\.\/(icons\/[^']+)'/)?.[1];
  if (file === undefined) throw new Error(`lucide-react has no icon ${name}`);
  for (;;) {
    const target: string | undefined = fs
      .readFileSync(path.join(lucideDir, file), 'utf8')
      .match(/export \{ default \} from '\.\/([^']+)'/)?.[1];
    if (target === undefined) break;
    file = `icons/${target}`;
  }
  const module = (await import(/* @vite-ignore */ path.join(lucideDir, file))) as {
    __iconData: LucideIconData;
  };
  return module.__iconData;
}

type IconProps = ComponentProps<LucideIcon>;

function renderedBy(Icon: LucideIcon, props: IconProps): Element {
  const { container } = render(<Icon {...props} />);
  const svg = container.firstElementChild;
  if (svg === null) throw new Error('no icon rendered');
  return svg;
}

const PLAIN_PROPS: IconProps[] = [
  {},
  { className: 'size-4 shrink-0 text-muted-foreground' },
  { className: '  lucide size-4   size-4 ' },
  { 'aria-label': 'Close' },
  { 'aria-hidden': 'true', className: 'size-5' },
  { role: 'img' },
  { id: 'mark', style: { opacity: 0.5 } },
  { strokeLinecap: 'square', fill: 'red' },
];

const LUCIDE_PROPS: IconProps[] = [
  { size: 16 },
  { strokeWidth: 1.5, className: 'size-4' },
  { color: 'red' },
  { nonScalingStroke: true, size: 12 },
  { children: <title>Camera</title> },
];

describe('createLucideIcon (lean)', () => {
  it('is the factory every lucide-react icon module is made with', () => {
    expect(exported).toBe(createLucideIcon);
  });

  it('renders every icon the app uses as lucide’s own Icon does', async () => {
    const names = iconNamesInApp();
    expect(names.length).toBeGreaterThan(50);
    const differences: string[] = [];
    for (const name of names) {
      const data = await iconData(name);
      const [lean, lucide] = [createLucideIcon(data), lucideCreate(data)];
      for (const props of PLAIN_PROPS) {
        const [ours, theirs] = [renderedBy(lean, props), renderedBy(lucide, props)];
        if (!ours.isEqualNode(theirs))
          differences.push(`${name}: ${ours.outerHTML} ≠ ${theirs.outerHTML}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('leaves size, colour, stroke and children to lucide’s Icon, with the same result', async () => {
    const data = await iconData('Camera');
    for (const props of LUCIDE_PROPS) {
      expect(renderedBy(createLucideIcon(data), props)).toEqual(
        renderedBy(lucideCreate(data), props),
      );
    }
  });

  it('keeps an icon’s shapes as its attributes change from render to render', async () => {
    const data = await iconData('Sparkles');
    const [Lean, Lucide] = [createLucideIcon(data), lucideCreate(data)];
    const ours = render(<Lean />);
    const theirs = render(<Lucide />);
    for (const props of [{ className: 'size-4' }, { size: 12 }, { className: 'size-5' }, {}]) {
      ours.rerender(<Lean {...props} />);
      theirs.rerender(<Lucide {...props} />);
      expect(ours.container.innerHTML).toBe(theirs.container.innerHTML);
    }
    expect(ours.container.querySelectorAll('svg > path').length).toBeGreaterThan(0);
  });

  it('hands a ref the icon’s svg element with its shapes', async () => {
    const Icon = createLucideIcon(await iconData('Camera'));
    const ref = createRef<SVGSVGElement>();
    render(<Icon ref={ref} />);

    expect(ref.current).toBeInstanceOf(SVGSVGElement);
    expect(ref.current?.querySelector('circle')).not.toBeNull();
  });

  it('takes a LucideProvider’s settings as lucide’s Icon does', async () => {
    const data = await iconData('Camera');
    const inProvider = (Icon: LucideIcon) =>
      render(
        <LucideProvider size={18} strokeWidth={1} className="text-primary">
          <Icon className="size-4" />
        </LucideProvider>,
      ).container.innerHTML;

    expect(inProvider(createLucideIcon(data))).toBe(inProvider(lucideCreate(data)));
  });
});
