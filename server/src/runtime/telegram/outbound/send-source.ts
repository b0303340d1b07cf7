/**
 * Which part of the bot a send through its own Api comes from, for the inbox's source mark (migration 0650). Only
 * flows and welcome messages send through a bot's Api (replies and broadcasts have senders of their own), so a send
 * outside `sendingWelcome` is a flow's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const welcome = new AsyncLocalStorage<true>();

export const sendingWelcome = <T>(work: () => Promise<T>): Promise<T> => welcome.run(true, work);

export const sendSource = (): 'flow' | 'welcome' => (welcome.getStore() ? 'welcome' : 'flow');
