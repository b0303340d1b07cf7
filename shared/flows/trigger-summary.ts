/**
 * What starts a flow, in the words an operator uses (docs/product.md#screen-flows): the flow card shows its
 * trigger nodes ("Comando /start", 'Mensagem contém "preço"') instead of the stored trigger type, which is always
 * MESSAGE for flows built in the editor.
 */
import type { FlowNode } from './graph.ts';
import { ACCESS_EVENT_LABELS, ACCESS_EVENTS } from './access-events.ts';

const MAX_SHOWN = 32;

const clip = (text: string) => (text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text);

const stringField = (config: Record<string, unknown>, key: string) => {
  const value = config[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** One trigger node in pt-BR; undefined for a node that is not a trigger. */
export function describeTrigger(node: Pick<FlowNode, 'subType' | 'config'>): string | undefined {
  const config = node.config;
  switch (node.subType) {
    case 'trigger_command': {
      const command = stringField(config, 'command').replace(/^\/*/, '/');
      return `Comando ${clip(command === '/' ? '/start' : command)}`;
    }
    case 'trigger_message': {
      const pattern = stringField(config, 'pattern');
      if (pattern === '') return 'Mensagem (sem texto definido)';
      return pattern === '*' ? 'Qualquer mensagem' : `Mensagem contém "${clip(pattern)}"`;
    }
    case 'trigger_contact_created':
      return 'Novo contato';
    case 'trigger_contact_updated':
      return 'Contato atualizado';
    case 'trigger_contact_from_funnel':
      return 'Entrada por funil';
    case 'trigger_button_clicked': {
      const data = stringField(config, 'buttonData');
      return data === '' ? 'Botão clicado' : `Botão "${clip(data)}"`;
    }
    case 'trigger_access': {
      const event = ACCESS_EVENTS.find((known) => known === config.event) ?? 'expires_in_3_days';
      return `Acesso: ${ACCESS_EVENT_LABELS[event].toLowerCase()}`;
    }
    default:
      return undefined;
  }
}

type TriggerNode = Pick<FlowNode, 'subType' | 'config' | 'order'> & { createdAt?: string };

/** Every trigger of a flow, in the editor's order (then oldest first), without repeats; [] when the flow has none yet. */
export function describeTriggers(nodes: readonly TriggerNode[]): string[] {
  const labels = [...nodes].sort((a, b) => a.order - b.order || (a.createdAt ?? '').localeCompare(b.createdAt ?? '')).map(describeTrigger);
  return [...new Set(labels.filter((label): label is string => label !== undefined))];
}
