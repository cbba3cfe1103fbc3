import type { Request, Response, Router } from 'express';
import { formatType, literalToJson } from '../../api/literals.js';
import type { LiteralTypeOut } from '../../api/types.js';
import type { Repository } from '../db/repository.js';
import { listTaskVersionExecutions } from '../db/task-executions.js';
import { notFound } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Handler } from '../services/admin.js';
import { fullMessage } from '../services/messages.js';
import { workflowSvg } from './console-execution.js';
import { type EntityKind, isoOf, layout, paths, trail } from './console-views.js';
import { type Html, htmlTemplate } from './html.js';

// A task's, workflow's or launch plan's version page: its interface (inputs and outputs with their
// types), what it is made of (a workflow's graph and nodes with their tasks, a launch plan's
// workflow and fixed inputs) and its recent executions (a task's: those of the workflows running
// it, see task-executions.ts), each name a link. Values are escaped by
// the template engine (html.ts); only Graphviz's SVG is inserted as markup.

const HEADINGS: Record<EntityKind, string> = {
  tasks: 'Task',
  workflows: 'Workflow',
  launch_plans: 'Launch plan',
};

/** The console path of an entity's version page. */
const versionPath = paths.version;

interface Variable {
  name: string;
  type: string;
  description: string;
}
interface Link {
  href: string;
  text: string;
}
const NO_FIXED: { name: string; value: string }[] = [];
const NO_NODES: { id: string; task?: Link }[] = [];

const versionBody = htmlTemplate<{
  heading: string;
  name: string;
  entityHref: string;
  version: string;
  registered: string;
  registeredBy: string;
  inputs: Variable[];
  outputs: Variable[];
  workflow?: Link;
  fixed: { name: string; value: string }[];
  nodes: { id: string; task?: Link }[];
  graph?: Html;
  launchHref?: string;
  executions?: { href: string; name: string; phase: string; created: string }[];
  executionsCaption?: string;
  executionsHref?: string;
}>(
  'console/version',
  `<h1><%= it.heading %> <a href="<%= it.entityHref %>"><%= it.name %></a> version <%= it.version %></h1>
<p>Registered <%= it.registered %><% if (it.registeredBy) { %> by <%= it.registeredBy %><% } %>.<% if (it.launchHref) { %> <a href="<%= it.launchHref %>">Launch this version</a><% } %></p>
<% if (it.workflow) { %><p>Runs workflow <a href="<%= it.workflow.href %>"><%= it.workflow.text %></a>.</p><% } %>
<h2 id="interface-heading">Interface</h2>
<% for (const [caption, vars] of [['Inputs', it.inputs], ['Outputs', it.outputs]]) { %>
<div class="scroll"><table><caption><%= caption %></caption><thead><tr><th scope="col">name</th><th scope="col">type</th><th scope="col">description</th></tr></thead><tbody>
<% for (const v of vars) { %><tr><td><%= v.name %></td><td><code><%= v.type %></code></td><td><%= v.description %></td></tr><% } %>
</tbody></table></div>
<% if (!vars.length) { %><p>No <%= caption.toLowerCase() %>.</p><% } %>
<% } %>
<% if (it.fixed.length) { %><div class="scroll"><table><caption>Fixed inputs</caption><thead><tr><th scope="col">name</th><th scope="col">value</th></tr></thead><tbody>
<% for (const f of it.fixed) { %><tr><td><%= f.name %></td><td><code><%= f.value %></code></td></tr><% } %>
</tbody></table></div><% } %>
<% if (it.nodes.length) { %><h2>Nodes</h2><div class="scroll"><table><caption>Nodes</caption><thead><tr><th scope="col">node</th><th scope="col">task</th></tr></thead><tbody>
<% for (const n of it.nodes) { %><tr><td><%= n.id %></td><td><% if (n.task) { %><a href="<%= n.task.href %>"><%= n.task.text %></a><% } %></td></tr><% } %>
</tbody></table></div><% } %>
<% if (it.graph) { %><section id="graph"><h2>Graph</h2><div class="graph"><%= it.graph %></div></section><% } %>
<% if (it.executions) { %><h2>Executions</h2>
<div class="scroll"><table><caption><%= it.executionsCaption ?? 'Recent executions of this version' %></caption><thead><tr><th scope="col">name</th><th scope="col">phase</th><th scope="col">created (UTC)</th></tr></thead><tbody>
<% for (const e of it.executions) { %><tr><td><a href="<%= e.href %>"><%= e.name %></a></td><td class="phase <%= e.phase %>"><%= e.phase %></td><td><%= e.created %></td></tr><% } %>
</tbody></table></div>
<% if (!it.executions.length) { %><p>No executions yet.</p><% } %>
<% if (it.executionsHref) { %><p><a href="<%= it.executionsHref %>">All executions of <%= it.name %></a></p><% } %>
<% } %>`,
);

type VariableMapLike = {
  variables?: Record<string, { type?: LiteralTypeOut | null; description?: string } | null | undefined>;
} | null;

/** A VariableMap's or ParameterMap's entries as rows (name, type as written in workflow files, description). */
function variables(map: VariableMapLike | undefined): Variable[] {
  return Object.entries(map?.variables ?? {}).map(([name, v]) => ({
    name,
    type: v?.type ? formatType(v.type) : '',
    description: v?.description ?? '',
  }));
}

/** Executions a version page shows. */
const RECENT = 20;

/** What the version pages need. */
export interface VersionDeps {
  repo: Repository;
  admin: Record<string, Handler>;
  logger: Logger;
  send: (req: Request, res: Response, render: () => Promise<Html>) => Promise<void>;
}

/** The recent executions of a workflow or launch plan version, through ListExecutions. */
async function recentExecutions(
  deps: VersionDeps,
  kind: 'workflow' | 'launch_plan',
  v: { project: string; domain: string; name: string; version: string },
) {
  const list = deps.admin.ListExecutions;
  if (!list) throw new Error('no handler ListExecutions');
  const answer = await list(
    {
      id: { project: v.project, domain: v.domain },
      limit: RECENT,
      token: '',
      filters: `eq(${kind}.name,${v.name})+eq(${kind}.version,${v.version})`,
      sort_by: { key: 'created_at', direction: 'DESCENDING' },
    },
    undefined,
  );
  return fullMessage('orch.admin.v1.ExecutionList', answer).executions.map((e) => {
    const name = e.id?.name ?? '';
    return {
      href: paths.execution({ ...v, name }),
      name,
      phase: String(e.closure?.phase ?? ''),
      created: isoOf(e.closure?.created_at),
    };
  });
}

/**
 * `GET .../{tasks|workflows|launch_plans}/<name>/<version>`: the version page (see the file's
 * header); 404 for a version that does not exist.
 */
export function addVersionPages(router: Router, deps: VersionDeps): void {
  for (const kind of ['tasks', 'workflows', 'launch_plans'] as const) {
    router.get(`/console/projects/:project/domains/:domain/${kind}/:name/:version`, (req, res) =>
      deps.send(req, res, async () => {
        const v = {
          project: String(req.params.project),
          domain: String(req.params.domain),
          name: String(req.params.name),
          version: String(req.params.version),
        };
        const row = await deps.repo.getEntity(kind, v);
        if (!row) throw notFound(`${HEADINGS[kind].toLowerCase()} ${v.name} has no version ${v.version}`);
        const entityHref = `${paths.domain(v.project, v.domain)}/${kind}/${encodeURIComponent(v.name)}`;
        const base = {
          heading: HEADINGS[kind],
          name: v.name,
          entityHref,
          version: v.version,
          registered: new Date(row.created_at).toISOString(),
          fixed: NO_FIXED,
          nodes: NO_NODES,
        };
        let body: Html;
        if (kind === 'tasks') {
          const closure = fullMessage('orch.admin.v1.TaskClosure', JSON.parse(row.closure));
          const iface = closure.compiled_task?.template?.interface;
          const ran = await listTaskVersionExecutions(deps.repo.db, v, RECENT);
          body = versionBody({
            ...base,
            registeredBy: closure.registered_by,
            inputs: variables(iface?.inputs),
            outputs: variables(iface?.outputs),
            executions: ran.map((e) => ({
              href: paths.execution({ ...v, name: e.name }),
              name: e.name,
              phase: e.phase,
              created: new Date(e.created_at).toISOString(),
            })),
            executionsCaption: 'Recent executions that ran this version',
          });
        } else if (kind === 'workflows') {
          const closure = fullMessage('orch.admin.v1.WorkflowClosure', JSON.parse(row.closure));
          const template = closure.compiled_workflow?.primary?.template;
          let graph: Html | undefined;
          try {
            graph = template ? await workflowSvg(template.nodes, new Map()) : undefined;
          } catch (error) {
            deps.logger.error('graph rendering failed', { error: String(error) });
          }
          body = versionBody({
            ...base,
            registeredBy: closure.registered_by,
            inputs: variables(template?.interface?.inputs),
            outputs: variables(template?.interface?.outputs),
            nodes: (template?.nodes ?? []).map((n) => {
              const ref = n.task_node?.reference_id;
              return {
                id: n.id,
                task: ref?.name
                  ? {
                      href: versionPath('tasks', { ...v, name: ref.name, version: ref.version }),
                      text: `${ref.name} ${ref.version}`,
                    }
                  : undefined,
              };
            }),
            graph,
            executions: await recentExecutions(deps, 'workflow', v),
            executionsHref: `${paths.executions(v.project, v.domain)}?workflow=${encodeURIComponent(v.name)}`,
          });
        } else {
          const spec = fullMessage('orch.admin.v1.LaunchPlanSpec', JSON.parse(row.spec));
          const closure = fullMessage('orch.admin.v1.LaunchPlanClosure', JSON.parse(row.closure));
          const wf = spec.workflow_id;
          body = versionBody({
            ...base,
            registeredBy: closure.registered_by,
            inputs: variables({
              variables: Object.fromEntries(
                Object.entries(closure.expected_inputs?.parameters ?? {}).map(([name, p]) => [name, p.var]),
              ),
            }),
            outputs: variables(closure.expected_outputs),
            workflow: wf?.name
              ? {
                  href: versionPath('workflows', { ...v, name: wf.name, version: wf.version }),
                  text: `${wf.name} ${wf.version}`,
                }
              : undefined,
            fixed: Object.entries(spec.fixed_inputs?.literals ?? {}).map(([name, literal]) => ({
              name,
              value: JSON.stringify(literalToJson(literal)),
            })),
            launchHref: `${versionPath(kind, v)}/launch`,
            executions: await recentExecutions(deps, 'launch_plan', v),
            executionsHref: `${paths.executions(v.project, v.domain)}?launch_plan=${encodeURIComponent(v.name)}`,
          });
        }
        const crumbs = trail(v.project, v.domain, [
          { href: entityHref, text: v.name },
          { href: versionPath(kind, v), text: v.version },
        ]);
        return layout({ title: `${HEADINGS[kind]} ${v.name} ${v.version}`, body, crumbs });
      }),
    );
  }
}
