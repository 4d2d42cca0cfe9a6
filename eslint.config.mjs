import next from 'eslint-config-next';

// The layers of the tree and the imports each may make (README, Architecture). A wrong arrow fails
// `npm test`. Tests may import anything (test support lives in scripts/testing).
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
const from = (...folders) => folders.flatMap((f) => [`@/${f}`, `@/${f}/*`]);
const relative = (...folders) => folders.flatMap((f) => [`../${f}`, `../${f}/*`, `../../${f}/*`]);
const layer = (message, ...folders) => ({ group: [...from(...folders), ...relative(...folders.map((f) => f.replace(/^lib\//, '')))], message });

const HTTP = layer('Domains do not know HTTP: a route in app/ calls the service, and lib/http turns its result or AppError into a response.', 'lib/http');
const SESSION = layer('Domains do not read sessions: the route wrapper authenticates and passes tenantId and actor.', 'lib/auth');
const EDGES = layer('Only routes and pages import app/ and components/; scripts/ is tooling and tests.', 'app', 'components', 'scripts');
const NEXT = {
  group: ['next', 'next/*', 'next-intl/server', 'react', 'react-dom'],
  message: 'Domains and core run outside Next.js (worker, CLI): no framework imports.',
};
const DOMAINS = [
  'attachments',
  'audit',
  'bank-accounts',
  'entities',
  'jobs',
  'notifications',
  'platform',
  'reference',
  'screening',
  'tags',
  'tenancy',
  'webhooks',
  'kyc',
  'relationships',
  'transactions',
  'monitoring',
  'cases',
  'bulk',
];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const config = [
  ...next,
  {
    ignores: ['node_modules/**', '.next/**', '.data/**', 'lib/generated/**', 'scripts/prisma-engine/**', 'next-env.d.ts', 'bench/results/**'],
  },
  {
    // Server-side TypeScript has no React hooks; `use…` names there (useTestDatabase) are plain functions.
    files: ['lib/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', ...TESTS],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // lib/core: errors, wire formats, pagination, logging. Knows neither HTTP nor a domain nor the database.
    files: ['lib/core/**'],
    ignores: TESTS,
    rules: restrict(
      layer('lib/core depends on nothing of ours.', 'lib/db', 'lib/http', 'lib/auth', 'lib/i18n', ...DOMAINS.map((d) => `lib/${d}`)),
      EDGES,
      NEXT,
    ),
  },
  {
    // lib/db: the Prisma client, embedded PostgreSQL, row-level security, raw SQL helpers.
    files: ['lib/db/**'],
    ignores: TESTS,
    rules: restrict(layer('lib/db knows no domain.', 'lib/http', 'lib/auth', 'lib/i18n', ...DOMAINS.map((d) => `lib/${d}`)), EDGES, NEXT),
  },
  {
    // Domains: schemas and verb-noun services with tenantId; they import lib/core, lib/db and each other.
    files: DOMAINS.map((d) => `lib/${d}/**`),
    ignores: TESTS,
    rules: restrict(HTTP, SESSION, layer('Domains do not import the web app wiring.', 'lib/i18n'), EDGES, NEXT),
  },
  {
    // lib/http: the one route wrapper, errors → responses, uploads, downloads, OpenAPI.
    files: ['lib/http/**'],
    ignores: TESTS,
    rules: restrict(EDGES),
  },
  {
    files: ['lib/auth/**'],
    ignores: TESTS,
    rules: restrict(layer('Sessions sit beside the wrapper, not under it.', 'lib/http'), EDGES),
  },
  {
    // Routes and pages: through lib/http and the domain services, never the database directly.
    files: ['app/**'],
    ignores: TESTS,
    rules: restrict(
      layer('Routes and pages reach data through a domain service.', 'lib/db'),
      layer('Tooling and test support stay out of the app.', 'scripts'),
    ),
  },
  {
    // Presentational components: props in, markup out; server code only as types (z.infer of the API schemas).
    files: ['components/**'],
    ignores: TESTS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            layer('Components do not reach the server: pages pass them data, API routes serve their calls.', 'lib/db', 'lib/http', 'app', 'scripts'),
            {
              // A domain's schemas.ts (pure zod, the API's contract) is the one exception: forms
              // validate with the very schemas the API parses (react-hook-form's zodResolver).
              regex: `^@/lib/(${[...DOMAINS, 'auth'].join('|')})(/(?!schemas$).*)?$`,
              allowTypeImports: true,
              message: 'Components import domain types only (`import type`), never services (schemas.ts excepted).',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      // Physical left/right utilities break the Arabic (RTL) layout; use logical ones.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/(^|\\s)(ml|mr|pl|pr|left|right)-[0-9a-z]/]',
          message: 'Use logical Tailwind classes (ms-/me-/ps-/pe-/start-/end-) so RTL mirrors.',
        },
        {
          selector: 'Literal[value=/(^|\\s)text-(left|right)(\\s|$)/]',
          message: 'Use text-start/text-end so RTL mirrors.',
        },
      ],
    },
  },
];
export default config;
