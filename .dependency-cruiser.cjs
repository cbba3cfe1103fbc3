// Module boundaries of DESIGN.md's folder table, enforced on every lint.
const allowed = {
  api: [],
  engines: ['api'],
  telemetry: ['api'],
  config: ['api'],
  client: ['api', 'config', 'telemetry'],
  registration: ['api', 'config', 'client', 'telemetry'],
  apps: ['api', 'config', 'client', 'telemetry'],
  ctl: ['config', 'client', 'api', 'telemetry'],
  // cli reaches the server only through its entry, src/server/index.ts (the rule below).
  cli: ['config', 'client', 'registration', 'apps', 'engines', 'api', 'telemetry'],
  server: ['api', 'config', 'telemetry', 'engines'],
  // The HTTP edge the webhook and the bot share (access log, problems, body, signature and key
  // checks, rate limits): it imports neither of them.
  'http-edge': ['api', 'telemetry'],
  webhook: ['api', 'config', 'client', 'telemetry', 'http-edge'],
  github: ['api'],
  bot: ['api', 'config', 'client', 'registration', 'telemetry', 'github', 'http-edge'],
  action: ['api', 'config', 'client', 'registration', 'apps', 'telemetry', 'github'],
};

const boundaryRules = Object.entries(allowed).map(([folder, may]) => ({
  name: `boundary-${folder}`,
  comment: `src/${folder} may import only: ${may.length ? may.join(', ') : 'nothing of ours'}`,
  severity: 'error',
  from: { path: `^src/${folder}/` },
  to: {
    path: '^src/',
    pathNot: [
      `^src/${folder}/`,
      ...may.map((m) => `^src/${m}/`),
      // The server's entry: what `orch serve` and `orch sandbox` need (start, migrate, init-secrets).
      ...(folder === 'cli' ? ['^src/server/index\\.ts$'] : []),
    ],
  },
}));

module.exports = {
  forbidden: [
    ...boundaryRules,
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'bin-is-the-only-importer-of-bin',
      severity: 'error',
      from: { pathNot: '^src/bin/' },
      to: { path: '^src/bin/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'src/api/generated' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
