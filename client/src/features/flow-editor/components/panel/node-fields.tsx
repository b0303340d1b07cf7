import { ButtonsFields } from './buttons-fields.tsx';
import type { ConfigDraft } from './controls.tsx';
import { HttpFields } from './http-fields.tsx';
import { DelayFields, IfElseFields, RandomFields } from './logic-fields.tsx';
import { MediaFields } from './media-fields.tsx';
import { MessageFields } from './message-fields.tsx';
import { TriggerFields } from './trigger-fields.tsx';

type Props = { subType: string; flowId: string; draft: ConfigDraft; listened: ReadonlySet<string> | undefined };

/** The fields of a node's subtype (docs/product.md#node-subtypes). */
export function NodeFields({ subType, flowId, draft, listened }: Props) {
  if (subType.startsWith('trigger_')) return <TriggerFields subType={subType} flowId={flowId} {...draft} />;
  switch (subType) {
    case 'send_text':
      return <MessageFields {...draft} />;
    case 'send_media':
      return <MediaFields {...draft} />;
    case 'send_buttons':
      return <ButtonsFields {...draft} listened={listened} />;
    case 'delay':
      return <DelayFields {...draft} />;
    case 'if_else':
      return <IfElseFields {...draft} flowId={flowId} />;
    case 'random':
      return <RandomFields {...draft} />;
    case 'http_request':
      return <HttpFields {...draft} />;
    default:
      return <p className="text-sm text-slate-500">Tipo de nó desconhecido.</p>;
  }
}
