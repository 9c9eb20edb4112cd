import { describe, expect, it } from 'vitest';
import { parseLegalText } from './site.service';

describe('parseLegalText', () => {
  it('keeps an untitled opening, joins wrapped lines and splits paragraphs on blank lines', () => {
    const text =
      'We care.\r\n\r\n# Uploads\r\nKept under\r\na random id.\r\n\r\n\r\nNever sold.\r\n';
    expect(parseLegalText('Privacy Policy', text)).toEqual({
      title: 'Privacy Policy',
      updated: '',
      sections: [
        { heading: '', paragraphs: ['We care.'] },
        { heading: 'Uploads', paragraphs: ['Kept under a random id.', 'Never sold.'] },
      ],
    });
  });

  it('reads a leading "Last updated:" line as the date, not as text', () => {
    const document = parseLegalText('Terms', '\nLast updated: 2 March 2027\n# Credits\nNone.');
    expect(document.updated).toBe('2 March 2027');
    expect(document.sections).toEqual([{ heading: 'Credits', paragraphs: ['None.'] }]);
  });
});
