// Test fixtures shared by the image pipeline's unit tests and the upload route's integration tests.
import sharp from 'sharp';

/** A JPEG as phones make them: turned by EXIF orientation 6, with a camera make and GPS. */
export const phoneJpeg = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSMapDatum: 'WGS-84' },
    })
    .jpeg()
    .toBuffer();
