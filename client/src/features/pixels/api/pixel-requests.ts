/**
 * The Meta pixel API (docs/product.md#api-pixels) through TanStack Query. Pixels are not in the offline cache: the
 * screen reads the server and every change needs a connection. Answers are parsed with the shared schemas; a failed
 * change toasts the server's message, else the docs' text (lib/query-client.ts, docs/product.md#toasts-funnels).
 */
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PIXEL_TOASTS,
  pixelResponseSchema,
  pixelsResponseSchema,
  pixelTestEventResponseSchema,
  type CreatePixelInput,
  type Pixel,
  type UpdatePixelInput,
} from '@shared/pixels/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useEntityMutation } from '../../../lib/use-entity-mutation.ts';

/** DELETE answers a success envelope whose data the screen does not need. */
const deletedSchema = z.object({ success: z.literal(true) });

export const pixelRequests = {
  list: async () => (await api.get('/pixels', { schema: pixelsResponseSchema, fallbackMessage: PIXEL_TOASTS.loadFailed })).data.pixels,
  create: async (input: CreatePixelInput) =>
    (await api.post('/pixels', input, { schema: pixelResponseSchema, fallbackMessage: PIXEL_TOASTS.createFailed })).data.pixel,
  update: async (id: string, input: UpdatePixelInput) =>
    (await api.request(`/pixels/${id}`, { method: 'PUT', body: input, schema: pixelResponseSchema, fallbackMessage: PIXEL_TOASTS.updateFailed })).data.pixel,
  remove: async (id: string) => {
    await api.request(`/pixels/${id}`, { method: 'DELETE', schema: deletedSchema, fallbackMessage: PIXEL_TOASTS.deleteFailed });
  },
  testEvent: async (id: string, testEventCode: string) =>
    (await api.post(`/pixels/${id}/test-event`, { testEventCode }, { schema: pixelTestEventResponseSchema, fallbackMessage: PIXEL_TOASTS.testFailed })).data
      .result,
};

/**
 * The pixels screen reads the list again on its own so each pixel's delivery state follows the outbox: often while
 * events wait (a retry is due), now and then otherwise (a funnel join may bring new events at any time).
 */
export const DELIVERY_REFRESH_MS = { waiting: 5_000, idle: 30_000 } as const;

const deliveryRefresh = (pixels: Pixel[] | undefined) => (pixels?.some((pixel) => pixel.delivery.pending > 0) ? DELIVERY_REFRESH_MS.waiting : DELIVERY_REFRESH_MS.idle);

export function usePixels({ enabled = true, followDelivery = false }: { enabled?: boolean; followDelivery?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.pixels.list(),
    queryFn: pixelRequests.list,
    enabled,
    refetchInterval: (query) => (followDelivery ? deliveryRefresh(query.state.data) : false),
    meta: { errorMessage: PIXEL_TOASTS.loadFailed },
  });
}

export const useCreatePixel = () =>
  useEntityMutation({ call: pixelRequests.create, failed: PIXEL_TOASTS.createFailed, succeeded: PIXEL_TOASTS.created, invalidates: queryKeys.pixels.all });

export const useUpdatePixel = () =>
  useEntityMutation({
    call: ({ id, input }: { id: string; input: UpdatePixelInput }) => pixelRequests.update(id, input),
    failed: PIXEL_TOASTS.updateFailed,
    succeeded: PIXEL_TOASTS.updated,
    invalidates: queryKeys.pixels.all,
  });

export const useDeletePixel = () =>
  useEntityMutation({ call: pixelRequests.remove, failed: PIXEL_TOASTS.deleteFailed, succeeded: PIXEL_TOASTS.deleted, invalidates: queryKeys.pixels.all });

/** The test event's answer is Meta's: shown in the modal; the pixel's status may change, so the list is read again. */
export const useSendTestEvent = () =>
  useEntityMutation({
    call: ({ id, testEventCode }: { id: string; testEventCode: string }) => pixelRequests.testEvent(id, testEventCode),
    failed: PIXEL_TOASTS.testFailed,
    succeeded: PIXEL_TOASTS.testSent,
    invalidates: queryKeys.pixels.all,
    refreshOnFailure: true,
  });
