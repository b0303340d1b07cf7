/**
 * @xyflow/react's own control and accessibility texts, in pt-BR (its `ariaLabelConfig` prop; the defaults are
 * English): the Controls buttons take these as both title and aria-label.
 */
import type { AriaLabelConfig } from '@xyflow/react';

const DIRECTIONS: Record<string, string> = { up: 'cima', down: 'baixo', left: 'a esquerda', right: 'a direita' };

export const CANVAS_LABELS: Partial<AriaLabelConfig> = {
  'node.a11yDescription.default': 'Pressione Enter ou Espaço para selecionar um nó.',
  'node.a11yDescription.keyboardDisabled': 'Pressione Enter ou Espaço para selecionar um nó e use as setas para movê-lo.',
  'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => `Nó movido para ${DIRECTIONS[direction] ?? direction}. Nova posição: x ${x}, y ${y}`,
  'edge.a11yDescription.default': 'Pressione Enter ou Espaço para selecionar uma conexão.',
  'controls.ariaLabel': 'Controles do canvas',
  'controls.zoomIn.ariaLabel': 'Aproximar',
  'controls.zoomOut.ariaLabel': 'Afastar',
  'controls.fitView.ariaLabel': 'Ajustar à tela',
  'controls.interactive.ariaLabel': 'Bloquear/desbloquear edição',
  'minimap.ariaLabel': 'Minimapa',
  'handle.ariaLabel': 'Ponto de conexão',
};
