import { describe, expect, test } from 'bun:test';
import { findViolations } from './lint-imports.ts';

const check = (files: Record<string, string>) => findViolations('/repo', Object.keys(files), (file) => files[file] ?? '');

describe('import-direction lint', () => {
  test('rejects shared/ importing server/ or client/', () => {
    const problems = check({
      'shared/auth/schemas.ts': "import { x } from '../../server/src/db/client.ts';\nimport y from '../../client/src/lib/a.ts';",
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('shared/auth/schemas.ts:1');
  });

  test('rejects the client importing the server, also through dynamic import', () => {
    const problems = check({ 'client/src/lib/api.ts': "const m = await import('../../../server/src/app.ts');" });
    expect(problems).toHaveLength(1);
  });

  test('rejects one client feature importing another', () => {
    const problems = check({ 'client/src/features/bots/components/list.tsx': "import { a } from '../../flows/api/get-flows.ts';" });
    expect(problems[0]).toContain('bots → flows');
  });

  test('rejects runtime APIs in shared/', () => {
    expect(check({ 'shared/x.ts': "import fs from 'node:fs';" })).toHaveLength(1);
  });

  test('accepts the allowed directions', () => {
    const problems = check({
      'client/src/features/auth/api/login.ts': "import { loginInputSchema } from '../../../shared/auth/schemas.ts';",
      'server/src/modules/auth/routes.ts': "import { x } from '../../../shared/auth/schemas.ts';\nimport { y } from './service.ts';",
      'client/src/routes/login.tsx': "import { LoginPage } from '../features/auth/components/login-page.tsx';",
    });
    expect(problems).toEqual([]);
  });
});

describe('project tools', () => {
  test('only tests may import the Telegram emulator', () => {
    const spec = "import { createTelegramEmulator } from '../../../tools/telegram-emulator/emulator.ts';";
    expect(check({ 'server/src/telegram/bot-manager.ts': spec })).toHaveLength(1);
    expect(check({ 'server/src/telegram/bot-manager.test.ts': spec })).toEqual([]);
    expect(check({ 'server/src/test-support/emulator.ts': "import { x } from '../../../tools/telegram-emulator/emulator.ts';" })).toEqual([]);
  });
});
