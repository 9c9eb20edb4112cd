import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '@/testing/render';
import { modelTemplateFixtures, modelTemplatesFailureHandler } from '@/testing/generation-handlers';
import { server } from '@/testing/server';
import { modelTemplatesQueryOptions } from './model-templates';

describe('model templates', () => {
  it('lists the templates the server holds', async () => {
    const templates = await createTestQueryClient().query(modelTemplatesQueryOptions());

    expect(templates).toEqual(modelTemplateFixtures);
  });

  it("fails with the server's status", async () => {
    server.use(modelTemplatesFailureHandler(503));

    await expect(createTestQueryClient().query(modelTemplatesQueryOptions())).rejects.toMatchObject(
      { name: 'ApiError', status: 503 },
    );
  });
});
