import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { NO_PAGE_COPY, ROUTE_MODULE, addressOfRouteModule, pageCopyFile } from './page-copies';

const routeFiles = Object.keys(import.meta.glob('./routes/**/*.tsx'))
  .filter((file) => !file.endsWith('.test.tsx'))
  .map((file) => `/src/app${file.slice(1)}`);
const routeModules = routeFiles.map((file) => ROUTE_MODULE.exec(file)?.[2] ?? file);
/** The app's addresses with one page each (a parameter makes one module many addresses). */
const pageAddresses = Object.values(paths)
  .map((page) => page.path)
  .filter((address) => !address.includes(':'));

describe("the pages' own copies of index.html", () => {
  it('are made for every page address in config/paths.ts and for no other', () => {
    // A route module the build's pattern does not know would get no copy: named here as its path.
    const withCopies = routeModules.filter((name) => !NO_PAGE_COPY.has(name));
    expect(withCopies.map(addressOfRouteModule).sort()).toEqual([...pageAddresses].sort());
  });

  it('sit at their whole address under pages/', () => {
    expect(pageCopyFile('/')).toBe('pages/index.html');
    expect(pageCopyFile('/try-on')).toBe('pages/try-on.html');
    expect(pageCopyFile('/auth/popup-complete')).toBe('pages/auth/popup-complete.html');
  });
});
