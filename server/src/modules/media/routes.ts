/**
 * POST /media/upload and GET /media/{id} (docs/product.md#rules-media, #api-media; docs/decisions.md#d-media). The upload reads its own body
 * (`parse: 'none'`) so the size limit holds while the bytes arrive. A file is served only to its owner;
 * anyone else gets the same 404 as for an id that never existed.
 */
import { Elysia } from 'elysia';
import { MEDIA_UPLOAD_SUCCESS } from '@shared/media/schemas.ts';
import { authGuard } from '../../http/auth-guard.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MediaStore, StoredMedia } from '../../ports/media-store.ts';
import { sniffMedia } from './sniff.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import { readUpload } from './upload-body.ts';

export type MediaDeps = { accessTokens: AccessTokens; media: MediaStore };

const publicMedia = ({ path: _path, ...media }: StoredMedia) => media;

export function mediaRoutes(deps: MediaDeps) {
  return new Elysia({ prefix: '/media' })
    .use(authGuard(deps.accessTokens))
    .post(
      '/upload',
      async ({ userId, request, set }) => {
        const upload = await readUpload(request);
        const sniffed = sniffMedia(upload.bytes);
        if (!sniffed) throw new AppError('MEDIA_TYPE_NOT_ALLOWED', 415);
        const media = await deps.media.save(userId, { ...upload, sniffed });
        set.status = 201;
        return { success: true as const, message: MEDIA_UPLOAD_SUCCESS, data: { url: media.url, media: publicMedia(media) } };
      },
      { parse: 'none' },
    )
    .get('/:id', async ({ userId, params }) => {
      const media = await deps.media.find(userId, params.id);
      const file = media ? Bun.file(media.path) : undefined;
      if (!media || !file || !(await file.exists())) throw notFound();
      return new Response(file, {
        headers: {
          'content-type': media.contentType,
          'content-length': String(media.size),
          'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(media.fileName)}`,
          // An id's content never changes; only its owner (with the token) can fetch it.
          'cache-control': 'private, max-age=31536000, immutable',
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
        },
      });
    });
}
