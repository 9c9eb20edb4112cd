import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { download, make } from '../../../test/credentials-helpers';
import { exiftool } from '../../../test/exiftool';
import { newUser, productPhoto, uploadImage } from '../../../test/generation-helpers';
import { createTestApp } from '../../../test/harness';
import { readC2pa } from '../../platform/provenance/c2pa-reader';
import { developmentSigningMaterial } from '../../platform/provenance/signing-material';
import { balanceOf } from '../credits/credits.service';
import { unmarkedReport } from './provenance.service';

/* A marking error never fails paid work (issue 34, ADR 058): the output is stored as it came. */

describe('when marking fails', () => {
  it('still delivers and charges the result, unmarked and without credentials', async () => {
    // A signer whose key is not its certificate's: every signature fails the read-back.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'studio-bad-c2pa-'));
    const material = await developmentSigningMaterial(path.join(dir, 'c2pa'));
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const t = await createTestApp({
      worker: true,
      env: { DATA_DIR: dir },
      signingMaterial: { ...material, key: privateKey },
    });
    const user = await newUser(t, { credits: 5 });
    const photo = await uploadImage(t.app, user.cookie, await productPhoto(200, 240));
    const before = await balanceOf(t.database.db, user.id);

    const upscale = await make(t, user.cookie, '/api/v1/upscaler', {
      imageUrl: photo,
      upscaleFactor: '2x',
    });

    expect(upscale.credentials).toBeNull();
    expect(await balanceOf(t.database.db, user.id)).toBe(before - 1);
    const file = await download(t, upscale.imageUrls[0] ?? '');
    expect(await readC2pa(file.bytes, file.type)).toBeNull();
    expect((await exiftool(file.bytes))['XMP-iptcExt:DigitalSourceType']).toBeUndefined();
    // The operator's count (npm run admin -- unmarked-outputs) names it.
    expect(await unmarkedReport(t.database.db, new Date(Date.now() - 60_000))).toEqual([
      expect.stringMatching(/: 1, without content credentials: 1$/) as unknown,
      '  upscaler: 1 of 1',
    ]);
  });
});
