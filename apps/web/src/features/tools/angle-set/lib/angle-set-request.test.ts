import { describe, expect, it } from 'vitest';
import {
  angleSetEstimate,
  angleSetRequest,
  initialSettings,
  orderedViews,
} from './angle-set-request';

describe('angle set request', () => {
  it('sends the chosen views in the set’s order, each once', () => {
    expect(orderedViews(['detail', 'front', 'back', 'front'])).toEqual(['front', 'back', 'detail']);
    const request = angleSetRequest(
      { views: ['back', 'side'], category: 'tops' },
      { userId: 'u1', imageUrl: '/api/v1/media/look', mode: 'quality' },
    );
    expect(request).toEqual({
      path: '/angle-sets/generate',
      body: {
        userId: 'u1',
        imageUrl: '/api/v1/media/look',
        category: 'tops',
        views: ['side', 'back'],
        mode: 'quality',
      },
    });
  });

  it('starts with all four views and prices by the views and the mode', () => {
    const settings = initialSettings();
    expect(settings.views).toEqual(['front', 'side', 'back', 'detail']);
    expect(angleSetEstimate(settings, 'balanced')).toEqual({
      mode: 'balanced',
      views: ['front', 'side', 'back', 'detail'],
    });
  });
});
