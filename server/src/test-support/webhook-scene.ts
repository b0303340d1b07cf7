/**
 * A tenant's outgoing webhook for the safety-net scene (tenant-scene.ts): a subscription to a public address (its
 * path carries the tenant's marker), disabled so that nothing is ever sent from a test run, and one test delivery
 * queued on it.
 */
import type { TestServer } from './start-test-server.ts';

const dataOf = async (response: Response, key: string) => Reflect.get(Reflect.get(Object(await response.json()), 'data'), key);

export async function webhookWithDelivery(server: TestServer, token: string, marker: string) {
  const created = await server.api('/api/webhooks', { token, json: { url: `https://203.0.113.10/ganchos/${marker}`, events: ['contact.created'], description: `Webhook ${marker}` } });
  if (created.status !== 201) throw new Error(`webhook: ${created.status} ${await created.text()}`);
  const webhookId = String(Reflect.get(Object(await dataOf(created, 'webhook')), 'id'));
  const disabled = await server.api(`/api/webhooks/${webhookId}`, { method: 'PATCH', token, json: { enabled: false } });
  if (disabled.status !== 200) throw new Error(`webhook disable: ${disabled.status} ${await disabled.text()}`);
  const tested = await server.api(`/api/webhooks/${webhookId}/test`, { method: 'POST', token });
  if (tested.status !== 201) throw new Error(`webhook test: ${tested.status} ${await tested.text()}`);
  const webhookDeliveryId = String(Reflect.get(Object(await dataOf(tested, 'delivery')), 'id'));
  return { webhookId, webhookDeliveryId };
}
