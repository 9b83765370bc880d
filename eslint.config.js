import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

const areas = readdirSync(new URL('./packages/server/src/areas', import.meta.url));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'packages/server/pages-dist/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.test.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify handlers and hooks are async by convention even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name=/^(it|test|describe)$/][property.name='only']",
          message: 'Focused tests hide the rest of the suite.',
        },
        {
          selector: "CallExpression[callee.name='generateKeyPairSync']",
          message:
            "Node 20 can deadlock exporting a JWK while one of its jobs is collected: WebCrypto, or @svc/sdk/node's generateEcKey (docs/decisions/http.md).",
        },
      ],
    },
  },
  {
    // Page scripts run in browsers: each folder has its own DOM-only project (tsc skips them).
    files: ['packages/server/src/areas/*/pages/browser/**/*.ts'],
    languageOptions: { parserOptions: { project: true } },
  },
  {
    // The rooms: areas never import each other (app.ts and wiring.ts hand one area's use cases to
    // another); core imports no area and nothing above it; the service never imports its client.
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...areas.map((area) => ({
              target: `packages/server/src/areas/${area}`,
              from: 'packages/server/src/areas',
              except: [`./${area}`],
              message: 'Areas never import each other; wire them in wiring.ts.',
            })),
            {
              target: 'packages/server/src/core',
              from: [
                'packages/server/src/areas',
                'packages/server/src/app.ts',
                'packages/server/src/wiring.ts',
                'packages/server/src/context.ts',
                'packages/server/src/cli',
              ],
              message: 'core imports no area and nothing that builds on it.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@svc/sdk',
              message: 'The server never imports its client SDK; use @svc/wire.',
            },
          ],
        },
      ],
      // Small files: a room's file holds one use case, one repository or one table.
      'max-lines': ['error', { max: 300 }],
    },
  },
  {
    // `svc device` (the phone on the command line) is a client of the service: it drives it
    // through the SDK.
    files: [
      'packages/server/src/cli/commands/device.ts',
      'packages/server/src/cli/device/**/*.ts',
      'packages/server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/config/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through config/.' },
      ],
    },
  },
  {
    // The bench is a client of the service: it starts `svc serve` and speaks HTTP through the SDK,
    // never through the server's modules.
    files: ['packages/bench/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@svc/server', '@svc/server/*', '**/server/src/**', '**/server/dist/**'],
              message: 'The bench is a client: spawn `svc serve` and use @svc/sdk or @svc/wire.',
            },
          ],
        },
      ],
    },
  },
  {
    // The SDK runs on web-standard APIs only (browsers, Deno, Bun, React Native): its wire
    // formats come from @svc/wire/web; the Node ones it adds are in src/node.ts's modules.
    files: ['packages/sdk/src/**/*.ts'],
    ignores: ['packages/sdk/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@svc/wire', message: 'Import @svc/wire/web: no Node built-ins.' }] },
      ],
    },
  },
  {
    // Test assertions use vitest's asymmetric matchers (typed any) and parse JSON bodies freely.
    files: ['**/*.test.ts', 'packages/*/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
