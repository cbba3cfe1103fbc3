import { Eta } from 'eta';

/**
 * Markup that is HTML already: the output of an {@link htmlTemplate}, or markup a trusted renderer
 * produced (Graphviz's SVG). Templates print it as is; every other value they print is escaped.
 */
export class Html {
  constructor(readonly markup: string) {}

  toString(): string {
    return this.markup;
  }
}

/** Eta's own XML escaping (`& < > " '` to entities). */
const escapeText = new Eta().config.escapeFunction;

/**
 * The admin's one HTML template engine (eta, auto-escaping on): `<%= value %>` prints a value
 * HTML-escaped, null and undefined as nothing, an {@link Html} value as its markup. Templates never
 * use eta's raw `<%~ %>`. A newline right after a tag is dropped (eta's default), so lines holding
 * only control flow leave no blank lines.
 */
const eta = new Eta({
  autoEscape: true,
  escapeFunction: (value: unknown) =>
    value instanceof Html ? value.markup : escapeText(value === null || value === undefined ? '' : value),
});

/**
 * Registers `text` as the eta template `@<name>` (its data is `it`) and returns the typed view that
 * renders it, as {@link Html} to nest in another template or to send.
 * @throws EtaParseError when `text` is not a valid template (at module load, so at start-up).
 */
export function htmlTemplate<T extends object>(name: string, text: string): (data: T) => Html {
  const key = `@${name}`;
  eta.loadTemplate(key, text);
  return (data) => new Html(eta.render(key, data));
}
