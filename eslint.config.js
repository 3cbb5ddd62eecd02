import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    // Layer rules of ARCHITECTURE.md §2: only engine/ touches sharp and onnxruntime.
    files: ['server/**/*.ts', 'web/**/*.{ts,tsx}', 'contract/**/*.ts'],
    ignores: ['server/test/**'], // tests make their own images
    rules: {
      'no-restricted-imports': ['error', { paths: ['sharp', 'onnxruntime-node'] }],
    },
  },
);
