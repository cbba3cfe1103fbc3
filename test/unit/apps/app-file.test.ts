/** biome-ignore-all lint/suspicious/noTemplateCurlyInString: app files write ${VAR} references, which these tests quote as they are */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from '@jest/globals';
import { AppFileError, loadAppFile, UnknownAppError } from '../../../src/apps/index.js';
import { problemsOf, writeAppFile } from './files.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const EXAMPLE = join(ROOT, 'examples', 'webhook', 'app.yaml');
const PACKAGE_VERSION: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

/** An app file with one app of the two required fields only. */
const MINIMAL = `apps:
  web:
    container_image: { name: web }
    args: web --port 8080
`;

describe('loading a valid app file', () => {
  test('every field left out gets its default', async () => {
    const path = await writeAppFile(MINIMAL);
    const file = await loadAppFile(path);
    expect(file.path).toBe(path);
    expect(file.dir).toBe(dirname(path));
    expect(file.names).toEqual(['web']);
    expect(file.app('web')).toEqual({
      name: 'web',
      container_image: { name: 'web', packages: [], registry: '' },
      limits: { cpu: '1', mem: '1Gi', cpu_millis: 1000, mem_bytes: 1024 ** 3 },
      port: 8080,
      replicas: 1,
      include: [],
      args: 'web --port 8080',
      argv: ['web', '--port', '8080'],
      secrets: [],
      requires_auth: true,
      env: {},
    });
  });

  test('a limit left out of limits gets its default alone', async () => {
    const file = await loadAppFile(
      await writeAppFile(`apps:
  web: { container_image: { name: web }, args: web, limits: { mem: 512Mi } }
  other: { container_image: { name: other }, args: other, limits: { cpu: 500m } }
`),
    );
    expect(file.app('web').limits).toEqual({
      cpu: '1',
      mem: '512Mi',
      cpu_millis: 1000,
      mem_bytes: 512 * 1024 ** 2,
    });
    expect(file.app('other').limits).toEqual({
      cpu: '500m',
      mem: '1Gi',
      cpu_millis: 500,
      mem_bytes: 1024 ** 3,
    });
  });

  test('every field given', async () => {
    const text = `apps:
  api:
    container_image:
      name: team/api
      packages: ["orch>=0.1.0", "fastapi[standard]==0.115.11", "@scope/pkg==1.2.3-beta.1", left-pad~=1.3]
      registry: ghcr.io/org
      base_image: node:20-slim
    limits: { cpu: 0.25, mem: 1G }
    port: 9000
    replicas: 3
    include: [static/**, main.js, "!static/tmp/**"]
    args: node main.js --greeting "hello world" --path='a b' --tab=a\\tb
    secrets:
      - { key: db-password, env_var: DB_PASSWORD }
      - { key: API_TOKEN }
    requires_auth: false
    env: { MODE: production, EMPTY: "" }
`;
    const app = (await loadAppFile(await writeAppFile(text))).app('api');
    expect(app).toEqual({
      name: 'api',
      container_image: {
        name: 'team/api',
        packages: ['orch>=0.1.0', 'fastapi[standard]==0.115.11', '@scope/pkg==1.2.3-beta.1', 'left-pad~=1.3'],
        registry: 'ghcr.io/org',
        base_image: 'node:20-slim',
      },
      limits: { cpu: '0.25', mem: '1G', cpu_millis: 250, mem_bytes: 1e9 },
      port: 9000,
      replicas: 3,
      include: ['static/**', 'main.js', '!static/tmp/**'],
      args: `node main.js --greeting "hello world" --path='a b' --tab=a\\tb`,
      argv: ['node', 'main.js', '--greeting', 'hello world', '--path=a b', '--tab=atb'],
      secrets: [
        { key: 'db-password', env_var: 'DB_PASSWORD' },
        { key: 'API_TOKEN', env_var: 'API_TOKEN' },
      ],
      requires_auth: false,
      env: { MODE: 'production', EMPTY: '' },
    });
  });

  test('several apps, in file order; an unknown name is refused with the names of the file', async () => {
    const path = await writeAppFile(`apps:
  web:
    container_image: { name: web }
    args: web
  worker:
    container_image: { name: worker }
    args: worker --queue jobs
    port: 9090
`);
    const file = await loadAppFile(path);
    expect(file.names).toEqual(['web', 'worker']);
    expect(Object.keys(file.apps)).toEqual(['web', 'worker']);
    expect(file.app('worker').argv).toEqual(['worker', '--queue', 'jobs']);
    expect(file.app('worker').port).toBe(9090);
    expect(file.app('web').port).toBe(8080);

    const error = (() => {
      try {
        file.app('webhook');
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(UnknownAppError);
    expect((error as UnknownAppError).message).toBe(
      `${path} defines no app "webhook"; its apps are: web, worker`,
    );
    expect((error as UnknownAppError).available).toEqual(['web', 'worker']);
    expect((error as UnknownAppError).app).toBe('webhook');
    // Names that every object has are not apps.
    expect(() => file.app('toString')).toThrow(UnknownAppError);
  });

  test('JSON is read as well, and its problems carry line and column too', async () => {
    const json = JSON.stringify({
      apps: { web: { container_image: { name: 'web' }, args: 'web', port: 8081 } },
    });
    const file = await loadAppFile(await writeAppFile(json, 'app.json'));
    expect(file.app('web').port).toBe(8081);

    const bad = json.replace('8081', '0');
    expect(await problemsOf(bad)).toEqual([
      `1:${bad.indexOf(':0') + 2}: apps.web.port: must be a port from 1 to 65535`,
    ]);
  });
});

describe('${VAR} in the registry comes from the environment map the caller passes', () => {
  const ref = (registry: string) => `apps:
  web:
    container_image: { name: web, registry: "${registry}" }
    args: web
`;
  afterEach(() => {
    delete process.env.IMAGE_SPEC_REGISTRY;
  });

  test('a set variable is expanded, alone or inside the text', async () => {
    const alone = await loadAppFile(await writeAppFile(ref('${IMAGE_SPEC_REGISTRY}')), {
      env: { IMAGE_SPEC_REGISTRY: 'localhost:5000' },
    });
    expect(alone.app('web').container_image.registry).toBe('localhost:5000');
    const inside = await loadAppFile(await writeAppFile(ref('${REGISTRY_HOST}/team')), {
      env: { REGISTRY_HOST: 'ghcr.io' },
    });
    expect(inside.app('web').container_image.registry).toBe('ghcr.io/team');
  });

  test('an unset variable that is the whole registry leaves it empty: the local runtime needs no registry', async () => {
    const file = await loadAppFile(await writeAppFile(ref('${IMAGE_SPEC_REGISTRY}')), { env: {} });
    expect(file.app('web').container_image.registry).toBe('');
  });

  test('the process environment is never read', async () => {
    process.env.IMAGE_SPEC_REGISTRY = 'from-process.example.com';
    const file = await loadAppFile(await writeAppFile(ref('${IMAGE_SPEC_REGISTRY}')));
    expect(file.app('web').container_image.registry).toBe('');
  });

  test('an unset variable inside a longer registry is an error naming it', async () => {
    expect(await problemsOf(ref('${REGISTRY_HOST}/team'), { env: { OTHER: 'x' } })).toEqual([
      '3:45: apps.web.container_image.registry: REGISTRY_HOST is not set in the environment, and "${REGISTRY_HOST}/team" needs it',
    ]);
    expect(await problemsOf(ref('${A}:${B}'))).toEqual([
      '3:45: apps.web.container_image.registry: A, B are not set in the environment, and "${A}:${B}" needs them',
    ]);
  });

  test('a malformed reference, and a registry that is not one once expanded', async () => {
    expect(await problemsOf(ref('${bad-name}'))).toEqual([
      '3:45: apps.web.container_image.registry: "${bad-name}" does not name a variable: write ${NAME} with NAME made of letters, digits and _',
    ]);
    expect(await problemsOf(ref('${OPEN'))).toEqual([
      '3:45: apps.web.container_image.registry: "${" is not closed by "}": write ${NAME} with NAME made of letters, digits and _',
    ]);
    expect(await problemsOf(ref('${HOST}/Team'), { env: { HOST: 'localhost:5000' } })).toEqual([
      '3:45: apps.web.container_image.registry: "localhost:5000/Team" is not a registry such as ghcr.io/org or localhost:5000 (expanded from "${HOST}/Team")',
    ]);
    expect(await problemsOf(ref('myregistry/team'))).toEqual([
      '3:45: apps.web.container_image.registry: "myregistry" would be read as a Docker Hub namespace, not a registry host: give a host with a dot or a port (myregistry:5000), or localhost',
    ]);
    expect(await problemsOf(ref('https://ghcr.io/org'))).toEqual([
      '3:45: apps.web.container_image.registry: "https://ghcr.io/org" has a scheme: give the registry as host[:port][/path] (ghcr.io/org, localhost:5000)',
    ]);
  });
});

describe('the webhook example (examples/webhook/app.yaml)', () => {
  // Built on orch's own image as `npm run build:image` tags it (orch:<package version>), never on an
  // npm package named orch, which is not published.
  test('loads with IMAGE_SPEC_REGISTRY set', async () => {
    const file = await loadAppFile(EXAMPLE, { env: { IMAGE_SPEC_REGISTRY: 'ghcr.io/acme' } });
    expect(file.names).toEqual(['webhook']);
    expect(file.app('webhook')).toEqual({
      name: 'webhook',
      container_image: {
        name: 'orch-webhook',
        packages: [],
        registry: 'ghcr.io/acme',
        base_image: `orch:${PACKAGE_VERSION}`,
      },
      limits: { cpu: '1', mem: '1Gi', cpu_millis: 1000, mem_bytes: 1024 ** 3 },
      port: 8080,
      replicas: 1,
      include: [],
      // The port is written once: the webhook listens on $PORT, which the runtime sets from `port`.
      args: 'orch-webhook',
      argv: ['orch-webhook'],
      secrets: [
        { key: 'WEBHOOK_API_KEY', env_var: 'WEBHOOK_API_KEY' },
        { key: 'ORCH_API_KEY', env_var: 'ORCH_API_KEY' },
      ],
      requires_auth: false,
      env: {},
    });
  });

  test('loads without IMAGE_SPEC_REGISTRY, with an empty registry', async () => {
    const file = await loadAppFile(EXAMPLE);
    expect(file.app('webhook').container_image.registry).toBe('');
  });
});

describe('problems of an app file, each at its line and column, all at once', () => {
  test('unknown keys, at the key, at every level', async () => {
    expect(
      await problemsOf(`apps:
  web:
    container_image: { name: web, tag: x }
    args: web
    prot: 80
    limits: { cpu: "1", gpu: 1 }
    secrets: [{ key: K, value: x }]
extra: 1
`),
    ).toEqual([
      '3:35: apps.web.container_image.tag: unknown key',
      '5:5: apps.web.prot: unknown key',
      '6:25: apps.web.limits.gpu: unknown key',
      '7:25: apps.web.secrets.0.value: unknown key',
      '8:1: extra: unknown key',
    ]);
  });

  test('required keys, at their mapping', async () => {
    expect(await problemsOf('apps:\n  web:\n    port: 80\n')).toEqual([
      '2:3: apps.web: missing required key "container_image"',
      '2:3: apps.web: missing required key "args"',
    ]);
    expect(await problemsOf('apps:\n  web: { container_image: { packages: [] }, args: web }\n')).toEqual([
      '2:10: apps.web.container_image: missing required key "name"',
    ]);
  });

  test('the shape of the file', async () => {
    expect(await problemsOf('- web\n')).toEqual([
      '1:1: an app file is a mapping with one key, apps, not a list',
    ]);
    expect(await problemsOf('')).toEqual(['1:1: missing required key "apps"']);
    expect(await problemsOf('apps: {}\n')).toEqual(['1:7: apps: the file defines no apps']);
    expect(await problemsOf('apps:\n  web:\n')).toEqual(['2:7: apps.web: expected a mapping, found nothing']);
    expect(await problemsOf(`${MINIMAL}${MINIMAL.slice(6)}`)).toEqual(['5:3: Map keys must be unique']);
    expect(await problemsOf(`${MINIMAL}---\n${MINIMAL}`)).toEqual([
      '5:1: an app file holds one YAML document; this starts a second one',
    ]);
  });

  test('app names become host names: a lowercase DNS label', async () => {
    const long = 'a'.repeat(64);
    expect(
      await problemsOf(`apps:
  Web: { container_image: { name: web }, args: web }
  ${long}: { container_image: { name: web }, args: web }
  web-: { container_image: { name: web }, args: web }
  ok: { container_image: { name: web }, args: web }
`),
    ).toEqual(
      ['2:3: apps.Web', `3:3: apps.${long}`, '4:3: apps.web-'].map(
        (where) =>
          `${where}: name must be lowercase letters, digits and -, start with a letter, not end with -, ` +
          'at most 63 characters (it becomes the host name of the endpoint)',
      ),
    );
  });

  test('image names and base images', async () => {
    expect(
      await problemsOf(`apps:
  a: { container_image: { name: Orch_Webhook }, args: a }
  b: { container_image: { name: "orch:latest" }, args: b }
  c: { container_image: { name: c, base_image: "node 20" }, args: c }
`),
    ).toEqual([
      '2:33: apps.a.container_image.name: "Orch_Webhook" is not an image name: lowercase letters, digits and . _ - between them, path components separated by /, no tag (orch computes it)',
      '3:33: apps.b.container_image.name: "orch:latest" is not an image name: lowercase letters, digits and . _ - between them, path components separated by /, no tag (orch computes it)',
      '4:48: apps.c.container_image.base_image: "node 20" is not an image reference such as node:20-slim',
    ]);
  });

  test('packages: name>=x.y.z, name==x.y.z or name~=x.y, each name once', async () => {
    const rule = 'is not a package with a version constraint such as name>=1.2.3, name==1.2.3 or name~=1.2';
    expect(
      await problemsOf(`apps:
  web:
    container_image:
      name: web
      packages: ["orch>0.1", "orch >= 1.0", "==1.0", left-pad==1.3.0, Left-Pad>=1.0, orch~=1, express, zod~=3.2]
    args: web
`),
    ).toEqual([
      `5:18: apps.web.container_image.packages.0: "orch>0.1" ${rule}`,
      `5:30: apps.web.container_image.packages.1: "orch >= 1.0" ${rule}`,
      `5:45: apps.web.container_image.packages.2: "==1.0" ${rule}`,
      '5:71: apps.web.container_image.packages.4: Left-Pad is already listed (packages.3)',
      `5:86: apps.web.container_image.packages.5: "orch~=1" ${rule}`,
      `5:95: apps.web.container_image.packages.6: "express" ${rule}`,
    ]);
    expect(
      await problemsOf(`apps:
  web:
    container_image: { name: web, packages: [left-pad==1.3.0, Left-Pad>=1.0] }
    args: web
`),
    ).toEqual(['3:63: apps.web.container_image.packages.1: Left-Pad is already listed (packages.0)']);
  });

  test('limits: Kubernetes quantities above zero', async () => {
    expect(
      await problemsOf(`apps:
  a:
    container_image: { name: a }
    args: a
    limits: { cpu: "1.5 cores", mem: 1GB }
  b:
    container_image: { name: b }
    args: b
    limits: { cpu: 0, mem: "0" }
  c:
    container_image: { name: c }
    args: c
    limits: { cpu: [1], mem: 0.0001m }
`),
    ).toEqual([
      '5:20: apps.a.limits.cpu: "1.5 cores" is not a CPU quantity such as 1, 0.5 or 500m',
      '5:38: apps.a.limits.mem: "1GB" is not a memory size such as 1Gi, 512Mi or 1G',
      '9:20: apps.b.limits.cpu: must be more than 0',
      '9:28: apps.b.limits.mem: must be more than 0',
      '13:20: apps.c.limits.cpu: expected a string, found a list',
      '13:30: apps.c.limits.mem: "0.0001m" is not a memory size such as 1Gi, 512Mi or 1G',
    ]);
  });

  test('port and requires_auth', async () => {
    expect(
      await problemsOf(`apps:
  a: { container_image: { name: a }, args: a, port: 0 }
  b: { container_image: { name: b }, args: b, port: 70000 }
  c: { container_image: { name: c }, args: c, port: "8080" }
  d: { container_image: { name: d }, args: d, port: 80.5 }
  e: { container_image: { name: e }, args: e, requires_auth: "no" }
`),
    ).toEqual([
      '2:53: apps.a.port: must be a port from 1 to 65535',
      '3:53: apps.b.port: must be a port from 1 to 65535',
      '4:53: apps.c.port: expected a number, found the string "8080"',
      '5:53: apps.d.port: expected a whole number, found the number 80.5',
      '6:62: apps.e.requires_auth: expected true or false, found the string "no"',
    ]);
  });

  test('replicas: a whole number from 1 to 64', async () => {
    expect(
      await problemsOf(`apps:
  a: { container_image: { name: a }, args: a, replicas: 0 }
  b: { container_image: { name: b }, args: b, replicas: 65 }
  c: { container_image: { name: c }, args: c, replicas: 1.5 }
`),
    ).toEqual([
      '2:57: apps.a.replicas: must be a whole number from 1 to 64',
      '3:57: apps.b.replicas: must be a whole number from 1 to 64',
      '4:57: apps.c.replicas: expected a whole number, found the number 1.5',
    ]);
  });

  test('include paths that leave the directory of the app file are refused', async () => {
    expect(
      await problemsOf(`apps:
  a:
    container_image: { name: a }
    args: a
    include: [/etc/passwd, ../secret, "static/{a,../../b}", "", "ok/**/*.js", "!ok/tmp", "!../x", "a/../../b", "C:/x"]
`),
    ).toEqual([
      '5:15: apps.a.include.0: "/etc/passwd" is absolute: include paths are relative to the app file\'s directory',
      '5:28: apps.a.include.1: "../secret" leaves the app file\'s directory: include paths may not use ".."',
      '5:39: apps.a.include.2: "static/{a,../../b}" leaves the app file\'s directory: include paths may not use ".."',
      '5:61: apps.a.include.3: is empty',
      '5:90: apps.a.include.6: "!../x" leaves the app file\'s directory: include paths may not use ".."',
      '5:99: apps.a.include.7: "a/../../b" leaves the app file\'s directory: include paths may not use ".."',
      '5:112: apps.a.include.8: "C:/x" is absolute: include paths are relative to the app file\'s directory',
    ]);
  });

  test('args must split into a program and its arguments', async () => {
    expect(
      await problemsOf(`apps:
  a: { container_image: { name: a }, args: "node -e 'x" }
  b: { container_image: { name: b }, args: "web | tee log" }
  c: { container_image: { name: c }, args: "" }
  d: { container_image: { name: d }, args: "web \\\\" }
  e: { container_image: { name: e }, args: [web] }
`),
    ).toEqual([
      '2:44: apps.a.args: the single quote at character 9 is not closed',
      '3:44: apps.b.args: "|" at character 5 means something to a shell, but no shell runs this command: ' +
        "single-quote it ('|') or escape it (\\|) to pass it as it is",
      '4:44: apps.c.args: names no program: give the command line that starts the app',
      '5:44: apps.d.args: the command line ends with a backslash: escape it as \\\\ or quote it',
      '6:44: apps.e.args: expected a string, found a list',
    ]);
  });

  test('secrets: names, variables, and no variable given twice', async () => {
    expect(
      await problemsOf(`apps:
  a:
    container_image: { name: a }
    args: a
    env: { TOKEN: x }
    secrets:
      - { key: "bad key" }
      - { key: db-password }
      - { key: API, env_var: 1X }
      - { key: TOKEN }
      - { key: K1, env_var: SAME }
      - { key: K2, env_var: SAME }
`),
    ).toEqual([
      '7:16: apps.a.secrets.0.key: must start with a letter, digit or _ and hold only letters, digits, _ . and -',
      '8:9: apps.a.secrets.1: "db-password" cannot be an environment variable: give env_var: NAME',
      '9:30: apps.a.secrets.2.env_var: must start with a letter or _ and hold only letters, digits and _',
      '10:9: apps.a.secrets.3: TOKEN is already set in env',
      '12:9: apps.a.secrets.5: SAME is already given by secrets.4',
    ]);
    expect(
      await problemsOf(`apps:
  a:
    container_image: { name: a }
    args: a
    env: { bad-name: x, GOOD: 1 }
`),
    ).toEqual([
      '5:12: apps.a.env.bad-name: name must start with a letter or _ and hold only letters, digits and _',
      '5:31: apps.a.env.GOOD: expected a string, found the number 1',
    ]);
  });

  test('problems of different apps and of the top level come together, in file order', async () => {
    expect(
      await problemsOf(`version: 2
apps:
  a: { container_image: { name: a }, args: a, port: 0 }
  b: { container_image: { name: b }, args: "" }
  c: { container_image: { name: c }, args: c }
`),
    ).toEqual([
      '1:1: version: unknown key',
      '3:53: apps.a.port: must be a port from 1 to 65535',
      '4:44: apps.b.args: names no program: give the command line that starts the app',
    ]);
  });

  test('a file that cannot be read', async () => {
    const path = join(ROOT, 'no-such-dir', 'app.yaml');
    const error = await loadAppFile(path).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppFileError);
    expect((error as AppFileError).message).toBe(`${path}:1:1: cannot read the app file: no such file`);
  });
});
