/**
 * Administration commands, run beside (or instead of) the server with its configuration (.env, env.ts):
 *   bun run admin reset-password <email>   prints a new random password and signs the account out everywhere
 * An unknown e-mail prints a pt-BR message and exits with status 1; a wrong call prints the usage (status 2).
 */
import { loginInputSchema } from '@shared/auth/schemas.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { restrictNewFiles } from '../lib/private-files.ts';
import { redact } from '../lib/logger.ts';
import { adminResetPassword } from '../modules/auth/password-reset/admin-reset.ts';
import { openDatabase } from './open-database.ts';

const USAGE = 'Uso: bun run admin reset-password <email>';

async function resetPassword(rawEmail: string): Promise<number> {
  const email = loginInputSchema.shape.email.safeParse(rawEmail);
  if (!email.success) {
    console.error(`E-mail inválido: ${rawEmail}`);
    return 1;
  }
  const db = await openDatabase(loadConfig());
  try {
    const password = await adminResetPassword(db.sql, email.data);
    if (!password) {
      console.error(`Nenhuma conta com o e-mail ${email.data}.`);
      return 1;
    }
    console.log(`Senha da conta ${email.data} redefinida. Nova senha:\n\n    ${password}\n`);
    console.log('Todas as sessões da conta foram encerradas. Entregue a senha à pessoa por um canal seguro; ela pode trocá-la depois de entrar.');
    return 0;
  } finally {
    await db.close();
  }
}

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === 'reset-password' && email && rest.length === 0) return resetPassword(email);
  console.error(USAGE);
  return 2;
}

restrictNewFiles();
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
    console.error(redact(`Falha: ${message}`));
    process.exit(1);
  },
);
