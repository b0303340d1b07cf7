/**
 * The webhook parser of each gateway a plan can receive purchases from, by the gateway's name in the plan's
 * webhook URL. Every parser is pure: (delivery, the plan's secret for that gateway, now) → result (./result.ts).
 * Secrets: Hotmart → the account's hottok; Kiwify → the webhook token; Eduzz → the access key ("chave de acesso")
 * chosen for the configuration; generic → the plan's webhookSecret.
 */
import type { PurchaseGateway } from '@shared/access/webhook-event.ts';
import { parseEduzz } from './eduzz.ts';
import { parseGeneric } from './generic.ts';
import { parseHotmart } from './hotmart.ts';
import { parseKiwify } from './kiwify.ts';
import type { GatewayParser } from './result.ts';

export const GATEWAY_PARSERS: Record<PurchaseGateway, GatewayParser> = {
  hotmart: parseHotmart,
  kiwify: parseKiwify,
  eduzz: parseEduzz,
  generic: parseGeneric,
};
