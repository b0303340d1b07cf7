/** Two accounts holding one resource of every kind (tenant-scene.ts) on one test server: Alice and Bob. */
import { tenantWithEverything, type Tenant } from './tenant-scene.ts';
import { startTelegramTestbed, type TelegramTestbed } from './telegram.ts';

export type TenantPair = { bed: TelegramTestbed; alice: Tenant; bob: Tenant };

export async function startTenantPair(): Promise<TenantPair> {
  const bed = await startTelegramTestbed();
  const alice = await tenantWithEverything(bed, `Alfa${crypto.randomUUID().slice(0, 6)}`);
  const bob = await tenantWithEverything(bed, `Beta${crypto.randomUUID().slice(0, 6)}`);
  return { bed, alice, bob };
}
