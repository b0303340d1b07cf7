import { CircleCheck, CircleX } from 'lucide-react';
import { PIXEL_TEXTS, type PixelTestEventResult } from '@shared/pixels/schemas.ts';

export type Answer = { kind: 'received'; result: PixelTestEventResult } | { kind: 'failed'; message: string };

/** Meta's answer to a test event: how many events it received (and its messages), or why it refused them. */
export function TestEventAnswer({ answer }: { answer: Answer | null }) {
  if (answer?.kind === 'received') {
    return (
      <div role="status" data-testid="test-event-answer" className="flex gap-2 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-700">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="min-w-0 break-words">
          <p className="font-medium">{PIXEL_TEXTS.testEventReceived(answer.result.eventsReceived)}</p>
          {answer.result.messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
          {answer.result.fbtraceId && <p className="text-xs text-emerald-700">fbtrace_id: {answer.result.fbtraceId}</p>}
        </div>
      </div>
    );
  }
  if (answer?.kind === 'failed') {
    return (
      <div role="alert" data-testid="test-event-answer" className="flex gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
        <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p className="min-w-0 break-words">{answer.message}</p>
      </div>
    );
  }
  return null;
}
