/**
 * The Meta pixel API (docs/product.md#api-pixels) through TanStack Query. Pixels are not in the offline cache: the
 * screen reads the server and every change needs a connection. Answers are parsed with the shared schemas; a failed
 * change toasts the server's message, else the docs' text (lib/query-client.ts, docs/product.md#toasts-funnels).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PIXEL_TOASTS,
  pixelResponseSchema,
  pixelsResponseSchema,
  pixelTestEventResponseSchema,
  type CreatePixelInput,
  type UpdatePixelInput,
} from '@shared/pixels/schemas.ts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast.ts';

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

export function usePixels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.pixels.list(),
    queryFn: pixelRequests.list,
    enabled,
    meta: { errorMessage: PIXEL_TOASTS.loadFailed },
  });
}

function useRefreshPixels() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.pixels.all });
}

export function useCreatePixel() {
  const refresh = useRefreshPixels();
  return useMutation({
    mutationFn: pixelRequests.create,
    meta: { errorMessage: PIXEL_TOASTS.createFailed },
    onSuccess: () => {
      toast.success(PIXEL_TOASTS.created);
      return refresh();
    },
  });
}

export function useUpdatePixel() {
  const refresh = useRefreshPixels();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdatePixelInput }) => pixelRequests.update(id, input),
    meta: { errorMessage: PIXEL_TOASTS.updateFailed },
    onSuccess: () => {
      toast.success(PIXEL_TOASTS.updated);
      return refresh();
    },
  });
}

export function useDeletePixel() {
  const refresh = useRefreshPixels();
  return useMutation({
    mutationFn: pixelRequests.remove,
    meta: { errorMessage: PIXEL_TOASTS.deleteFailed },
    onSuccess: () => {
      toast.success(PIXEL_TOASTS.deleted);
      return refresh();
    },
  });
}

/** The test event's answer is Meta's: shown in the modal; the pixel's status may change, so the list is read again. */
export function useSendTestEvent() {
  const refresh = useRefreshPixels();
  return useMutation({
    mutationFn: ({ id, testEventCode }: { id: string; testEventCode: string }) => pixelRequests.testEvent(id, testEventCode),
    meta: { errorMessage: PIXEL_TOASTS.testFailed },
    onSuccess: () => {
      toast.success(PIXEL_TOASTS.testSent);
    },
    onSettled: () => refresh(),
  });
}
