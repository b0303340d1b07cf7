/**
 * The text of an answer, for the safety-net tests. An event stream never ends, so only what it sends first
 * (within a moment) is read and the stream is then closed: enough to see whether it leaks anything, without
 * hanging the test on a connection that stays open by design.
 */
const STREAM_GLANCE_MS = 300;

export async function answerText(response: Response): Promise<string> {
  if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + STREAM_GLANCE_MS;
  try {
    while (Date.now() < deadline) {
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), deadline - Date.now()));
      const chunk = await Promise.race([reader.read(), timeout]);
      if (chunk === 'timeout' || chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}
