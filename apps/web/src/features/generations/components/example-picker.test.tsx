import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { pngFile, stubObjectUrls, uploadHandler } from '@/testing/generation-handlers';
import { renderWithProviders } from '@/testing/render';
import { mockSignedIn, server } from '@/testing/server';
import { useImageUpload, type ToolExample } from '../hooks/use-image-upload';
import { ExampleNotice, ExamplePicker } from './example-picker';
import { UploadPanel } from './upload-panel';

const examples: ToolExample[] = [{ name: 'Linen shirt', imageUrl: '/examples/linen-shirt.jpg' }];
const messages = {
  success: 'Upload successful!',
  failure: 'Upload failed.',
  noUrl: 'Upload failed.',
};

/** A tool's input column: the drop zone, the examples, the notice and a stand-in Generate. */
function InputColumn() {
  const upload = useImageUpload('user_1', messages);
  return (
    <>
      <UploadPanel upload={upload} hint="JPG or PNG up to 10MB" />
      <ExamplePicker
        examples={examples}
        hidden={upload.image !== null}
        onChoose={(example) => {
          void upload.chooseExample(example);
        }}
      />
      <ExampleNotice example={upload.example} />
      <button type="button" onClick={upload.endExample}>
        Generate
      </button>
    </>
  );
}

beforeEach(() => {
  stubObjectUrls();
  mockSignedIn();
  server.use(
    uploadHandler(),
    http.get('/examples/linen-shirt.jpg', () =>
      HttpResponse.arrayBuffer(new Uint8Array(16).buffer, {
        headers: { 'content-type': 'image/jpeg' },
      }),
    ),
  );
});

describe('example mode', () => {
  it('uploads a chosen example, says it is one, and ends on the next generate', async () => {
    const { user } = renderWithProviders(<InputColumn />);

    await user.click(screen.getByRole('button', { name: 'Use example Linen shirt' }));

    expect(await screen.findByText('Upload successful!')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(
      'This is an example image. Upload your own to customize.',
    );
    // Examples are offered only while no image is loaded.
    expect(screen.queryByRole('button', { name: /Use example/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Uploaded image' })).toBeInTheDocument();
  });

  it('ends when the image is cleared, and the user’s own upload is never an example', async () => {
    const { user } = renderWithProviders(<InputColumn />);
    await user.click(screen.getByRole('button', { name: 'Use example Linen shirt' }));
    await screen.findByRole('note');

    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Upload image'), pngFile());
    await screen.findByText('Upload successful!');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
