/**
 * Seeds a flow of `nodes` nodes and `edges` connections through the public API (client ids, like the editor).
 * Sequential on purpose: with several pooled connections the embedded database can mix up one connection's
 * portal with another's ("portal does not exist"; the offline sync branch moves it to a single connection).
 */
type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

const SUBTYPES = [
  ['action', 'send_text'],
  ['action', 'send_buttons'],
  ['condition', 'if_else'],
  ['action', 'delay'],
  ['integration', 'http_request'],
] as const;

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** The nodes and connections of a big flow: a grid of 25 columns, a chain through every node, then vertical links. */
export function bigFlowSpecs(flowId: string, nodes = 500, edges = 600) {
  const columns = 25;
  const ids = Array.from({ length: nodes }, () => crypto.randomUUID());
  const specs = ids.map((id, i) => {
    const [type, subType] = i === 0 ? (['trigger', 'trigger_command'] as const) : (SUBTYPES[i % SUBTYPES.length] ?? SUBTYPES[0]);
    const config = subType === 'send_text' ? { message: `Mensagem ${i} com {{contact.firstName}}` } : {};
    return { id, flowId, type, subType, position: { x: (i % columns) * 330, y: Math.floor(i / columns) * 240 }, config, order: i };
  });
  // A chain through every node, then vertical links until the count is reached; never into the trigger.
  const links: { source: number; target: number }[] = [];
  for (let i = 0; i + 1 < nodes && links.length < edges; i++) links.push({ source: i, target: i + 1 });
  for (let i = 1; i + columns < nodes && links.length < edges; i += 4) links.push({ source: i, target: i + columns });
  for (let i = 3; i + columns < nodes && links.length < edges; i += 4) links.push({ source: i, target: i + columns });
  const connections = links.map(({ source, target }) => ({
    id: crypto.randomUUID(),
    flowId,
    sourceNodeId: ids[source] ?? '',
    targetNodeId: ids[target] ?? '',
    sourceHandle: specs[source]?.type === 'condition' ? 'true' : 'default',
  }));
  return { specs, connections };
}

export async function seedBigFlow(call: Call, flowId: string, nodes = 500, edges = 600) {
  const { specs, connections } = bigFlowSpecs(flowId, nodes, edges);
  await inBatches(specs, 1, (spec) => call('POST', '/flows/nodes', spec));
  await inBatches(connections, 1, (connection) => call('POST', '/flows/connections', connection));
  return { nodes: specs.length, connections: connections.length };
}
