import { describe, expect, test } from 'bun:test';
import { mediaUrlOf, uploadedMediaId } from './schemas.ts';

describe('uploadedMediaId', () => {
  const id = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';

  test('reads the id of this server\'s media URL', () => {
    expect(uploadedMediaId(mediaUrlOf(id))).toBe(id);
    expect(uploadedMediaId(` /api/media/${id.toUpperCase()} `)).toBe(id);
  });

  test('leaves outside URLs and look-alikes alone', () => {
    for (const url of [`https://exemplo.com/api/media/${id}`, `/api/media/${id}/x`, '/api/media/123', 'https://exemplo.com/a.jpg', '']) {
      expect(uploadedMediaId(url)).toBeUndefined();
    }
  });
});
