import { describe, expect, test } from '@jest/globals';
import { errorMessage } from '../../src/api/guards.js';
import {
  AdminError,
  AlreadyExistsError,
  codeOf,
  fieldOf,
  fromGrpcError,
  grpcCodeOf,
  NotFoundError,
  stringFieldOf,
  UnauthenticatedError,
} from '../../src/client/errors.js';
import { AuthFlowError } from '../../src/client/token-source.js';

describe('reading thrown values of unknown shape', () => {
  test('fieldOf reads a property of an object, own or inherited, and nothing of anything else', () => {
    const error = Object.assign(new Error('boom'), { code: 'ENOENT' });
    expect(fieldOf(error, 'code')).toBe('ENOENT');
    expect(fieldOf(error, 'name')).toBe('Error');
    expect(fieldOf(error, 'missing')).toBeUndefined();
    for (const value of [null, undefined, 'text', 42, true]) expect(fieldOf(value, 'code')).toBeUndefined();
  });

  test('stringFieldOf keeps strings only', () => {
    expect(stringFieldOf({ error: 'invalid_client' }, 'error')).toBe('invalid_client');
    expect(stringFieldOf({ error: 7 }, 'error')).toBeUndefined();
    expect(stringFieldOf(undefined, 'error')).toBeUndefined();
  });

  test("errorMessage gives an Error's message, else the value as a string", () => {
    expect(errorMessage(new TypeError('bad input'))).toBe('bad input');
    expect(errorMessage({ message: 'plain object' })).toBe('plain object');
    expect(errorMessage('a string')).toBe('a string');
    expect(errorMessage(undefined)).toBe('undefined');
    expect(errorMessage({ message: 3 })).toBe('[object Object]');
  });

  test('codeOf gives string and number codes; grpcCodeOf numbers only', () => {
    expect(codeOf(Object.assign(new Error('x'), { code: 'EACCES' }))).toBe('EACCES');
    expect(codeOf({ code: 14 })).toBe(14);
    expect(codeOf({ code: null })).toBeUndefined();
    expect(codeOf(null)).toBeUndefined();
    expect(grpcCodeOf({ code: 14 })).toBe(14);
    expect(grpcCodeOf({ code: 'ENOENT' })).toBeUndefined();
    expect(grpcCodeOf('UNAVAILABLE')).toBeUndefined();
  });
});

describe('fromGrpcError', () => {
  test('maps the code and prefers the details to the message', () => {
    const raw = Object.assign(new Error('5 NOT_FOUND: no such task'), { code: 5, details: 'no such task' });
    const error = fromGrpcError(raw, 'GetTask', 'localhost:8089');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('no such task');
    expect(error.rpc).toBe('GetTask');
    expect(error.cause).toBe(raw);
    const exists = fromGrpcError(
      Object.assign(new Error('six'), { code: 6, details: '' }),
      'CreateTask',
      'x',
    );
    expect(exists).toBeInstanceOf(AlreadyExistsError);
    expect(exists.message).toBe('six');
  });

  test('an error without a numeric code is UNKNOWN; a token failure is Unauthenticated', () => {
    const unknown = fromGrpcError('something odd', 'GetVersion', 'x');
    expect(unknown.constructor).toBe(AdminError);
    expect(unknown.code).toBe(2);
    expect(unknown.message).toBe('something odd');
    const flow = fromGrpcError(
      new AuthFlowError('ApiKey: refused', 'ApiKey', { hint: 'check' }),
      'GetTask',
      'x',
    );
    expect(flow).toBeInstanceOf(UnauthenticatedError);
    expect(flow.hint).toBe('check');
  });
});
