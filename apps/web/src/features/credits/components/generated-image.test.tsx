import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GeneratedImage } from './generated-image';

describe('GeneratedImage', () => {
  it('shows the whole generated image in its square, not a crop', () => {
    render(<GeneratedImage url="/api/v1/media/abc/thumbnail" alt="Generated image 1" />);
    const image = screen.getByRole('img', { name: 'Generated image 1' });
    expect(image).toHaveClass('object-contain');
    expect(image).not.toHaveClass('object-cover');
    expect(screen.getByRole('link')).toHaveClass('bg-muted');
  });
});
