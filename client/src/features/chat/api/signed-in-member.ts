/**
 * The person signed in on this device, as a local reply or note names them until the server's row arrives. The
 * device's database belongs to one person in one workspace (offline/db.ts), so a rebase names the same person.
 */
import { sessionStore } from '../../../lib/session-store.ts';

export function signedInMember(): { id: string | null; name: string | null } {
  // Outside a browser (the sync model's runs) there is nobody signed in: the server's row names the member.
  const user = typeof window === 'undefined' ? null : sessionStore().getState().user;
  return { id: user?.id ?? null, name: user?.name ?? null };
}
