import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The walls of docs/architecture.md, enforced. `npm run lint` fails when code imports across one of them;
 * server/test/lint-walls.test.ts writes one wrong import of each kind and checks that lint refuses it.
 */
const webFeatures = fs
  .readdirSync('web/src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory());

/** Services and HTTP talk to the outside only through adapters/ (and the database through repositories). */
const outsideClients = [
  'pg',
  'pg-boss',
  '@electric-sql/pglite',
  'nodemailer',
  'openid-client',
  'node:http',
  'node:https',
  'node:net',
  'http',
  'https',
  'undici',
];
const restrict = (paths, patterns = []) => ['error', { paths, patterns }];
const drizzle = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'Only repositories (and db/) use Drizzle.',
};
const sharpAndOnnx = ['sharp', 'onnxruntime-node'];

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'web/dist', '.tmp', '.node24'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Import graph rules: resolved paths, so `../../billing/x` is known to be web/src/features/billing/x.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The web aliases (web/vite.config.ts) resolve too, so the walls hold for `@/` imports as for relative ones.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          alias: {
            '@': [path.resolve(import.meta.dirname, 'web/src')],
            '@contract': [path.resolve(import.meta.dirname, 'contract')],
          },
        }),
      ],
      // Followed modules are TypeScript: without these no-cycle would skip every .ts file it reaches.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './engine',
              from: ['./server', './web'],
              message: 'The engine is a library: it imports nothing from server/ or web/.',
            },
            {
              target: './contract',
              from: ['./server', './web', './engine'],
              message: 'contract/ is shared by server and web and depends on neither.',
            },
            {
              target: './server/src/services',
              from: './server/src/http',
              message: 'Services never import HTTP: routes call services, not the other way round.',
            },
            {
              target: ['./server/src/repositories', './server/src/adapters'],
              from: ['./server/src/services', './server/src/http'],
              message: 'Repositories and adapters sit below services and HTTP.',
            },
            {
              target: ['./web/src/shared', './web/src/lib'],
              from: ['./web/src/features', './web/src/app', './web/src/components'],
              message: 'shared/ and lib/ sit below features, components and the app shell.',
            },
            {
              target: './web/src/lib',
              from: './web/src/shared',
              message: 'lib/ is infrastructure (api client, query client, formatting): no feature areas.',
            },
            {
              target: './web/src/features',
              from: './web/src/app',
              message: 'Features do not import the app shell (app/ composes features).',
            },
            ...webFeatures.map((f) => ({
              target: `./web/src/features/${f.name}`,
              from: './web/src/features',
              except: [`./${f.name}`],
              message: 'Web features do not import each other: share through components/, shared/ or lib/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Layer rules of docs/architecture.md: only engine/ touches sharp and onnxruntime.
    files: ['server/**/*.ts', 'web/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['server/test/**'], // tests make their own images
    rules: { 'no-restricted-imports': restrict(sharpAndOnnx) },
  },
  {
    // Only repositories (and db/, which defines the tables) use Drizzle.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/repositories/**', 'server/src/db/**', 'server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': restrict(sharpAndOnnx, [drizzle]) },
  },
  {
    // Services: no HTTP framework, no clients of outside services (adapters/ hold those), no Drizzle.
    files: ['server/src/services/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict(
        [
          ...sharpAndOnnx,
          ...outsideClients.map((name) => ({ name, message: 'Only adapters/ talk to outside services.' })),
        ],
        [drizzle, { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Services never import HTTP.' }],
      ),
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only adapters/ talk to outside services: give the service an adapter.' },
      ],
    },
  },
  {
    // HTTP and repositories reach outside services through adapters too (repositories: the database only).
    files: ['server/src/http/**/*.ts', 'server/src/repositories/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only adapters/ talk to outside services.' },
      ],
    },
  },
);
