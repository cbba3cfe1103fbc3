import { literalToJson } from '../../api/literals.js';
import { type Html, htmlTemplate } from './html.js';

// Typed values on the execution page: a literal as what its type says it is. Scalars as text with
// their type, structs as trees of nested lists, collections and maps folded behind their count,
// blobs as download links. Rendered by one recursive eta template; every value is escaped.

/** A Literal as the AdminService answers it (receiver shape, `value` naming the oneof member). */
export type LiteralLike = Parameters<typeof literalToJson>[0];

/** One value of the typed view: what the template draws. */
export type ValueView =
  | { kind: 'scalar'; type: string; text: string }
  | { kind: 'blob'; uri: string; href?: string }
  | { kind: 'tree'; type: 'struct' | 'object' | 'array'; entries: { key: string; value: ValueView }[] }
  | { kind: 'folded'; type: 'list' | 'map'; entries: { key: string; value: ValueView }[] };

/** Signed download URLs of blob literals, by the blob's native URL. */
export type BlobLinks = ReadonlyMap<string, string>;

/** The member of a oneof that is set: named by the receiver's virtual `value`, else the one present. */
function memberOf(message: object): string | undefined {
  const set: unknown = Reflect.get(message, 'value');
  if (typeof set === 'string') return set;
  return Object.keys(message).find((k) => {
    const v: unknown = Reflect.get(message, k);
    return v !== null && v !== undefined;
  });
}

/** A struct's JSON value as a tree: objects and arrays as entries, the rest as typed scalars. */
function jsonView(value: unknown): ValueView {
  if (Array.isArray(value))
    return {
      kind: 'tree',
      type: 'array',
      entries: value.map((v, i) => ({ key: String(i), value: jsonView(v) })),
    };
  if (value !== null && typeof value === 'object')
    return {
      kind: 'tree',
      type: 'object',
      entries: Object.entries(value).map(([key, v]) => ({ key, value: jsonView(v) })),
    };
  if (value === null) return { kind: 'scalar', type: 'null', text: 'null' };
  return { kind: 'scalar', type: typeof value === 'bigint' ? 'number' : typeof value, text: String(value) };
}

/** A literal's view: its shape (collection, map, struct, blob, primitive) decides how it is drawn. */
export function valueView(literal: LiteralLike, links: BlobLinks = new Map()): ValueView {
  if (literal?.collection) {
    const items = literal.collection.literals ?? [];
    return {
      kind: 'folded',
      type: 'list',
      entries: items.map((item, i) => ({ key: String(i), value: valueView(item, links) })),
    };
  }
  if (literal?.map) {
    return {
      kind: 'folded',
      type: 'map',
      entries: Object.entries(literal.map.literals ?? {}).map(([key, item]) => ({
        key,
        value: valueView(item, links),
      })),
    };
  }
  const scalar = literal?.scalar;
  if (!scalar) return { kind: 'scalar', type: 'none', text: 'none' };
  const member = memberOf(scalar);
  if (member === 'blob') {
    const uri = scalar.blob?.uri ?? '';
    return { kind: 'blob', uri, href: links.get(uri) };
  }
  if (member === 'json') {
    const tree = jsonView(literalToJson(literal));
    return tree.kind === 'tree' ? { ...tree, type: 'struct' } : tree;
  }
  if (member === 'primitive' && scalar.primitive) {
    const type = memberOf(scalar.primitive) ?? 'none';
    const text = literalToJson(literal);
    return {
      kind: 'scalar',
      type: type === 'float_value' ? 'float' : type === 'string_value' ? 'string' : type,
      text: String(text),
    };
  }
  return { kind: 'scalar', type: 'none', text: 'none' };
}

/** The native URLs of every blob a literal holds (for signing their download links). */
export function blobUris(literal: LiteralLike): string[] {
  if (literal?.collection) return (literal.collection.literals ?? []).flatMap((l) => blobUris(l));
  if (literal?.map) return Object.values(literal.map.literals ?? {}).flatMap((l) => blobUris(l));
  const uri = literal?.scalar && memberOf(literal.scalar) === 'blob' ? literal.scalar.blob?.uri : undefined;
  return uri ? [uri] : [];
}

const valueTemplate = htmlTemplate<{ v: ValueView; render: (v: ValueView) => Html }>(
  'console/value',
  `<% const v = it.v; %>
<% if (v.kind === 'scalar') { %><span class="value <%= v.type %>"><%= v.text %></span> <small class="type"><%= v.type %></small>
<% } else if (v.kind === 'blob') { %><% if (v.href) { %><a class="blob" href="<%= v.href %>" download><%= v.uri %></a><% } else { %><span class="blob"><%= v.uri %></span> <small>(no download link)</small><% } %> <small class="type">blob</small>
<% } else if (v.kind === 'tree') { %><details open><summary><%= v.type %> (<%= v.entries.length %> <%= v.type === 'array' ? 'item' : 'field' %><%= v.entries.length === 1 ? '' : 's' %>)</summary><ul class="tree">
<% for (const e of v.entries) { %><li><span class="key"><%= e.key %></span>: <%= it.render(e.value) %></li>
<% } %></ul></details>
<% } else { %><details><summary><%= v.type %> of <%= v.entries.length %></summary><ul class="tree">
<% for (const e of v.entries) { %><li><span class="key"><%= e.key %></span>: <%= it.render(e.value) %></li>
<% } %></ul></details>
<% } %>`,
);

/** A value as HTML (nested <details>/<ul> for structs, collections and maps). */
export function renderValue(v: ValueView): Html {
  return valueTemplate({ v, render: renderValue });
}

const literalsTemplate = htmlTemplate<{ label: string; entries: { name: string; value: Html }[] }>(
  'console/literals',
  `<% if (it.entries.length) { %><dl class="literals" aria-label="<%= it.label %>">
<% for (const e of it.entries) { %><dt><%= e.name %></dt><dd><%= e.value %></dd>
<% } %></dl><% } else { %><p>None.</p><% } %>`,
);

/** A LiteralMap as a labelled definition list of typed values, names in the map's order. */
export function renderLiteralMap(
  label: string,
  map: { literals?: Record<string, LiteralLike> } | null | undefined,
  links: BlobLinks,
): Html {
  const entries = Object.entries(map?.literals ?? {}).map(([name, literal]) => ({
    name,
    value: renderValue(valueView(literal, links)),
  }));
  return literalsTemplate({ label, entries });
}
