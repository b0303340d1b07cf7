/**
 * The node kinds of docs/product.md#node-subtypes: four types, each with its subtypes. The editor's library groups, the server's
 * validation and the engine all read this one list.
 */
export const NODE_TYPES = ['trigger', 'action', 'condition', 'integration'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export const SUBTYPES_BY_TYPE = {
  trigger: [
    'trigger_message',
    'trigger_command',
    'trigger_contact_created',
    'trigger_contact_updated',
    'trigger_contact_from_funnel',
    'trigger_button_clicked',
    'trigger_access',
  ],
  action: ['send_text', 'send_media', 'send_buttons', 'delay'],
  condition: ['if_else', 'random'],
  integration: ['http_request'],
} as const satisfies Record<NodeType, readonly string[]>;

export type NodeSubType = (typeof SUBTYPES_BY_TYPE)[NodeType][number];

export const NODE_SUBTYPES = Object.values(SUBTYPES_BY_TYPE).flat() as NodeSubType[];

export function nodeTypeOf(subType: string): NodeType | undefined {
  return NODE_TYPES.find((type) => (SUBTYPES_BY_TYPE[type] as readonly string[]).includes(subType));
}

export const isNodeSubType = (value: string): value is NodeSubType => nodeTypeOf(value) !== undefined;

/** pt-BR labels: the library entries and a new node's default label. */
export const SUBTYPE_LABELS: Record<NodeSubType, string> = {
  trigger_message: 'Mensagem recebida',
  trigger_command: 'Comando',
  trigger_contact_created: 'Contato criado',
  trigger_contact_updated: 'Contato atualizado',
  trigger_contact_from_funnel: 'Contato do funil',
  trigger_button_clicked: 'Botão clicado',
  trigger_access: 'Acesso pago',
  send_text: 'Enviar texto',
  send_media: 'Enviar mídia',
  send_buttons: 'Enviar botões',
  delay: 'Aguardar',
  if_else: 'Se / Senão',
  random: 'Aleatório',
  http_request: 'Requisição HTTP',
};

/** Library group titles of docs/product.md#screen-flow-editor, in order. */
export const NODE_TYPE_GROUPS: Record<NodeType, string> = {
  trigger: 'Gatilhos',
  action: 'Ações',
  condition: 'Condições',
  integration: 'Integrações',
};
