/** Meta pixels (docs/product.md#api-pixels): thin routes over service.ts, parsed with the shared schemas. */
import { Elysia } from 'elysia';
import { createPixelInputSchema, pixelTestEventInputSchema, updatePixelInputSchema } from '@shared/pixels/schemas.ts';
import { auditedGuard } from '../audit/audited-guard.ts';
import { ok } from '../../http/envelope.ts';
import { parseInput } from '../../http/validate.ts';
import type { AccessTokens } from '../auth/access-token.ts';
import * as pixels from './service.ts';

export function pixelRoutes(deps: pixels.PixelsDeps & { accessTokens: AccessTokens; trustProxy: boolean }) {
  return new Elysia({ prefix: '/pixels' })
    .use(auditedGuard(deps))
    .get('/', async ({ userId }) => ok({ pixels: await pixels.listPixels(deps, userId) }))
    .post('/', async ({ userId, body, set }) => {
      const pixel = await pixels.createPixel(deps, userId, parseInput(createPixelInputSchema, body));
      set.status = 201;
      return ok({ pixel });
    })
    .put('/:id', async ({ userId, params, body }) => ok({ pixel: await pixels.updatePixel(deps, userId, params.id, parseInput(updatePixelInputSchema, body)) }))
    .delete('/:id', async ({ userId, params }) => {
      await pixels.deletePixel(deps, userId, params.id);
      return ok({ deleted: true as const });
    })
    .post('/:id/test-event', async ({ userId, params, body }) => {
      const input = parseInput(pixelTestEventInputSchema, body);
      return ok({ result: await pixels.sendTestEvent(deps, userId, params.id, input.testEventCode) });
    });
}
