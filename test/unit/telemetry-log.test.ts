import { describe, expect, test } from '@jest/globals';
import { createLoggers, type LogSettings, LogSettingsError } from '../../src/telemetry/log.js';

/** Loggers writing into an array of lines. */
function capture(settings: Partial<LogSettings>) {
  const lines: string[] = [];
  const loggers = createLoggers(
    { formatter: { type: 'json' }, level: 3, ...settings },
    {
      write: (chunk: string) => lines.push(chunk),
    },
  );
  return { ...loggers, lines, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the structured logger', () => {
  test('level 3 (the default) writes warnings and errors; 4 adds info; 5 adds debug', () => {
    const at3 = capture({ level: 3 });
    at3.logger.debug?.('d');
    at3.logger.info('i');
    at3.logger.warn('w');
    at3.logger.error('e');
    expect(at3.records().map((r) => [r.level, r.msg])).toEqual([
      ['warn', 'w'],
      ['error', 'e'],
    ]);
    const at5 = capture({ level: 5 });
    at5.logger.debug?.('d');
    at5.logger.info('i');
    expect(at5.records().map((r) => r.level)).toEqual(['debug', 'info']);
    const at2 = capture({ level: 2 });
    at2.logger.warn('w');
    at2.logger.error('e');
    expect(at2.records().map((r) => r.level)).toEqual(['error']);
  });

  test('access records are written at info whatever the level; --logger.mute silences everything', () => {
    const quiet = capture({ level: 3 });
    quiet.access.info('request', { status: 200 });
    expect(quiet.records()).toEqual([
      expect.objectContaining({ level: 'info', msg: 'request', status: 200 }),
    ]);
    const muted = capture({ level: 6, mute: true });
    muted.access.info('request');
    muted.logger.error('e');
    expect(muted.lines).toEqual([]);
  });

  test('tokens, keys, client secrets, cookies and authorization headers are redacted wherever they sit', () => {
    const { logger, lines, records } = capture({ level: 4 });
    logger.info('call', {
      headers: { authorization: 'Bearer eyJ-secret-token', cookie: 'sid=cookie-secret', accept: 'json' },
      token: 'top-level-token',
      request: { client_secret: 'the-client-secret', apiKey: 'the-api-key', name: 'kept' },
      secret: { value: 'sealed-value' },
    });
    const text = lines.join('');
    for (const secret of [
      'eyJ-secret-token',
      'cookie-secret',
      'top-level-token',
      'the-client-secret',
      'the-api-key',
      'sealed-value',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(records()[0]).toMatchObject({
      headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'json' },
      request: { client_secret: '[redacted]', apiKey: '[redacted]', name: 'kept' },
    });
  });

  test('the text formatter writes one readable line per record', () => {
    const { logger, lines } = capture({ formatter: { type: 'text' }, level: 3 });
    logger.warn('disk almost full', { free_bytes: 1024, token: 'abc-secret' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\[\d{4}-\d\d-\d\d [\d:.]+ [+-]\d{4}\] WARN: disk almost full \{"free_bytes":1024,"token":"\[redacted\]"\}\n$/,
    );
  });

  test('--logger.show-source names the calling file and line', () => {
    const { logger, records } = capture({ level: 3, 'show-source': true });
    logger.warn('here');
    expect(records()[0]?.source).toMatch(/^telemetry-log\.test\.ts:\d+$/);
  });

  test('a bad level or formatter is refused, naming the flag', () => {
    expect(() => capture({ level: -1 })).toThrow(LogSettingsError);
    expect(() => capture({ level: -1 })).toThrow(/--logger\.level/);
    expect(() => capture({ formatter: { type: 'xml' } })).toThrow(
      /--logger\.formatter\.type: expected json or text, got "xml"/,
    );
  });
});

describe("grpc-js's own log lines", () => {
  test('go through the edge logger as records instead of raw console lines', async () => {
    const { experimental, logVerbosity, setLogger } = await import('@grpc/grpc-js');
    const { routeGrpcLogs } = await import('../../src/telemetry/setup.js');
    const out = capture({ level: 3 });
    routeGrpcLogs(out.logger);
    try {
      experimental.log(logVerbosity.ERROR, 'No address added out of total %d resolved', 1);
      experimental.log(logVerbosity.INFO, 'below the level: dropped');
      expect(out.records()).toEqual([
        expect.objectContaining({
          level: 'error',
          msg: 'grpc',
          message: 'No address added out of total 1 resolved',
        }),
      ]);
    } finally {
      setLogger(console);
    }
  });
});
