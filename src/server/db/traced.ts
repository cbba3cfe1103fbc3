import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely';
import { inSpan, isTracing, SpanKind } from '../../telemetry/tracing.js';

/** The first SQL keyword of a statement (`SELECT`, `INSERT`...), for the span name. */
function operation(sql: string): string {
  return /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY';
}

/**
 * Kysely's dialect with a CLIENT span around every query the driver runs: named `<OPERATION>`
 * (`INSERT`, `SELECT`...), with `db.system.name` (`sqlite` or `postgresql`) and `db.query.text` (the
 * SQL with placeholders; parameter values are never recorded, they may hold secrets). The span is
 * a child of the active span, so a query made for a gRPC call belongs to that call's trace.
 */
export function tracedDialect(inner: Dialect, system: 'sqlite' | 'postgresql'): Dialect {
  // One wrapper per connection, made when the connection is first handed out (Kysely acquires a
  // connection for every query).
  const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const traced = (connection: DatabaseConnection): DatabaseConnection => {
    const known = wrappers.get(connection);
    if (known) return known;
    const wrapped: DatabaseConnection = {
      executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        // Not tracing: no span name or attributes to build for every query.
        if (!isTracing()) return connection.executeQuery<R>(query);
        return inSpan(
          operation(query.sql),
          { kind: SpanKind.CLIENT, attributes: { 'db.system.name': system, 'db.query.text': query.sql } },
          () => connection.executeQuery<R>(query),
        );
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    originals.set(wrapped, connection);
    wrappers.set(connection, wrapped);
    return wrapped;
  };
  const originals = new WeakMap<object, DatabaseConnection>();
  const original = (value: unknown) => (value && typeof value === 'object' && originals.get(value)) || value;
  return {
    createAdapter: () => inner.createAdapter(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createDriver(): Driver {
      const driver = inner.createDriver();
      // Every driver method but acquireConnection takes the connection it handed out: give it back its own.
      return new Proxy(driver, {
        get(target, property) {
          const value: unknown = Reflect.get(target, property, target);
          if (typeof value !== 'function') return value;
          if (property === 'acquireConnection') {
            return async () => traced(await target.acquireConnection());
          }
          return (...args: unknown[]) => Reflect.apply(value, target, args.map(original));
        },
      });
    },
  };
}
