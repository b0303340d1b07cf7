/**
 * Invite links of funnels through a bot's token (docs/decisions.md#d-funnels-pixel): the call the funnels and
 * tracking modules make and its outcome, answered, never thrown, so they decide what a refusal means to their caller.
 */
import type { ChatInviteLink } from 'grammy/types';

export type InviteLinkOptions = {
  name?: string | undefined;
  createsJoinRequest?: boolean | undefined;
  memberLimit?: number | undefined;
  /** Unix seconds. */
  expireDate?: number | undefined;
};

export type InviteLinkResult =
  | { ok: true; link: ChatInviteLink }
  | { ok: false; errorCode: number; description: string };

export const INVITE_NOT_RUNNING: InviteLinkResult = { ok: false, errorCode: 0, description: 'bot not running' };

export type InviteLinkCall =
  | { action: 'create'; chatId: number; options: InviteLinkOptions; signal?: AbortSignal | undefined }
  | { action: 'edit'; chatId: number; link: string; options: InviteLinkOptions; signal?: AbortSignal | undefined }
  | { action: 'revoke'; chatId: number; link: string; signal?: AbortSignal | undefined };
