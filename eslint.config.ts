/**
 * `bun run lint`: one ESLint run for general TypeScript/React checks and the import boundaries of style.md
 * ("Dependencies point one way"). Why these tools and how they run beside TypeScript 7: docs/linting.md.
 * Boundaries are paths resolved by the import resolver (so `../../flows/x.ts` and `@shared/x.ts` count), per folder
 * listed here from the tree, so a new feature or module is covered without editing this file.
 */
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/** Code that may drive project tools (the Telegram emulator) and reach across layers: tests and their helpers. */
const TEST_CODE = ['**/*.test.{ts,tsx}', '**/test-support/**', 'e2e/**', 'bench/**', 'tools/**'];

const subfolders = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [entry.name] : []));

/** Node's built-in module names (under Bun the list also holds `bun:*`, matched by pattern below). */
const NODE_BUILTINS = builtinModules.filter((name) => !/^(node|bun)(:|$)/.test(name));

type Zone = { target: string | string[]; from: string | string[]; except?: string[]; message: string };

/** Both sides of the wire, tests included: the contract is isomorphic and client and server meet only through it. */
const SIDE_ZONES: Zone[] = [
  { target: 'shared', from: ['client', 'server', 'tools', 'e2e', 'bench'], message: 'shared/ é isomórfico e não importa nada do projeto.' },
  { target: 'client', from: 'server', message: 'client/ não importa server/.' },
  { target: 'server', from: 'client', message: 'server/ não importa client/.' },
];

const FEATURES = 'client/src/features';
const clientZones: Zone[] = [
  ...subfolders(FEATURES).map((feature) => ({
    target: `${FEATURES}/${feature}`,
    from: FEATURES,
    except: [`./${feature}`],
    message: 'features não importam outras features.',
  })),
  {
    target: ['client/src/lib', 'client/src/offline', 'client/src/components'],
    from: [FEATURES, 'client/src/routes'],
    message: 'lib/, offline/ e components/ ficam abaixo das features e das rotas.',
  },
  {
    // Thin routes (style.md anchors): params, loader, the feature's page. Logic stays in the feature.
    target: 'client/src/routes/**',
    from: [`${ROOT}/client/src/offline/**`, `${ROOT}/${FEATURES}/**`, `${ROOT}/client/src/routes/**`],
    except: [`${ROOT}/${FEATURES}/*/components/**`],
    message: 'rotas importam páginas de features/*/components, lib/ e components/, não a lógica das features nem offline/.',
  },
];

/** A feature's data access is its own: folders that own `*repository*.ts` files (modules, engines, runtime parts, jobs). */
const SERVER = `${ROOT}/server/src`;
const REPOSITORY = '*repository*.ts';
const repositoryOwners = [
  ...subfolders('server/src/modules').map((name) => `modules/${name}`),
  ...subfolders('server/src/engines').map((name) => `engines/${name}`),
  ...subfolders('server/src/runtime').map((name) => `runtime/${name}`),
  'jobs',
];
/**
 * Declared exception: the sync pull reads, inside its one repeatable-read snapshot, the rows the change log names,
 * with each owner's `find*ByIds`; going through the services would need a by-id-list read in every one of them.
 */
const SYNC_PULL_READS = `${SERVER}/modules/{bots,welcome,contacts,flows,labels}/repository.ts`;
const SYNC_PULL_GRAPH_READS = `${SERVER}/modules/flows/{node,connection}-repository.ts`;
const serverZones: Zone[] = [
  ...repositoryOwners.map((owner) => ({
    target: `server/src/${owner}`,
    from: [`${SERVER}/{modules,engines,runtime}/*/**/${REPOSITORY}`, `${SERVER}/jobs/**/${REPOSITORY}`],
    except: [`${SERVER}/${owner}/**`, ...(owner === 'modules/sync' ? [SYNC_PULL_READS, SYNC_PULL_GRAPH_READS] : [])],
    message: 'um módulo não usa o repositório de outro: passe pelo service dele.',
  })),
  {
    target: [`${SERVER}/!(modules|engines|runtime|jobs)/**`, `${SERVER}/*.ts`],
    from: `${SERVER}/**/${REPOSITORY}`,
    message: 'repositórios são usados só pelo próprio módulo.',
  },
  { target: `${SERVER}/**/{routes,*-routes}.ts`, from: `${SERVER}/**/${REPOSITORY}`, message: 'rotas chamam o service, não o repositório.' },
  { target: `${SERVER}/**/${REPOSITORY}`, from: `${SERVER}/**/{routes,*-routes,*service}.ts`, message: 'o repositório não importa service nem rotas.' },
  { target: `${SERVER}/**/*service.ts`, from: `${SERVER}/**/{routes,*-routes}.ts`, message: 'o service não importa rotas.' },
];

/**
 * Server layers (docs/linting.md#server-layers), bottom up: lib/, db/, jobs/ and ports/ (the types and facades one
 * layer offers another); then modules/ (HTTP features), engines/ (background work) and runtime/ (Telegram, flows)
 * side by side. The runtime and the modules or engines meet only through ports/; the composition root
 * (server/src/*.ts: server.ts, app.ts and the job registry) is the one place that wires implementations together.
 */
const MODULES = `${SERVER}/modules/**`;
const ENGINES = `${SERVER}/engines/**`;
const RUNTIME = `${SERVER}/runtime/**`;
/** Another folder's repository is reported once, by the repository zones above. */
const REPOSITORIES = `${SERVER}/**/${REPOSITORY}`;
const layerZones: Zone[] = [
  {
    target: [`${SERVER}/ports/**`, `${SERVER}/lib/**`, `${SERVER}/db/**`, `${SERVER}/jobs/**`],
    from: [MODULES, ENGINES, RUNTIME],
    except: [REPOSITORIES],
    message: 'ports/, lib/, db/ e jobs/ ficam abaixo de modules/, engines/ e runtime/: não importam nenhum deles.',
  },
  {
    target: RUNTIME,
    from: [MODULES, ENGINES],
    except: [REPOSITORIES],
    message: 'runtime/ não importa módulos nem engines: o que usa deles chega por um port (server/src/ports/), passado pela raiz de composição.',
  },
  {
    target: [MODULES, ENGINES],
    from: RUNTIME,
    except: [REPOSITORIES],
    message: 'módulos e engines chegam ao runtime só pelos ports (server/src/ports/).',
  },
  { target: MODULES, from: ENGINES, except: [REPOSITORIES], message: 'módulos não importam engines: a raiz de composição (server.ts) os liga.' },
];

const PRODUCT_ZONES: Zone[] = [
  ...SIDE_ZONES,
  { target: ['client', 'server'], from: 'tools', message: 'o produto não importa ferramentas do projeto (só testes).' },
  ...clientZones,
  ...serverZones,
  ...layerZones,
];

const TAG_SQL = "[tag.name=/^(sql|tx)$/], [tag.property.name='sql']";
const CALL_SQL = "[callee.property.name=/^(unsafe|begin|savepoint|file)$/]";
const SQL_MESSAGE = 'SQL só em *repository*.ts ou server/src/db/ (rotas → service → repositório).';

export default defineConfig([
  globalIgnores(['client/dist/', 'client/src/routeTree.gen.ts', 'data/', 'data-demo/', 'test-results/', 'playwright-report/', 'e2e/.artifacts/']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json`, bun: true })],
    },
    rules: {
      // The house convention for a deliberately unused binding: a leading underscore, or the rest of a destructuring.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: PRODUCT_ZONES }],
    },
  },
  {
    // React lives in the client; elsewhere a `useX` is a test fixture (the emulator's useEmulator), not a hook.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: TEST_CODE,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: SIDE_ZONES }] },
  },
  {
    // Every journey takes `test` from e2e/test-support/test.ts, whose automatic fixture fails it on a CSP violation.
    files: ['e2e/**/*.e2e.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: 'Importe test/expect de ./test-support/test.ts (verifica violações de CSP).' }] },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: 'shared/ não usa APIs de Node.' })),
          patterns: [{ regex: '^(node|bun):|^bun$', message: 'shared/ não usa APIs de Bun nem de Node.' }],
        },
      ],
    },
  },
  {
    // Tests of the contract run under bun test; they still import nothing of Node.
    files: ['shared/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: 'shared/ não usa APIs de Node.' })),
          patterns: [{ regex: '^node:|^bun$|^bun:(?!test$)', message: 'shared/ não usa APIs de Bun nem de Node.' }],
        },
      ],
    },
  },
  {
    files: ['server/src/**'],
    ignores: [
      'server/src/db/**',
      `server/src/**/${REPOSITORY}`,
      ...TEST_CODE,
      // Declared exception: the liveness probe's `select 1` is the database round trip itself, not data access.
      'server/src/modules/health/routes.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `TaggedTemplateExpression:matches(${TAG_SQL})`, message: SQL_MESSAGE },
        { selector: `CallExpression${CALL_SQL}:matches([callee.object.name=/^(sql|tx)$/], [callee.object.property.name='sql'])`, message: SQL_MESSAGE },
      ],
    },
  },
]);
