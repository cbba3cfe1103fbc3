import { readFileSync } from 'node:fs';
import { describe, expect, test } from '@jest/globals';
import type { FileProblem } from '../../../src/api/yaml-file.js';
import {
  extendsOf,
  loadRepoConfig,
  parseRepoConfig,
  REPO_CONFIG_PATH,
  RepoConfigError,
  repoConfigJsonSchema,
  roleAtLeast,
} from '../../../src/bot/repo-config.js';

/** The problems `parseRepoConfig` throws for `text`, as `file:line:column: message` strings. */
function problemsOf(text: string, file?: string): string[] {
  let thrown: unknown;
  try {
    parseRepoConfig(text, file);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(RepoConfigError);
  const problems = (thrown as RepoConfigError).problems as FileProblem[];
  const lines = problems.map((p) => `${p.file}:${p.line}:${p.column}: ${p.message}`);
  // The error's message is the same list, one problem a line.
  expect((thrown as Error).message.split('\n').sort()).toEqual([...lines].sort());
  return lines;
}

describe('parseRepoConfig', () => {
  test('the smallest file gets the documented defaults', () => {
    expect(parseRepoConfig('project: flytesnacks\nfiles: ["flows/*.yaml"]\n')).toEqual({
      project: 'flytesnacks',
      files: ['flows/*.yaml'],
      domains: { push: 'development', pullRequests: 'development' },
      pullRequests: { launchPlans: [], approvalLabel: 'orch:approved', cancelInProgress: true },
      commands: { minimumPermission: 'write', allowedUsers: [], allowedTeams: [] },
    });
  });

  test('JSON is YAML too', () => {
    const config = parseRepoConfig(
      '{"project": "p", "files": ["a.yaml"], "domains": {"push": "production"}}',
    );
    expect(config.project).toBe('p');
    expect(config.domains).toEqual({ push: 'production', pullRequests: 'development' });
  });

  test('a full file keeps what it says, and fills in launch plan inputs', () => {
    const config = parseRepoConfig(
      [
        'project: flytesnacks',
        'files: ["flows/*.yaml", "more/x.yaml"]',
        'admin: { endpoint: "dns:///admin:8089" }',
        'domains: { push: production, pullRequests: staging }',
        'pullRequests:',
        '  launchPlans:',
        '    - { name: wf.add_one_wf, inputs: { x: 2 } }',
        '    - { name: wf.other }',
        '  approvalLabel: ok-to-test',
        'commands:',
        '  minimumPermission: maintain',
      ].join('\n'),
    );
    expect(config).toEqual({
      project: 'flytesnacks',
      files: ['flows/*.yaml', 'more/x.yaml'],
      admin: { endpoint: 'dns:///admin:8089' },
      domains: { push: 'production', pullRequests: 'staging' },
      pullRequests: {
        launchPlans: [
          { name: 'wf.add_one_wf', inputs: { x: 2 } },
          { name: 'wf.other', inputs: {} },
        ],
        approvalLabel: 'ok-to-test',
        cancelInProgress: true,
      },
      commands: { minimumPermission: 'maintain', allowedUsers: [], allowedTeams: [] },
    });
  });

  test('every problem is reported at once, each at its line and column', () => {
    const text = [
      'project: Bad', // 1: the value at column 10
      'files: a', // 2: the value at column 8
      'extra: 1', // 3: the key at column 1
      'commands:', // 4
      '  minimumPermission: owner', // 5: the value at column 22
    ].join('\n');
    const problems = problemsOf(text);
    expect(problems).toHaveLength(4);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\.github\/orch\.yaml:1:10: project: must be lowercase/),
        '.github/orch.yaml:2:8: files: expected a list, found the string "a"',
        '.github/orch.yaml:3:1: extra: unknown key',
        expect.stringMatching(/^\.github\/orch\.yaml:5:22: commands\.minimumPermission: .*"admin"/),
      ]),
    );
  });

  test('the file name given is the one reported', () => {
    expect(problemsOf('project: p\nfiles: []\n', 'cfg/orch.yaml')).toEqual([
      expect.stringMatching(/^cfg\/orch\.yaml:2:8: files: /),
    ]);
    expect(REPO_CONFIG_PATH).toBe('.github/orch.yaml');
  });

  test('unknown keys are reported at the key, nested ones with their dotted path', () => {
    const text = [
      'project: p', // 1
      'files: [a]', // 2
      'domains:', // 3
      '  push: production', // 4
      '  pullrequests: x', // 5: a misspelt key at column 3
      'pullRequests:', // 6
      '  launchPlans:', // 7
      '    - name: lp', // 8
      '      input: {}', // 9: a misspelt key at column 7
    ].join('\n');
    expect(problemsOf(text).sort()).toEqual([
      '.github/orch.yaml:5:3: domains.pullrequests: unknown key',
      '.github/orch.yaml:9:7: pullRequests.launchPlans.0.input: unknown key',
    ]);
  });

  test('wrong types say what was expected and what was found', () => {
    const text = [
      'project: p', // 1
      'files: [a]', // 2
      'domains:', // 3
      '  push: 3', // 4: the value at column 9
      'pullRequests:', // 5
      '  launchPlans:', // 6
      '    - name: lp', // 7
      '      inputs: 3', // 8: the value at column 15
      '  approvalLabel: [x]', // 9: the value at column 18
    ].join('\n');
    expect(problemsOf(text).sort()).toEqual([
      '.github/orch.yaml:4:9: domains.push: expected a string, found the number 3',
      '.github/orch.yaml:8:15: pullRequests.launchPlans.0.inputs: expected a mapping, found the number 3',
      '.github/orch.yaml:9:18: pullRequests.approvalLabel: expected a string, found a list',
    ]);
  });

  test('missing required keys are reported, even for an empty file', () => {
    expect(problemsOf('')).toEqual([
      '.github/orch.yaml:1:1: missing required key "project"',
      '.github/orch.yaml:1:1: missing required key "files"',
    ]);
    expect(problemsOf('# nothing here\n')).toHaveLength(2);
  });

  test('a document that is not a mapping is refused', () => {
    expect(problemsOf('- project: p\n')).toEqual(['.github/orch.yaml:1:1: expected a mapping, found a list']);
  });

  test('a second YAML document is refused where it starts', () => {
    expect(problemsOf('project: p\nfiles: [a]\n---\nproject: q\n')).toEqual([
      '.github/orch.yaml:3:1: holds a second YAML document; the configuration is one document',
    ]);
  });

  test('a duplicate key is a problem, not a silent override', () => {
    const problems = problemsOf('project: p\nfiles: [a]\nproject: q\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\.github\/orch\.yaml:3:1: /);
  });

  test.each(['none', 'owner', 'Write', ''])('minimumPermission %j is refused', (role) => {
    const problems = problemsOf(`project: p\nfiles: [a]\ncommands:\n  minimumPermission: "${role}"\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^\.github\/orch\.yaml:4:22: commands\.minimumPermission: /);
  });

  test.each(['read', 'triage', 'write', 'maintain', 'admin'])('minimumPermission %s is accepted', (role) => {
    const config = parseRepoConfig(`project: p\nfiles: [a]\ncommands:\n  minimumPermission: ${role}\n`);
    expect(config.commands.minimumPermission).toBe(role);
  });
});

describe('roleAtLeast', () => {
  const order = ['read', 'triage', 'write', 'maintain', 'admin'] as const;

  test.each(order.flatMap((role, r) => order.map((minimum, m) => [role, minimum, r >= m] as const)))(
    '%s is at least %s: %s',
    (role, minimum, expected) => {
      expect(roleAtLeast(role, minimum)).toBe(expected);
    },
  );

  test.each(['none', 'owner', 'Admin', '', 'toString', '__proto__', 'custom-role'])(
    'role %j is never enough',
    (role) => {
      for (const minimum of order) expect(roleAtLeast(role, minimum)).toBe(false);
    },
  );
});

describe('repoConfigJsonSchema', () => {
  const schema = repoConfigJsonSchema();

  test('is a draft 2020-12 schema of an object', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.type).toBe('object');
    expect(typeof schema.$id).toBe('string');
  });

  test('requires project and files and nothing else', () => {
    expect([...(schema.required as string[])].sort()).toEqual(['files', 'project']);
  });

  test('rejects unknown top-level keys', () => {
    expect(schema.additionalProperties).toBe(false);
  });

  test('lists exactly the top-level keys the parser accepts', () => {
    const properties = Object.keys(schema.properties as Record<string, unknown>);
    const unknownKeys = (extra: string[]) => {
      const text = `project: p\nfiles: [a]\n${extra.map((k) => `${k}: 1`).join('\n')}\n`;
      try {
        parseRepoConfig(text);
        return [];
      } catch (error) {
        expect(error).toBeInstanceOf(RepoConfigError);
        return (error as RepoConfigError).problems
          .map((p) => p.message)
          .filter((m) => m.endsWith('unknown key'));
      }
    };
    // Every listed key is known to the parser; a key the schema does not list is not.
    expect(unknownKeys(properties.filter((k) => k !== 'project' && k !== 'files'))).toEqual([]);
    expect(unknownKeys(['notInTheSchema'])).toEqual(['notInTheSchema: unknown key']);
    // And the documented keys are all listed.
    expect(properties.sort()).toEqual([
      '_extends',
      'admin',
      'commands',
      'domains',
      'files',
      'project',
      'pullRequests',
    ]);
  });

  test('the published schema file is the current one', () => {
    const published = JSON.parse(
      readFileSync(new URL('../../../schema/orch-bot-config.schema.json', import.meta.url), 'utf8'),
    );
    expect(published).toEqual(JSON.parse(JSON.stringify(schema)));
  });
});

describe('loadRepoConfig with an _extends base', () => {
  const base = (text: string) => ({ text, file: 'octo/.github:.github/orch.yaml' });
  const repo = (rest: string) => `_extends: .github\nproject: p\nfiles: ["a.yaml"]\n${rest}`;

  test('_extends names a repository of the same owner, or owner/name', () => {
    expect(extendsOf('_extends: .github\n', 'octo')).toEqual({ owner: 'octo', repo: '.github' });
    expect(extendsOf('_extends: other-repo\n', 'octo')).toEqual({ owner: 'octo', repo: 'other-repo' });
    expect(extendsOf('_extends: corp/defaults\n', 'octo')).toEqual({ owner: 'corp', repo: 'defaults' });
    expect(extendsOf('project: p\n', 'octo')).toBeUndefined();
    expect(extendsOf('_extends: a/b/c\n', 'octo')).toBeUndefined();
    expect(problemsOf('_extends: a/b/c\nproject: p\nfiles: [a]\n')).toEqual([
      expect.stringMatching(/^\.github\/orch\.yaml:1:11: _extends: must be a repository/),
    ]);
  });

  test("mappings merge key by key; a list or value of the repository replaces the base's", () => {
    const { config, warnings } = loadRepoConfig(
      repo('domains: { push: production }\npullRequests: { launchPlans: [{ name: mine }] }\n'),
      REPO_CONFIG_PATH,
      base(
        'domains: { pullRequests: staging }\npullRequests: { launchPlans: [{ name: org }], cancelInProgress: false }\nfiles: [org.yaml]\n',
      ),
    );
    expect(config.domains).toEqual({ push: 'production', pullRequests: 'staging' });
    expect(config.files).toEqual(['a.yaml']);
    expect(config.pullRequests.launchPlans).toEqual([{ name: 'mine', inputs: {} }]);
    expect(config.pullRequests.cancelInProgress).toBe(false);
    expect(warnings).toEqual([]);
  });

  test('security settings are only tightened: a loosening gets the base value and a warning', () => {
    const org = base(
      'commands: { minimumPermission: maintain, allowedUsers: [ann], allowedTeams: [ops] }\npullRequests: { approvalLabel: org-ok }\n',
    );
    const loose = loadRepoConfig(
      repo(
        'commands: { minimumPermission: read, allowedUsers: [ann, zed] }\npullRequests: { approvalLabel: ok }\n',
      ),
      REPO_CONFIG_PATH,
      org,
    );
    expect(loose.config.commands).toEqual({
      minimumPermission: 'maintain',
      allowedUsers: ['ann'],
      allowedTeams: ['ops'],
    });
    expect(loose.config.pullRequests.approvalLabel).toBe('org-ok');
    expect(loose.warnings).toHaveLength(3);
    expect(loose.warnings[1]).toContain('name "zed", not in the base\'s lists');
    // Emptying both lists opens them: refused too.
    const open = loadRepoConfig(
      repo('commands: { allowedUsers: [], allowedTeams: [] }\n'),
      REPO_CONFIG_PATH,
      org,
    );
    expect(open.config.commands.allowedTeams).toEqual(['ops']);
    expect(open.warnings[0]).toContain('allow everyone');
    // Tightening is kept, without a warning.
    const tight = loadRepoConfig(
      repo('commands: { minimumPermission: admin, allowedUsers: [], allowedTeams: [ops] }\n'),
      REPO_CONFIG_PATH,
      org,
    );
    expect(tight.config.commands).toEqual({
      minimumPermission: 'admin',
      allowedUsers: [],
      allowedTeams: ['ops'],
    });
    expect(tight.warnings).toEqual([]);
  });

  test("the base's problems are reported in the base's file", () => {
    let thrown: unknown;
    try {
      loadRepoConfig(repo(''), REPO_CONFIG_PATH, base('commands:\n  minimumPermission: owner\n'));
    } catch (error) {
      thrown = error;
    }
    expect((thrown as RepoConfigError).message).toMatch(
      /^octo\/\.github:\.github\/orch\.yaml:2:22: commands\.minimumPermission: /,
    );
  });
});
