import { describe, expect, test } from '@jest/globals';
import { githubLinks } from '../../../src/bot/executions.js';
import { githubWebUrl } from '../../../src/bot/main.js';

describe("an execution's links to GitHub", () => {
  test("GitHub's web address follows from its API address: github.com, Enterprise Server, anything else as is", () => {
    expect(githubWebUrl('https://api.github.com')).toBe('https://github.com');
    expect(githubWebUrl('https://api.github.com/')).toBe('https://github.com');
    expect(githubWebUrl('https://ghe.example.com/api/v3')).toBe('https://ghe.example.com');
    expect(githubWebUrl('http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321');
  });

  test('a pull request run links its pull request and commit; a push links the commit; no web address, no links', () => {
    const repo = { owner: 'octo', repo: 'flows' };
    expect(githubLinks('https://github.com', repo, 'abc123', 7)).toEqual({
      'orch.dev/commit': 'https://github.com/octo/flows/commit/abc123',
      'orch.dev/pull-request': 'https://github.com/octo/flows/pull/7',
    });
    expect(githubLinks('https://github.com', repo, 'abc123', undefined)).toEqual({
      'orch.dev/commit': 'https://github.com/octo/flows/commit/abc123',
    });
    expect(githubLinks(undefined, repo, 'abc123', 7)).toEqual({});
  });
});
