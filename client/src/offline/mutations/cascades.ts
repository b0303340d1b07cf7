/** Local deletions that take a row's children with them, as the server's cascades do; used by several features. */
import type { MutationWriter } from '../writer.ts';

export async function deleteFlowCascade(writer: MutationWriter, flowId: string) {
  for (const node of await writer.where('flowNodes', 'flowId', flowId)) await writer.delete('flowNodes', node.id);
  for (const connection of await writer.where('flowConnections', 'flowId', flowId)) await writer.delete('flowConnections', connection.id);
  await writer.delete('flows', flowId);
}
