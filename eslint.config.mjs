import next from 'eslint-config-next';

const config = [
  ...next,
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', 'lib/generated/**', 'scripts/prisma-engine/**', 'next-env.d.ts', 'bench/results/**'],
  },
  {
    // Server-side TypeScript has no React hooks; `use…` names there (useTestDatabase) are plain functions.
    files: ['lib/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    rules: {
      // Physical left/right utilities break the Arabic (RTL) layout; use logical ones.
      'no-restricted-syntax': [
        'error',
        {
          selector: "Literal[value=/(^|\\s)(ml|mr|pl|pr|left|right)-[0-9a-z]/]",
          message: 'Use logical Tailwind classes (ms-/me-/ps-/pe-/start-/end-) so RTL mirrors.',
        },
        {
          selector: "Literal[value=/(^|\\s)text-(left|right)(\\s|$)/]",
          message: 'Use text-start/text-end so RTL mirrors.',
        },
      ],
    },
  },
];
export default config;
