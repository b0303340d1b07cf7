/**
 * Access plans (docs/product.md#acessos, docs/decisions.md#paid-access). A plan may be active only while its bot is
 * an administrator able to invite and ban in every chat it opens (Telegram refuses the invite links and removals
 * otherwise): the answer says which chat lacks it, and activating such a plan is refused naming the chat.
 */
import { ACCESS_GATEWAYS, planSchema, type AccessGateway, type CreatePlanInput, type Plan, type UpdatePlanInput } from '@shared/access/plans.ts';
import { ACCESS_LIMITS, ACCESS_TEXTS, botLacksRights } from '@shared/access/texts.ts';
import type { Role } from '@shared/team/permissions.ts';
import type { Queryable } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { decryptSecret, encryptSecret, randomToken } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import * as repo from './plan-repository.ts';
import { droppedLink, revokeArchivedLink, revokeDroppedLink } from './stars-link-revoke.ts';
import { starsAnswer, starsWrite, type StarsPlanDeps } from './stars-plan.ts';
import { setPlanStars } from './stars-repository.ts';

export type PlansDeps = { sql: Queryable; encryptionKey: Uint8Array; runtime?: StarsPlanDeps['runtime'] };

/** Who asks and where the console is served from: owners see the generic webhook's key; URLs are absolute. */
export type PlanViewer = { role: Role; origin: string };

const refused = (field: string, message: string, status = 422) => new AppError('VALIDATION_FAILED', status, message, { [field]: message });

/** The public URL of a plan's webhook for one gateway (`generic`: the product's own signed scheme). */
export const webhookUrl = (origin: string, planId: string, gateway: AccessGateway | 'generic') =>
  `${origin.replace(/\/+$/, '')}/api/access/webhooks/${planId}/${gateway}`;

export async function listPlans(deps: PlansDeps, userId: string, viewer: PlanViewer, archived = false): Promise<Plan[]> {
  return toPlans(deps, await repo.listPlans(deps.sql, userId, archived), viewer);
}

export async function getPlan(deps: PlansDeps, userId: string, planId: string, viewer: PlanViewer): Promise<Plan> {
  const row = isUuid(planId) ? await repo.findPlan(deps.sql, userId, planId) : undefined;
  if (!row) throw notFound();
  const [plan] = await toPlans(deps, [row], viewer);
  if (!plan) throw notFound();
  return plan;
}

export async function createPlan(deps: PlansDeps, userId: string, input: CreatePlanInput, viewer: PlanViewer): Promise<Plan> {
  if (!(await repo.botOwned(deps.sql, userId, input.botId))) throw notFound();
  await checkPixel(deps, userId, input.pixelId);
  const channels = await checkedChannels(deps, userId, input.botId, input.channelIds, input.active);
  if ((await repo.countPlans(deps.sql, userId)) >= ACCESS_LIMITS.plansPerWorkspace) throw refused('name', ACCESS_TEXTS.tooManyPlans);
  const id = crypto.randomUUID();
  const stars = await starsWrite(deps, input.stars, { botId: input.botId, name: input.name, channelIds: input.channelIds });
  await inTransaction(deps.sql, async (sql) => {
    await repo.insertPlan(sql, userId, {
      id, botId: input.botId, webhookSecretEncrypted: encryptSecret(`whsec_${randomToken(24)}`, deps.encryptionKey),
      ...planWrite(deps, input, { gatewayTokensEncrypted: {}, productIds: {} }),
    });
    await repo.setPlanChannels(sql, userId, id, channels.map((channel) => channel.id));
    if (stars) await setPlanStars(sql, userId, id, stars);
  });
  return getPlan(deps, userId, id, viewer);
}

export async function updatePlan(deps: PlansDeps, userId: string, planId: string, changes: UpdatePlanInput, viewer: PlanViewer): Promise<Plan> {
  const row = isUuid(planId) ? await repo.findPlan(deps.sql, userId, planId) : undefined;
  if (!row) throw notFound();
  if (row.archivedAt) throw refused('name', ACCESS_TEXTS.archived, 409);
  await checkPixel(deps, userId, changes.pixelId);
  const channelIds = changes.channelIds ?? (await repo.planChannels(deps.sql, [planId])).map((channel) => channel.id);
  const active = changes.active ?? row.active;
  await checkedChannels(deps, userId, row.botId, channelIds, active);
  const durationDays = changes.lifetime === true ? null : (changes.durationDays ?? row.durationDays);
  const merged = {
    name: changes.name ?? row.name, durationDays, graceDays: changes.graceDays ?? row.graceDays, active,
    priceCents: changes.priceCents === undefined ? row.priceCents : changes.priceCents, gateways: changes.gateways,
    pixelId: changes.pixelId === undefined ? row.pixelId : changes.pixelId,
  };
  const stars = await starsWrite(deps, changes.stars, { botId: row.botId, name: merged.name, channelIds }, row);
  await revokeDroppedLink(deps, row.botId, droppedLink(row, stars));
  await inTransaction(deps.sql, async (sql) => {
    await repo.updatePlan(sql, userId, planId, planWrite(deps, merged, row));
    await repo.setPlanChannels(sql, userId, planId, channelIds);
    if (stars) await setPlanStars(sql, userId, planId, stars);
  });
  return getPlan(deps, userId, planId, viewer);
}

export async function archivePlan(deps: PlansDeps, userId: string, planId: string): Promise<void> {
  const row = isUuid(planId) ? await repo.findPlan(deps.sql, userId, planId) : undefined;
  if (!row || !(await repo.archivePlan(deps.sql, userId, planId))) throw notFound();
  await revokeArchivedLink(deps, row);
}

/** Another workspace's pixel is not found, like funnels' (no probing of ids). */
async function checkPixel(deps: PlansDeps, userId: string, pixelId: string | null | undefined) {
  if (pixelId && !(await repo.pixelOwned(deps.sql, userId, pixelId))) throw notFound();
}

/** The bot's chats, each one checked when the plan is to be active. */
async function checkedChannels(deps: PlansDeps, userId: string, botId: string, channelIds: string[], active: boolean) {
  if (channelIds.length === 0) throw refused('channelIds', ACCESS_TEXTS.channelsRequired);
  const channels = await repo.botChannels(deps.sql, userId, botId, channelIds);
  if (channels.length !== channelIds.length) throw refused('channelIds', ACCESS_TEXTS.channelNotOfBot);
  const lacking = channels.find((channel) => !(channel.canInvite && channel.canBan));
  if (active && lacking) throw refused('channelIds', botLacksRights(lacking.title));
  return channels;
}

type PlanFields = {
  name: string;
  durationDays?: number | null | undefined;
  lifetime?: boolean | undefined;
  graceDays: number;
  active: boolean;
  priceCents?: number | null | undefined;
  gateways?: UpdatePlanInput['gateways'];
  pixelId?: string | null | undefined;
};

/** Gateway settings merged into the stored ones: a token sent replaces (sealed), "" clears, absent keeps. */
function planWrite(deps: PlansDeps, fields: PlanFields, stored: Pick<repo.PlanRow, 'gatewayTokensEncrypted' | 'productIds'>): repo.PlanWrite {
  const tokens = { ...stored.gatewayTokensEncrypted };
  const productIds = { ...stored.productIds };
  for (const gateway of ACCESS_GATEWAYS) {
    const settings = fields.gateways?.[gateway];
    if (settings?.token !== undefined) {
      if (settings.token === '') delete tokens[gateway];
      else tokens[gateway] = encryptSecret(settings.token, deps.encryptionKey);
    }
    if (settings?.productId !== undefined) {
      if (settings.productId === '') delete productIds[gateway];
      else productIds[gateway] = settings.productId;
    }
  }
  return {
    name: fields.name, durationDays: fields.lifetime === true ? null : (fields.durationDays ?? null), graceDays: fields.graceDays,
    active: fields.active, priceCents: fields.priceCents ?? null, gatewayTokensEncrypted: tokens, productIds, pixelId: fields.pixelId ?? null,
  };
}

/** The stored token of a gateway, opened (the webhook routes verify with it); undefined when not set. */
export const gatewayToken = (deps: Pick<PlansDeps, 'encryptionKey'>, row: repo.PlanRow, gateway: AccessGateway) => {
  const sealed = row.gatewayTokensEncrypted[gateway];
  return sealed ? decryptSecret(sealed, deps.encryptionKey) : undefined;
};

export const webhookSecret = (deps: Pick<PlansDeps, 'encryptionKey'>, row: repo.PlanRow) => decryptSecret(row.webhookSecretEncrypted, deps.encryptionKey);

async function toPlans(deps: PlansDeps, rows: repo.PlanRow[], viewer: PlanViewer): Promise<Plan[]> {
  const ids = rows.map((row) => row.id);
  const [channels, counts] = ids.length === 0 ? [[], []] : await Promise.all([repo.planChannels(deps.sql, ids), repo.planCounts(deps.sql, ids)]);
  return rows.map((row) => {
    const own = channels.filter((channel) => channel.planId === row.id);
    const count = counts.find((entry) => entry.planId === row.id);
    const gateway = (name: AccessGateway) => ({ tokenSet: row.gatewayTokensEncrypted[name] !== undefined, productId: row.productIds[name] ?? null });
    return planSchema.parse({
      id: row.id, name: row.name, botId: row.botId, channelIds: own.map((channel) => channel.id),
      channels: own.map((channel) => ({ id: channel.id, title: channel.title, type: channel.type, ready: channel.canInvite && channel.canBan })),
      durationDays: row.durationDays, lifetime: row.durationDays === null, graceDays: row.graceDays, priceCents: row.priceCents,
      currency: row.currency, active: row.active, archived: row.archivedAt !== null,
      webhooks: {
        hotmart: webhookUrl(viewer.origin, row.id, 'hotmart'), kiwify: webhookUrl(viewer.origin, row.id, 'kiwify'),
        eduzz: webhookUrl(viewer.origin, row.id, 'eduzz'), generic: webhookUrl(viewer.origin, row.id, 'generic'),
      },
      ...(viewer.role === 'owner' ? { webhookSecret: webhookSecret(deps, row) } : {}),
      gateways: { hotmart: gateway('hotmart'), kiwify: gateway('kiwify'), eduzz: gateway('eduzz') },
      counts: { active: count?.active ?? 0, expiringIn7Days: count?.expiringIn7Days ?? 0, expired: count?.expired ?? 0, awaitingLink: count?.awaitingLink ?? 0 },
      rejectedWebhooks: row.rejectedWebhooks, pixelId: row.pixelId, ...starsAnswer(row), createdAt: row.createdAt.toISOString(),
    });
  });
}
