import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { pngFile, uploadFailureHandler, uploadHandler } from '@/testing/generation-handlers';
import { server } from '@/testing/server';
import { ApiError } from '@/lib/api-client';
import { parseUploadResponse, uploadImages } from './uploads';

const media = (url: string) => ({
  id: 'm1',
  url,
  thumbnailUrl: `${url}/thumbnail`,
  previewUrl: `${url}/preview`,
  contentType: 'image/png',
  width: 800,
  height: 1200,
  bytes: 1024,
  thumbhash: 'AAAA',
});

describe('parseUploadResponse', () => {
  it('prefers uploaded[0].url and keeps its preview', () => {
    expect(
      parseUploadResponse({
        success: true,
        uploaded: [media('/m/1')],
        urls: ['/m/2'],
        url: '/m/3',
      }),
    ).toEqual({ images: [{ url: '/m/1', previewUrl: '/m/1/preview' }], url: '/m/1' });
  });

  it('falls back to urls[0], then url', () => {
    expect(parseUploadResponse({ success: true, urls: ['/m/2'], url: '/m/3' }).url).toBe('/m/2');
    expect(parseUploadResponse({ success: true, url: '/m/3' }).url).toBe('/m/3');
  });

  it('gives no URL for a success without one', () => {
    expect(
      parseUploadResponse({ success: true, uploaded: [media('')], urls: [], url: '' }),
    ).toEqual({ images: [], url: null });
  });

  it('rejects an answer that is not a success', () => {
    expect(() => parseUploadResponse('ok')).toThrow();
    expect(() => parseUploadResponse({ urls: ['/m/2'] })).toThrow();
  });
});

describe('uploadImages', () => {
  it('sends the files under "files" with the user id', async () => {
    let fields: { userId: FormDataEntryValue | null; files: number } | null = null;
    server.use(
      http.post('/api/v1/uploads', async ({ request }) => {
        const form = await request.formData();
        fields = { userId: form.get('userId'), files: form.getAll('files').length };
        return HttpResponse.json({ success: true, uploaded: [], urls: ['/m/9'], url: '/m/9' });
      }),
    );

    const result = await uploadImages([pngFile()], 'user_123');

    expect(fields).toEqual({ userId: 'user_123', files: 1 });
    expect(result.url).toBe('/m/9');
  });

  it("surfaces the server's reason as an ApiError", async () => {
    server.use(uploadFailureHandler(413, 'upload_too_large', 'Each image can be at most 10 MB.'));

    const failure = await uploadImages([pngFile()], 'user_123').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 413,
      code: 'upload_too_large',
      message: 'Each image can be at most 10 MB.',
    });
  });

  it('reads a successful stored upload', async () => {
    server.use(uploadHandler());
    const result = await uploadImages([pngFile()], null);
    expect(result.url).toBe('/api/v1/media/upload_1');
    expect(result.images[0]?.previewUrl).toBe('/api/v1/media/upload_1/preview');
  });
});
