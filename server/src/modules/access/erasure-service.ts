/**
 * The access module's part of a contact's LGPD erasure (contacts/data-service.ts): what goes and what stays is
 * decided in erasure-repository.ts; this runs it in the caller's transaction, the contact locked by the caller.
 */
import type { Queryable } from '../../db/client.ts';
import { eraseContactAccess as erase, type ErasedPerson } from './erasure-repository.ts';

/** Answers how many accesses lost their person. */
export function eraseContactAccess(sql: Queryable, userId: string, person: ErasedPerson): Promise<number> {
  return erase(sql, userId, person);
}
