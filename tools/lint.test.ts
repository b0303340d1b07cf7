import { describe, expect, test } from 'bun:test';
import path from 'node:path';
import { ESLint } from 'eslint';

/** The repository's own eslint.config.ts, run on sources placed (not written) at paths inside the tree. */
const ROOT = path.resolve(import.meta.dir, '..');
const eslint = new ESLint({ cwd: ROOT });

async function problems(file: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, line: message.line, text: message.message }));
}

const rules = async (file: string, source: string) => (await problems(file, source)).map((problem) => problem.rule);

describe('import boundaries', () => {
  test('rejects shared/ importing server/ or client/, and Node or Bun APIs', async () => {
    const found = await problems(
      'shared/probe.ts',
      [
        "import { AppError } from '../server/src/lib/errors.ts';",
        "import { cn } from '../client/src/lib/cn.ts';",
        "import { readFileSync } from 'node:fs';",
        "import path from 'path';",
        "import { file } from 'bun';",
        'export const all = [AppError, cn, readFileSync, path, file];',
      ].join('\n'),
    );
    expect(found.map((problem) => [problem.rule, problem.line])).toEqual([
      ['import-x/no-restricted-paths', 1],
      ['import-x/no-restricted-paths', 2],
      ['no-restricted-imports', 3],
      ['no-restricted-imports', 4],
      ['no-restricted-imports', 5],
    ]);
  });

  test("shared/ tests may use bun:test, still no Node API", async () => {
    expect(await rules('shared/probe.test.ts', "import { test } from 'bun:test';\ntest('x', () => {});")).toEqual([]);
    expect(await rules('shared/probe.test.ts', "import fs from 'node:fs';\nexport default fs;")).toEqual(['no-restricted-imports']);
  });

  test('journeys take test/expect from the CSP-checking fixture, not from Playwright directly', async () => {
    expect(await rules('e2e/probe.e2e.ts', "import { test } from '@playwright/test';\ntest('x', () => {});")).toEqual(['no-restricted-imports']);
    expect(await rules('e2e/probe.e2e.ts', "import { test } from './test-support/test.ts';\ntest('x', () => {});")).toEqual([]);
  });

  test('rejects the client importing the server, also through dynamic import, and the reverse', async () => {
    expect(await rules('client/src/lib/probe.ts', "export const app = await import('../../../server/src/app.ts');")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rules('server/src/lib/probe.ts', "export { cn } from '../../../client/src/lib/cn.ts';")).toEqual(['import-x/no-restricted-paths']);
  });

  test('rejects client lib/ importing a feature, and one feature importing another', async () => {
    const fromLib = await problems('client/src/lib/probe.ts', "export { BotsPage } from '../features/bots/components/bots-page.tsx';");
    expect(fromLib.map((problem) => problem.rule)).toEqual(['import-x/no-restricted-paths']);
    expect(fromLib[0]?.text).toContain('lib/, offline/ e components/');
    const crossFeature = await problems('client/src/features/bots/components/probe.tsx', "export { FlowsPage } from '../../flows/components/flows-page.tsx';");
    expect(crossFeature[0]?.text).toContain('features não importam outras features');
  });

  test('rejects a route reaching into offline/ or a feature beyond its components', async () => {
    expect(await rules('client/src/routes/probe.tsx', "export { offlineDb } from '../offline/db.ts';")).toEqual(['import-x/no-restricted-paths']);
    expect(await rules('client/src/routes/probe.tsx', "export * from '../features/bots/api/bot-writes.ts';")).toEqual(['import-x/no-restricted-paths']);
  });

  test("rejects module routes importing another module's repository", async () => {
    const found = await problems('server/src/modules/contacts/routes.ts', "export { findBotsByIds } from '../bots/repository.ts';");
    expect(found.map((problem) => problem.text)).toEqual([
      expect.stringContaining('um módulo não usa o repositório de outro'),
      expect.stringContaining('rotas chamam o service'),
    ]);
  });

  test('rejects routes importing their own repository; a service may', async () => {
    expect(await rules('server/src/modules/bots/routes.ts', "export * from './repository.ts';")).toEqual(['import-x/no-restricted-paths']);
    expect(await rules('server/src/modules/bots/service.ts', "export * from './repository.ts';")).toEqual([]);
  });

  test('a jobs/ folder owns its repository like a module', async () => {
    expect(await rules('server/src/jobs/queue.ts', "export * from '../modules/bots/repository.ts';")).toEqual(['import-x/no-restricted-paths']);
    expect(await rules('server/src/modules/bots/service.ts', "export * from '../../runtime/telegram/bots/runtime-repository.ts';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  test('only test code may import the Telegram emulator', async () => {
    const spec = "export { createTelegramEmulator } from '../../../../tools/telegram-emulator/emulator.ts';";
    expect(await rules('server/src/runtime/telegram/probe.ts', spec)).toEqual(['import-x/no-restricted-paths']);
    expect(await rules('server/src/runtime/telegram/probe.test.ts', spec)).toEqual([]);
    expect(await rules('server/src/test-support/probe.ts', "export * from '../../../tools/telegram-emulator/emulator.ts';")).toEqual([]);
  });
});

describe('server layers meet through ports', () => {
  test('the runtime imports no module and no engine, only their ports', async () => {
    const fromModule = await problems('server/src/runtime/telegram/probe.ts', "export { recordPixelEvent } from '../../engines/pixel-delivery/outbox.ts';\nexport { createMediaStore } from '../../modules/media/media-store.ts';");
    expect(fromModule.map((problem) => [problem.line, problem.text])).toEqual([
      [1, expect.stringContaining('runtime/ não importa módulos nem engines')],
      [2, expect.stringContaining('runtime/ não importa módulos nem engines')],
    ]);
    expect(await rules('server/src/runtime/flow-engine/probe.ts', "export type { MediaStore } from '../../ports/media-store.ts';")).toEqual([]);
  });

  test('modules and engines reach the runtime only through ports', async () => {
    const spec = "export { createBotManager } from '../../runtime/telegram/bots/bot-manager.ts';";
    for (const file of ['server/src/modules/contacts/service.ts', 'server/src/engines/broadcast-delivery/probe.ts', 'server/src/modules/bots/routes.ts']) {
      const found = await problems(file, spec);
      expect([file, found.map((problem) => problem.text)]).toEqual([file, [expect.stringContaining('chegam ao runtime só pelos ports')]]);
    }
    expect(await rules('server/src/modules/bots/service.ts', spec)).toEqual(['import-x/no-restricted-paths']);
    expect(await rules('server/src/engines/push-delivery/probe.ts', "export type { BotRuntime } from '../../ports/bot-runtime.ts';")).toEqual([]);
  });

  test('ports, lib, db and jobs import no module, engine or runtime', async () => {
    const cases: [string, string][] = [
      ['server/src/ports/probe.ts', "export { createBotManager } from '../runtime/telegram/bots/bot-manager.ts';"],
      ['server/src/ports/probe.ts', "export { toBroadcast } from '../modules/broadcasts/mappers.ts';"],
      ['server/src/lib/probe.ts', "export { pixelOutbox } from '../engines/pixel-delivery/outbox.ts';"],
      ['server/src/jobs/probe.ts', "export { createFlowEngine } from '../runtime/flow-engine/flow-engine.ts';"],
      ['server/src/db/probe.ts', "export { vapidKeys } from '../modules/push/service.ts';"],
    ];
    for (const [file, source] of cases) {
      const found = await problems(file, source);
      expect([file, found.map((problem) => problem.text)]).toEqual([file, [expect.stringContaining('ficam abaixo de modules/, engines/ e runtime/')]]);
    }
  });

  test('a module imports no engine; the composition root wires them all', async () => {
    const found = await problems('server/src/modules/broadcasts/routes.ts', "export { createBroadcastEngine } from '../../engines/broadcast-delivery/engine.ts';");
    expect(found.map((problem) => problem.text)).toEqual([expect.stringContaining('módulos não importam engines')]);
    const root = [
      "import { createBroadcastEngine } from './engines/broadcast-delivery/engine.ts';",
      "import { createMediaStore } from './modules/media/media-store.ts';",
      "import { createBotManager } from './runtime/telegram/bot-manager.ts';",
      'export const parts = [createBroadcastEngine, createMediaStore, createBotManager];',
    ].join('\n');
    expect(await rules('server/src/probe.ts', root)).toEqual([]);
  });

  test('an engine owns its repository like a module', async () => {
    expect(await rules('server/src/engines/push-delivery/sender.ts', "export * from '../../modules/push/repository.ts';")).toEqual(['import-x/no-restricted-paths']);
    expect(await rules('server/src/modules/push/service.ts', "export * from '../../engines/push-delivery/repository.ts';")).toEqual(['import-x/no-restricted-paths']);
    expect(await rules('server/src/engines/push-delivery/sender.ts', "export * from './repository.ts';")).toEqual([]);
  });
});

describe('SQL stays in repositories', () => {
  const query = "import type { Sql } from '../../db/client.ts';\nexport const probe = (sql: Sql, deps: { sql: Sql }) => [sql`select 1`, deps.sql`select 2`, sql.unsafe('select 3')];";

  test('rejects tagged sql templates and sql.unsafe outside a repository', async () => {
    expect(await rules('server/src/modules/bots/service.ts', query)).toEqual(['no-restricted-syntax', 'no-restricted-syntax', 'no-restricted-syntax']);
    expect(await rules('server/src/runtime/flow-engine/walk.ts', query)).toHaveLength(3);
  });

  test('accepts them in repositories (jobs/ included) and db/', async () => {
    expect(await rules('server/src/modules/bots/repository.ts', query)).toEqual([]);
    expect(await rules('server/src/runtime/flow-engine/engine-repository.ts', query)).toEqual([]);
    expect(await rules('server/src/jobs/repository.ts', query)).toEqual([]);
    expect(await rules('server/src/db/probe.ts', query)).toEqual([]);
  });
});

describe('React hooks', () => {
  test('rejects a hook called conditionally', async () => {
    const source = [
      "import { useState } from 'react';",
      'export function Probe({ open }: { open: boolean }) {',
      '  if (open) {',
      '    const [value] = useState(0);',
      '    return value;',
      '  }',
      '  return null;',
      '}',
    ].join('\n');
    expect(await rules('client/src/features/bots/components/probe.tsx', source)).toEqual(['react-hooks/rules-of-hooks']);
  });

  test('rejects an effect with a missing dependency', async () => {
    const source = [
      "import { useEffect } from 'react';",
      'export function useProbe(id: string, load: (id: string) => void) {',
      '  useEffect(() => load(id), [load]);',
      '}',
    ].join('\n');
    expect(await rules('client/src/features/bots/hooks/use-probe.ts', source)).toEqual(['react-hooks/exhaustive-deps']);
  });
});

test('a clean file in each layer has no findings', async () => {
  expect(
    await problems(
      'client/src/routes/probe.tsx',
      "import { BotsPage } from '../features/bots/components/bots-page.tsx';\nimport { cn } from '../lib/cn.ts';\nexport const page = [BotsPage, cn];",
    ),
  ).toEqual([]);
  expect(
    await problems(
      'server/src/modules/sync/pull-service.ts',
      "import { findBotsByIds } from '../bots/repository.ts';\nimport { toBot } from '../bots/service.ts';\nimport { welcomeMessageSchema } from '@shared/welcome/schemas.ts';\nexport const used = [findBotsByIds, toBot, welcomeMessageSchema];",
    ),
  ).toEqual([]);
  expect(
    await problems(
      'client/src/features/bots/hooks/use-probe.ts',
      "import { useEffect } from 'react';\nexport function useProbe(id: string, load: (id: string) => void) {\n  useEffect(() => load(id), [id, load]);\n}",
    ),
  ).toEqual([]);
});
