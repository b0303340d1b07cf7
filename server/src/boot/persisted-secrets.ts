/**
 * Secrets the operator did not configure are generated on first start and kept in DATA_DIR/secrets.json
 * (mode 0600). Regenerating them on every start would log everyone out and make encrypted bot tokens unreadable.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const fileSchema = z.object({
  jwtSecret: z.string().min(32).optional(),
  encryptionKey: z.string().regex(/^[0-9a-f]{64}$/i).optional(),
});

export type Secrets = { jwtSecret: string; encryptionKeyHex: string };

export function loadPersistedSecrets(
  dataDir: string,
  provided: { jwtSecret: string | undefined; encryptionKeyHex: string | undefined },
): Secrets {
  if (provided.jwtSecret && provided.encryptionKeyHex) {
    return { jwtSecret: provided.jwtSecret, encryptionKeyHex: provided.encryptionKeyHex };
  }
  const file = path.join(dataDir, 'secrets.json');
  const stored = readSecretsFile(file);
  const next = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('hex'),
  };
  if (next.jwtSecret !== stored.jwtSecret || next.encryptionKey !== stored.encryptionKey) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return {
    jwtSecret: provided.jwtSecret ?? next.jwtSecret,
    encryptionKeyHex: provided.encryptionKeyHex ?? next.encryptionKey,
  };
}

function readSecretsFile(file: string): z.infer<typeof fileSchema> {
  if (!existsSync(file)) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    raw = undefined;
  }
  const parsed = fileSchema.safeParse(raw);
  // Never overwrite an unreadable file silently: it may hold the key to every encrypted token.
  if (!parsed.success) throw new Error(`Arquivo de segredos inválido: ${file}`);
  return parsed.data;
}
