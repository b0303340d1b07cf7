/** Rows to API shapes, through the shared schemas: a drift between database and contract fails here, not in the client. */
import { flowSummarySchema, type FlowSummary } from '@shared/flows/schemas.ts';
import {
  flowConnectionSchema,
  flowMessageSchema,
  flowNodeSchema,
  type FlowConnection,
  type FlowMessage,
  type FlowNode,
} from '@shared/flows/graph.ts';
import type { FlowRow } from './repository.ts';
import type { NodeRow } from './node-repository.ts';
import type { ConnectionRow } from './connection-repository.ts';
import type { MessageRow } from './message-repository.ts';

export const toFlowSummary = (row: FlowRow): FlowSummary =>
  flowSummarySchema.parse({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

export const toNode = ({ x, y, ...row }: NodeRow): FlowNode =>
  flowNodeSchema.parse({
    ...row,
    position: { x, y },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

export const toConnection = (row: ConnectionRow): FlowConnection =>
  flowConnectionSchema.parse({ ...row, createdAt: row.createdAt.toISOString() });

export const toMessage = (row: MessageRow): FlowMessage =>
  flowMessageSchema.parse({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });
