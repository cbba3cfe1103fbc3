import { parseExactJson, stringifyExactJson } from '../../api/exact-json.js';
import { errorMessage } from '../../api/guards.js';
import { formatType, literalFromJson, literalMapToJson, literalToJson } from '../../api/literals.js';
import type { LaunchPlanOut, LiteralOut, LiteralTypeOut } from '../../api/types.js';
import { layout, paths, trail } from './console-views.js';
import { type Html, htmlTemplate } from './html.js';

// The launch form of a launch plan version: generated from its interface, read back into literals.

/** How a field of the launch form is written. */
type FieldKind =
  | 'integer'
  | 'float'
  | 'string'
  | 'boolean'
  | 'datetime'
  | 'duration'
  | 'enum'
  | 'json'
  | 'blob';

/** One input of the launch form. */
export interface LaunchField {
  name: string;
  /** The form control's name (`input.<name>`). */
  control: string;
  kind: FieldKind;
  /** The type as workflow files write it (`integer`, `[string]`, `enum(a,b)`). */
  typeText: string;
  type: LiteralTypeOut;
  required: boolean;
  /** The enum's values, for a select. */
  options: string[];
  /** The value shown: what was sent, else the default as text. */
  value: string;
  /** Why the value sent is wrong, shown beside the field. */
  error?: string;
}

/** The kind of control an input of `type` gets. */
function kindOf(type: LiteralTypeOut): FieldKind {
  if (type.enum_type) return 'enum';
  if (type.collection_type || type.map_value_type) return 'json';
  switch (type.simple) {
    case 'INTEGER':
      return 'integer';
    case 'FLOAT':
      return 'float';
    case 'BOOLEAN':
      return 'boolean';
    case 'DATETIME':
      return 'datetime';
    case 'DURATION':
      return 'duration';
    case 'BLOB':
      return 'blob';
    case 'STRUCT':
      return 'json';
    default:
      return 'string';
  }
}

/** A default literal as the text its control shows (JSON for lists, maps and structs). */
function defaultText(kind: FieldKind, literal: LiteralOut | null | undefined): string {
  if (!literal) return '';
  const value = literalToJson(literal);
  if (value === null || value === undefined) return '';
  if (kind === 'json') return stringifyExactJson(value, 2);
  if (typeof value === 'object') return String(Reflect.get(value, 'uri') ?? stringifyExactJson(value));
  return String(value);
}

/** The launch form's fields of a launch plan (its expected inputs, defaults prefilled), by name. */
export function launchFields(plan: LaunchPlanOut): LaunchField[] {
  const parameters = plan.closure?.expected_inputs?.parameters ?? {};
  return Object.entries(parameters)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, parameter]) => {
      const type: LiteralTypeOut = parameter.var?.type ?? { simple: 'STRING', optional: false };
      const kind = kindOf(type);
      return {
        name,
        control: `input.${name}`,
        kind,
        typeText: formatType(type),
        type,
        required: Boolean(parameter.required),
        options: type.enum_type?.values ?? [],
        value: defaultText(kind, parameter.default),
      };
    });
}

/** The JSON value a control's text stands for. @throws Error with what is wrong. */
function jsonValueOf(kind: FieldKind, text: string): unknown {
  switch (kind) {
    case 'integer':
      if (!/^[+-]?\d+$/.test(text)) throw new Error('not a whole number');
      return BigInt(text);
    case 'float': {
      const n = Number(text);
      if (!text || Number.isNaN(n)) throw new Error('not a number');
      return n;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new Error('choose true or false');
      return text === 'true';
    case 'json':
      try {
        return parseExactJson(text);
      } catch {
        throw new Error('not valid JSON');
      }
    default:
      return text;
  }
}

/**
 * Reads the launch form: each field's text (from `read`) converted against its type. Empty fields
 * with a default or an optional type are left out (the launch plan's default applies); a required
 * one left empty is an error. Returns the inputs as JSON values (for CreateExecution through the
 * literal conversion) and the fields with the text sent and, where wrong, the error.
 */
export function readLaunchForm(
  fields: readonly LaunchField[],
  read: (control: string) => string,
): { fields: LaunchField[]; literals: Record<string, ReturnType<typeof literalFromJson>>; valid: boolean } {
  const literals: Record<string, ReturnType<typeof literalFromJson>> = {};
  let valid = true;
  const out = fields.map((field): LaunchField => {
    const text = read(field.control);
    const sent = { ...field, value: text };
    if (text === '') {
      if (!field.required) return sent;
      valid = false;
      return { ...sent, error: `${field.name} is required (${field.typeText})` };
    }
    try {
      literals[field.name] = literalFromJson(jsonValueOf(field.kind, text), field.type);
      return sent;
    } catch (error) {
      valid = false;
      const message = errorMessage(error);
      return { ...sent, error: `${message} (expected ${field.typeText})` };
    }
  });
  return { fields: out, literals, valid };
}

const launchBody = htmlTemplate<{
  name: string;
  version: string;
  planHref: string;
  action: string;
  csrf?: string;
  fields: (Omit<LaunchField, 'options'> & {
    id: string;
    errorId: string;
    options: { value: string; selected: boolean }[];
  })[];
  fixed: { name: string; value: string }[];
  executionName: string;
  error?: string;
}>(
  'console/launch',
  `<h1>Launch <a href="<%= it.planHref %>"><%= it.name %></a> <%= it.version %></h1>
<% if (it.error) { %><p role="alert" class="error" id="launch-error"><%= it.error %></p><% } %>
<% if (it.fixed.length) { %><h2>Fixed inputs</h2>
<table aria-label="Fixed inputs"><thead><tr><th scope="col">input</th><th scope="col">value</th></tr></thead><tbody>
<% for (const f of it.fixed) { %><tr><td><%= f.name %></td><td><pre><%= f.value %></pre></td></tr><% } %>
</tbody></table><% } %>
<% if (it.csrf) { %>
<form method="post" action="<%= it.action %>" class="launch" aria-label="Launch" novalidate>
<input type="hidden" name="csrf" value="<%= it.csrf %>">
<% for (const f of it.fields) { %>
<div class="field">
<label for="<%= f.id %>"><%= f.name %> <span class="type">(<%= f.typeText %><% if (f.required) { %>, required<% } %>)</span></label>
<% if (f.kind === 'enum' || f.kind === 'boolean') { %>
<select id="<%= f.id %>" name="<%= f.control %>" data-kind="<%= f.kind %>"<% if (f.error) { %> aria-invalid="true" aria-describedby="<%= f.errorId %>"<% } %>>
<option value="">(not set)</option>
<% for (const o of f.options) { %><option<% if (o.selected) { %> selected<% } %>><%= o.value %></option><% } %>
</select>
<% } else if (f.kind === 'json') { %>
<textarea id="<%= f.id %>" name="<%= f.control %>" rows="4" cols="60" data-kind="json"<% if (f.error) { %> aria-invalid="true" aria-describedby="<%= f.errorId %>"<% } %>><%= f.value %></textarea>
<% } else { %>
<input id="<%= f.id %>" name="<%= f.control %>" value="<%= f.value %>" data-kind="<%= f.kind %>"<% if (f.kind === 'integer' || f.kind === 'float') { %> inputmode="decimal"<% } %><% if (f.kind === 'datetime') { %> placeholder="2026-01-02T03:04:05Z"<% } %><% if (f.kind === 'duration') { %> placeholder="1m30s"<% } %><% if (f.error) { %> aria-invalid="true" aria-describedby="<%= f.errorId %>"<% } %>>
<% } %>
<span class="field-error" id="<%= f.errorId %>" aria-live="polite"><%= f.error %></span>
</div>
<% } %>
<div class="field"><label for="execution-name">Execution name (optional)</label>
<input id="execution-name" name="name" value="<%= it.executionName %>" pattern="[a-z][a-z0-9-]*" maxlength="63"></div>
<button type="submit">Launch</button>
</form>
<script src="/console/assets/launch.js"></script>
<% } else { %><p>Your role may not launch executions.</p><% } %>`,
);

/** What the launch page shows. */
export interface LaunchPageData {
  scope: { project: string; domain: string; name: string; version: string };
  plan: LaunchPlanOut;
  fields: readonly LaunchField[];
  /** The cross-site token the form carries; undefined when the caller may not launch (no form). */
  csrf?: string;
  executionName?: string;
  /** Why the launch was refused (a CreateExecution error), shown above the form. */
  error?: string;
}

/**
 * `.../launch_plans/<name>/<version>/launch`: a form generated from the launch plan's interface
 * (typed controls, defaults prefilled, errors beside their fields) and its fixed inputs, read-only.
 */
export function launchPage(data: LaunchPageData): Html {
  const { scope } = data;
  const fixed = literalMapToJson(data.plan.spec?.fixed_inputs);
  const body = launchBody({
    name: scope.name,
    version: scope.version,
    planHref: paths.entity('launch_plans', scope.project, scope.domain, scope.name),
    action: launchPath(scope),
    csrf: data.csrf,
    fields: data.fields.map((f, i) => ({
      ...f,
      id: `input-${i}`,
      errorId: `input-${i}-error`,
      options: (f.kind === 'boolean' ? ['true', 'false'] : f.options).map((value) => ({
        value,
        selected: value === f.value,
      })),
    })),
    fixed: Object.entries(fixed).map(([name, value]) => ({ name, value: stringifyExactJson(value, 2) })),
    executionName: data.executionName ?? '',
    error: data.error,
  });
  const plan = {
    href: paths.entity('launch_plans', scope.project, scope.domain, scope.name),
    text: scope.name,
  };
  return layout({ title: `Launch ${scope.name}`, body, crumbs: trail(scope.project, scope.domain, [plan]) });
}

/** The launch form's path of a launch plan version. */
export function launchPath(scope: {
  project: string;
  domain: string;
  name: string;
  version: string;
}): string {
  return `${paths.entity('launch_plans', scope.project, scope.domain, scope.name)}/${encodeURIComponent(scope.version)}/launch`;
}

/**
 * The launch form's script (`/console/assets/launch.js`): checks each field as it is typed (whole
 * numbers, numbers, JSON) and shows the problem beside it, and stops a form with problems from
 * being sent. The server checks again and answers the same errors without it.
 */
export const LAUNCH_SCRIPT = `(function(){
var form=document.querySelector('form.launch');if(!form)return;
function problem(el){var v=el.value,k=el.getAttribute('data-kind');if(v==='')return '';
if(k==='integer'&&!/^[+-]?\\d+$/.test(v))return 'not a whole number';
if(k==='float'&&(isNaN(Number(v))||v.trim()===''))return 'not a number';
if(k==='json'){try{JSON.parse(v)}catch(e){return 'not valid JSON'}}
return ''}
function check(el){var p=problem(el),out=document.getElementById(el.id+'-error');
if(out&&(p||out.getAttribute('data-client')))out.textContent=p;if(out)out.setAttribute('data-client',p?'1':'');
if(p){el.setAttribute('aria-invalid','true');el.setAttribute('aria-describedby',el.id+'-error')}else el.removeAttribute('aria-invalid');
return !p}
var fields=form.querySelectorAll('[data-kind]');
for(var i=0;i<fields.length;i++)fields[i].addEventListener('input',function(e){check(e.target)});
form.addEventListener('submit',function(e){var ok=true;for(var i=0;i<fields.length;i++)ok=check(fields[i])&&ok;
if(!ok){e.preventDefault();var bad=form.querySelector('[aria-invalid="true"]');if(bad)bad.focus()}});
})();`;
