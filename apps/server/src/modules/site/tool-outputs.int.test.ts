import {
  GENERATION_TYPES,
  TOOL_DEFINITIONS,
  siteInfoResponseSchema,
  type GenerationType,
  type ToolOutput,
} from '@studio/contract';
import { describe, expect, it } from 'vitest';
import type { GenerationProvider } from '../../platform/providers/types';
import { createTestApp, signUp, TEST_ORIGIN } from '../../../test/harness';

// What this installation really makes with each tool (ADR 048), as `GET /site-info` serves it to
// the login hero, dashboard, plan cards and tool pages: one answer, from the provider itself.

type Options = Parameters<typeof createTestApp>[0];

async function toolsOf(options: Options) {
  const t = await createTestApp(options);
  // No cookie: the login hero reads it before anyone signs in.
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/site-info' });
  expect(res.statusCode, res.body).toBe(200);
  const { tools } = siteInfoResponseSchema.parse(res.json());
  return { t, outputs: Object.fromEntries(tools.map((e) => [e.type, e.output])) };
}

const LOCAL_PREVIEWS: GenerationType[] = [
  'try-on',
  'realistic-try-on',
  'ai-poses',
  'fashion-extractor',
  // Its side and back need the view model; offline they are labelled previews and the set is free.
  'angle-set',
];

describe('GET /api/v1/site-info tools', () => {
  it('on the offline engine: try-on, realistic try-on, poses, the extractor and angle sets preview, the rest are real, and previews are free', async () => {
    const { t, outputs } = await toolsOf({});
    const expected = Object.fromEntries(
      GENERATION_TYPES.map((type) => [type, LOCAL_PREVIEWS.includes(type) ? 'preview' : 'real']),
    );
    expect(outputs).toEqual(expected);

    // The price agrees with the label: what only previews here costs nothing, what is real costs.
    const user = await signUp(t.app);
    for (const type of GENERATION_TYPES) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/credits/estimate',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload: { feature: TOOL_DEFINITIONS[type].feature },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { creditCost, message } = res.json<{ creditCost: number; message: string }>();
      if (outputs[type] === 'preview') {
        expect(creditCost, type).toBe(0);
        expect(message).toBe('Free: this studio shows a labelled preview for this tool.');
      } else {
        expect(creditCost, type).toBeGreaterThan(0);
      }
    }
  });

  it('a provider that names what it previews leaves the rest unavailable', async () => {
    const provider: GenerationProvider = {
      name: 'partial',
      capabilities: () => ['upscale'],
      previews: () => ['try-on'],
      run: () => Promise.reject(new Error('not run in this test')),
      prompt: () => Promise.reject(new Error('not run in this test')),
    };
    const { outputs } = await toolsOf({ provider });
    const expected: Record<string, ToolOutput> = Object.fromEntries(
      GENERATION_TYPES.map((type) => [type, 'unavailable']),
    );
    expect(outputs).toEqual({
      ...expected,
      upscaler: 'real',
      'try-on': 'preview',
      'realistic-try-on': 'preview',
    });
  });

  it('with fal configured every tool is real', async () => {
    const { outputs } = await toolsOf({
      env: { GENERATION_PROVIDER: 'fal', FAL_KEY: 'test-key' },
    });
    expect(new Set(Object.values(outputs))).toEqual(new Set(['real']));
    expect(Object.keys(outputs)).toHaveLength(GENERATION_TYPES.length);
  });
});
