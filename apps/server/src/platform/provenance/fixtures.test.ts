import fs from 'node:fs/promises';
import path from 'node:path';
import { digitalSourceTypeUri } from '@studio/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { readC2pa } from './c2pa-reader';
import { FIXTURES, SIGNING_DIR } from './fixtures/make-fixtures';
import {
  actionsOf,
  exiftool,
  ingredientsOf,
  readFixture,
  tagsNamed,
  withByteChanged,
  jpegScanByte,
} from './fixtures/test-kit';

/*
 * The committed fixtures (fixtures/make-fixtures.ts; the web's /verify tests read them) still say
 * what the script says they do, read by the reference reader and ExifTool: a writer or reader
 * change that breaks them fails here, not in the browser tier.
 */

let anchor: string;
beforeAll(async () => {
  anchor = (await readFixture('trust-anchor.pem')).toString('utf8');
});

describe('the committed provenance fixtures', () => {
  it('ship the development root they were signed under as trust-anchor.pem', async () => {
    expect(anchor).toBe(await fs.readFile(path.join(SIGNING_DIR, 'dev-root.pem'), 'utf8'));
    expect(anchor).toMatch(/^-----BEGIN CERTIFICATE-----/);
  });

  it.each(Object.entries(FIXTURES))(
    '%s reads as its script says with trust-anchor.pem',
    async (name, facts) => {
      const file = await readFixture(name);
      expect(file.length).toBeLessThan(40 * 1024);
      const read = await readC2pa(file, facts.contentType, anchor);
      if (facts.state === null) {
        expect(read).toBeNull();
        return;
      }
      expect(read?.state).toBe(facts.state);
      expect(read?.failures).toEqual(facts.failures);
      const manifest = read?.manifest ?? {};
      expect(Object.keys(read?.manifests ?? {})).toHaveLength(facts.manifests);
      expect(manifest.claim_generator_info).toEqual([
        expect.objectContaining({ name: 'AI Product Studio' }),
      ]);
      const actions = actionsOf(manifest);
      expect(actions.map((action) => action.action)).toEqual(facts.actions);
      expect(actions.at(-1)?.digitalSourceType).toBe(
        facts.sourceType && digitalSourceTypeUri(facts.sourceType),
      );
      // Who did the work: the provider's model where one made it, else the studio.
      expect(actions.at(-1)?.softwareAgent?.name).toBe(facts.model ?? 'AI Product Studio');
      expect(
        ingredientsOf(manifest).map(({ title, relationship }) => ({ title, relationship })),
      ).toEqual(facts.ingredient ? [facts.ingredient] : []);
    },
  );

  it.each(Object.entries(FIXTURES))('%s carries the XMP its script says', async (name, facts) => {
    const tags = await exiftool(await readFixture(name));
    expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(
      facts.sourceType ? digitalSourceTypeUri(facts.sourceType) : undefined,
    );
    expect(tags['XMP-iptcExt:AISystemUsed']).toBe(facts.model ?? undefined);
    if (facts.sourceType) expect(tags['XMP-xmp:CreatorTool']).toMatch(/^AI Product Studio /);
  });

  it('read as Valid but untrusted by a reader that has not been given the root', async () => {
    for (const [name, facts] of Object.entries(FIXTURES)) {
      if (facts.state !== 'Trusted') continue;
      const read = await readC2pa(await readFixture(name), facts.contentType);
      expect([name, read?.state, read?.failures]).toEqual([
        name,
        'Valid',
        ['signingCredential.untrusted'],
      ]);
    }
  });

  it('have the edit name signed.jpg’s own manifest as its parent', async () => {
    const signed = await readC2pa(await readFixture('signed.jpg'), 'image/jpeg', anchor);
    const edited = await readC2pa(await readFixture('edited.jpg'), 'image/jpeg', anchor);
    expect(ingredientsOf(edited?.manifest ?? {})[0]).toMatchObject({
      title: 'signed.jpg',
      active_manifest: signed?.activeLabel,
    });
    expect(Object.keys(edited?.manifests ?? {})).toContain(signed?.activeLabel);
  });

  it('have tampered.jpg differ from signed.jpg in one byte of its compressed pixels', async () => {
    const signed = await readFixture('signed.jpg');
    const tampered = await readFixture('tampered.jpg');
    expect(tampered.equals(withByteChanged(signed, jpegScanByte(signed)))).toBe(true);
    const differing = [...signed].filter((byte, at) => byte !== tampered[at]);
    expect(differing).toHaveLength(1);
  });

  it('have unsigned.jpg carry no marks at all', async () => {
    const tags = await exiftool(await readFixture('unsigned.jpg'));
    expect(tagsNamed(tags, 'XMP-iptcExt', 'DigitalSourceType')).toEqual([]);
    expect(Object.keys(tags).filter((key) => key.startsWith('JUMBF:'))).toEqual([]);
  });
});
