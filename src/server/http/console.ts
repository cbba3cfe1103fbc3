import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { literalMapToJson } from '../../api/literals.js';
import type { CompiledWorkflowClosureOut } from '../../api/types.js';
import { type ExecutionPhase, TERMINAL_PHASES } from '../../api/types.js';
import { type Guard, openGuard } from '../auth/guard.js';
import { NEWEST_FIRST, type Repository } from '../db/repository.js';
import { httpStatusOf, ServiceError } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Handler } from '../services/admin.js';
import { DOMAINS } from '../services/admin.js';
import { fullMessage } from '../services/messages.js';
import type { BlobStore } from '../storage/blob-store.js';
import { httpCredentials } from './gateway.js';

/** What the console needs; built by `createServer`. */
export interface ConsoleDeps {
  repo: Repository;
  blobs: BlobStore;
  /** The AdminService handlers (the console reads through them, like any client). */
  admin: Record<string, Handler>;
  /** The executor's work folder (`<dataDir>/work`), for the log of an attempt still running. */
  workDir: string;
  logger: Logger;
  /**
   * Admits console requests like the RPCs they read through (read permission); the sandbox lets
   * loopback browsers in. @default admits everything
   */
  guard?: Guard;
  /**
   * Where a browser without credentials logs in (`/login?redirect_url=<page>`), when user login is
   * configured: the console then redirects there instead of answering 401.
   */
  loginUrl?: (target: string) => string;
}

/**
 * HTML-escapes text for element content and double-quoted attribute values (`& < > " '`).
 * Everything the console prints from data goes through it.
 */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** One path segment, percent-encoded. */
const seg = (value: string) => encodeURIComponent(value);

/**
 * The console's Content-Security-Policy: nothing from elsewhere, no inline script; the page's own
 * stylesheet and script, and connections back to the admin (the watch stream).
 */
export const CONSOLE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem;color:#222}
a{color:#0645ad}table{border-collapse:collapse;margin:.5rem 0 1.5rem}
td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;vertical-align:top}
pre{background:#f6f6f6;padding:.6rem;overflow:auto;max-width:60rem}
.phase{font-weight:bold}.SUCCEEDED{color:#17803d}.FAILED,.TIMED_OUT{color:#b00020}
.ABORTED,.ABORTING{color:#8a6d00}.RUNNING,.QUEUED,.SUCCEEDING,.FAILING{color:#1d4ed8}
.graph svg{max-width:100%;height:auto}nav{margin-bottom:1rem}`;

/**
 * Keeps a running execution's page current: follows the watch stream (Server-Sent Events) of the
 * execution named by `data-watch` on <body>, updates the phase and node phases in place, and reloads
 * once the stream ends so timings, outputs and errors show.
 */
const LIVE_SCRIPT = `(function(){
var url=document.body.getAttribute('data-watch');if(!url||!window.EventSource)return;
var source=new EventSource(url);
source.onmessage=function(m){var e;try{e=JSON.parse(m.data)}catch(x){return}
var p=document.getElementById('phase');if(p&&e.phase){p.textContent=e.phase;p.className='phase '+e.phase}
if(e.node_id){var n=document.querySelector('[data-node="'+CSS.escape(e.node_id)+'"]');
if(n){n.textContent=e.node_phase;n.className='phase '+e.node_phase}}};
source.addEventListener('end',function(){source.close();location.reload()});
source.addEventListener('error',function(){if(source.readyState===2)setTimeout(function(){location.reload()},2000)});
})();`;

function page(title: string, body: string, bodyAttributes = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)} - orch console</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/console/assets/console.css"></head>
<body${bodyAttributes}><nav><a href="/console">orch console</a></nav>
${body}
<script src="/console/assets/live.js"></script></body></html>`;
}

type Seconds = { seconds?: string | number; nanos?: number } | null | undefined;
const isoOf = (t: Seconds) =>
  t ? new Date(Number(t.seconds ?? 0) * 1000 + Math.floor((t.nanos ?? 0) / 1e6)).toISOString() : '';
const secondsOf = (d: Seconds) => (d ? Number(d.seconds ?? 0) + (d.nanos ?? 0) / 1e9 : undefined);
const formatSeconds = (s: number | undefined) => (s === undefined ? '' : `${s.toFixed(2)}s`);
const json = (value: unknown) => esc(JSON.stringify(value, null, 2));

/** A DOT graph of a workflow's nodes (boxes, filled by phase), start and end, edges by dependency. */
export function workflowDot(
  nodes: { id: string; upstream_node_ids: string[] }[],
  phases: ReadonlyMap<string, string> = new Map(),
): string {
  const inner = (text: string) =>
    text
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/[\r\n]/g, ' ');
  const q = (text: string) => `"${inner(text)}"`;
  const fill: Record<string, string> = {
    SUCCEEDED: '#c8f0d2',
    FAILED: '#f8c8cf',
    TIMED_OUT: '#f8c8cf',
    RUNNING: '#cfe0ff',
    ABORTED: '#f5e6b0',
  };
  const lines = [
    'digraph workflow {',
    '  rankdir=LR;',
    '  node [shape=box, style="rounded,filled", fillcolor="#ffffff"];',
  ];
  lines.push(
    '  "start-node" [shape=circle, label="start"];',
    '  "end-node" [shape=doublecircle, label="end"];',
  );
  const downstream = new Set(nodes.flatMap((n) => n.upstream_node_ids));
  for (const node of nodes) {
    const phase = phases.get(node.id);
    const color = phase ? fill[phase] : undefined;
    lines.push(
      `  ${q(node.id)} [label=${phase ? `"${inner(node.id)}\\n${inner(phase)}"` : q(node.id)}${color ? `, fillcolor=${q(color)}` : ''}];`,
    );
    if (!node.upstream_node_ids.length) lines.push(`  "start-node" -> ${q(node.id)};`);
    for (const up of node.upstream_node_ids) lines.push(`  ${q(up)} -> ${q(node.id)};`);
    if (!downstream.has(node.id)) lines.push(`  ${q(node.id)} -> "end-node";`);
  }
  lines.push('}');
  return lines.join('\n');
}

let vizInstance: Promise<{ renderString(dot: string, options: { format: 'svg' }): string }> | undefined;
/** Renders DOT to SVG with Graphviz compiled to WASM (@viz-js/viz), loaded on first use. */
async function renderSvg(dot: string): Promise<string> {
  vizInstance ??= import('@viz-js/viz').then((m) => m.instance());
  const svg = (await vizInstance).renderString(dot, { format: 'svg' });
  // Graphviz escapes labels in its SVG; the XML prolog and doctype are not wanted inside HTML.
  return svg.replace(/^[\s\S]*?(<svg\b)/, '$1');
}

class ConsoleNotFound extends Error {}

/**
 * The console: server-rendered HTML on the admin's HTTP side. `/console` lists projects;
 * `/console/projects/<p>` shows a project's workflows, launch plans and recent executions;
 * `/console/projects/<p>/domains/<d>/executions/<name>` an execution (phase, timing, inputs, outputs,
 * error, nodes with their attempts and log links, the workflow's graph as SVG), kept current by a
 * small script following the watch stream; `.../nodes/<node>/log` a node's log as text/plain (every
 * attempt's stdout and stderr). Every value printed is escaped; every answer carries
 * {@link CONSOLE_CSP}.
 */
export function createConsole(deps: ConsoleDeps): Router {
  const { repo, blobs, admin } = deps;
  const router = express.Router();
  const call = async (rpc: string, request: Record<string, unknown>) => {
    const handler = admin[rpc];
    if (!handler) throw new Error(`no handler ${rpc}`);
    return (await handler(request)) as Record<string, unknown>;
  };

  const guard = deps.guard ?? openGuard;
  router.use('/console', async (req, res, next) => {
    res.setHeader('content-security-policy', CONSOLE_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'no-referrer');
    try {
      await guard('orch.service.AdminService/GetExecution', httpCredentials(req));
    } catch (error) {
      const code = error instanceof ServiceError ? error.code : 13;
      if (code === 16 && deps.loginUrl && req.method === 'GET') {
        res.redirect(302, deps.loginUrl(req.originalUrl));
        return;
      }
      if (code === 16) res.setHeader('www-authenticate', 'Bearer realm="orch"');
      res
        .status(httpStatusOf(code))
        .type('text/plain')
        .send(error instanceof ServiceError ? `${error.message}\n` : 'internal error\n');
      return;
    }
    next();
  });
  router.get('/console/assets/console.css', (_req, res) => {
    res.type('text/css').send(STYLE);
  });
  router.get('/console/assets/live.js', (_req, res) => {
    res.type('text/javascript').send(LIVE_SCRIPT);
  });

  const route = (path: string, render: (req: Request) => Promise<string>) => {
    router.get(path, async (req: Request, res: Response) => {
      try {
        res.type('html').send(await render(req));
      } catch (error) {
        if (error instanceof ConsoleNotFound || (error instanceof ServiceError && error.code === 5)) {
          res
            .status(404)
            .type('html')
            .send(page('Not found', `<h1>Not found</h1><p>${esc(error.message)}</p>`));
          return;
        }
        deps.logger.error('console page failed', { path: req.path, error: String(error) });
        res.status(500).type('html').send(page('Error', '<h1>Something went wrong</h1>'));
      }
    });
  };

  route('/console', async () => {
    const { rows } = await repo.listProjects({ limit: 200, token: '' }, { sort: NEWEST_FIRST });
    const items = rows
      .map(
        (p) =>
          `<tr><td><a href="/console/projects/${seg(p.id)}">${esc(p.id)}</a></td><td>${esc(p.name)}</td><td>${esc(p.description)}</td></tr>`,
      )
      .join('');
    return page(
      'Projects',
      `<h1>Projects</h1><table><tr><th>id</th><th>name</th><th>description</th></tr>${items}</table>`,
    );
  });

  route('/console/projects/:project', async (req) => {
    const project = String(req.params.project);
    if (!(await repo.getProject(project))) throw new ConsoleNotFound(`project ${project} does not exist`);
    const sections: string[] = [`<h1>Project ${esc(project)}</h1>`];
    for (const domain of DOMAINS) {
      const scope = { project, domain };
      const page1 = { limit: 20, token: '' };
      const workflows = await repo.listEntities('workflows', scope, page1, { sort: NEWEST_FIRST });
      const plans = await repo.listEntities('launch_plans', scope, page1, { sort: NEWEST_FIRST });
      const executions = await repo.listExecutions(scope, page1);
      if (!workflows.rows.length && !plans.rows.length && !executions.rows.length) continue;
      const entityRows = (rows: { name: string; version: string; created_at: number }[]) =>
        rows
          .map(
            (r) =>
              `<tr><td>${esc(r.name)}</td><td>${esc(r.version)}</td><td>${esc(new Date(r.created_at).toISOString())}</td></tr>`,
          )
          .join('');
      const execRows = executions.rows
        .map(
          (e) =>
            `<tr><td><a href="/console/projects/${seg(project)}/domains/${seg(domain)}/executions/${seg(e.name)}">${esc(e.name)}</a></td>` +
            `<td>${esc(e.launch_plan_name)}</td><td class="phase ${esc(e.phase)}">${esc(e.phase)}</td>` +
            `<td>${esc(new Date(e.created_at).toISOString())}</td></tr>`,
        )
        .join('');
      sections.push(
        `<h2>Domain ${esc(domain)}</h2>`,
        `<h3>Recent executions</h3><table><tr><th>name</th><th>launch plan</th><th>phase</th><th>created</th></tr>${execRows}</table>`,
        `<h3>Workflows</h3><table><tr><th>name</th><th>version</th><th>registered</th></tr>${entityRows(workflows.rows)}</table>`,
        `<h3>Launch plans</h3><table><tr><th>name</th><th>version</th><th>registered</th></tr>${entityRows(plans.rows)}</table>`,
      );
    }
    if (sections.length === 1) sections.push('<p>Nothing registered yet.</p>');
    return page(`Project ${project}`, sections.join('\n'));
  });

  route('/console/projects/:project/domains/:domain/executions/:name', async (req) => {
    const id = {
      project: String(req.params.project),
      domain: String(req.params.domain),
      name: String(req.params.name),
    };
    const execution = await call('GetExecution', { id });
    const closure = (execution.closure ?? {}) as Record<string, unknown> & {
      phase?: string;
      error?: { code?: string; message?: string; kind?: string };
      outputs?: { literals?: Record<string, never> };
      started_at?: Seconds;
      created_at?: Seconds;
      duration?: Seconds;
      workflow_id?: { name?: string; version?: string };
    };
    const phase = String(closure.phase ?? 'UNDEFINED');
    const data = await call('GetExecutionData', { id });
    const nodes = ((await call('ListNodeExecutions', { workflow_execution_id: id, limit: 1000 }))
      .node_executions ?? []) as {
      id?: { node_id?: string };
      closure?: {
        phase?: string;
        started_at?: Seconds;
        duration?: Seconds;
        error?: { code?: string; message?: string; kind?: string };
        cache_status?: string;
        task_attempts?: {
          attempt?: number;
          phase?: string;
          duration?: Seconds;
          error?: { message?: string; kind?: string };
        }[];
      };
    }[];
    const base = `/console/projects/${seg(id.project)}/domains/${seg(id.domain)}/executions/${seg(id.name)}`;
    const phases = new Map(nodes.map((n) => [n.id?.node_id ?? '', n.closure?.phase ?? '']));

    let graph = '';
    const wf = closure.workflow_id;
    const row =
      wf?.name && wf.version
        ? await repo.getEntity('workflows', { ...id, name: wf.name, version: wf.version })
        : undefined;
    const template = row
      ? fullMessage<CompiledWorkflowClosureOut>(
          'orch.core.CompiledWorkflowClosure',
          (JSON.parse(row.closure) as { compiled_workflow: unknown }).compiled_workflow,
        ).primary?.template
      : undefined;
    if (template) {
      try {
        graph = `<div class="graph">${await renderSvg(workflowDot(template.nodes, phases))}</div>`;
      } catch (error) {
        deps.logger.error('graph rendering failed', { error: String(error) });
        graph = '<p>The graph could not be drawn.</p>';
      }
    }
    const nodeIds = template ? template.nodes.map((n) => n.id) : [...phases.keys()];
    const nodeRows = nodeIds
      .map((nodeId) => {
        const node = nodes.find((n) => n.id?.node_id === nodeId);
        const c = node?.closure;
        const attempts = (c?.task_attempts ?? [])
          .map(
            (a) =>
              `#${esc(a.attempt)} ${esc(a.phase)} ${esc(formatSeconds(secondsOf(a.duration)))}${a.error ? ` ${esc(a.error.kind)}: ${esc(a.error.message)}` : ''}`,
          )
          .join('<br>');
        const cache = c?.cache_status && c.cache_status !== 'CACHE_DISABLED' ? c.cache_status : '';
        return (
          `<tr><td>${esc(nodeId)}</td><td class="phase ${esc(c?.phase ?? '')}" data-node="${esc(nodeId)}">${esc(c?.phase ?? 'UNDEFINED')}</td>` +
          `<td>${esc(isoOf(c?.started_at))}</td><td>${esc(formatSeconds(secondsOf(c?.duration)))}</td>` +
          `<td>${c?.error ? `${esc(c.error.kind)} ${esc(c.error.code)}: ${esc(c.error.message)}` : ''}</td><td>${attempts}</td>` +
          `<td class="cache" data-cache="${esc(nodeId)}">${esc(cache)}</td>` +
          `<td>${node ? `<a href="${base}/nodes/${seg(nodeId)}/log">log</a>` : ''}</td></tr>`
        );
      })
      .join('');
    const inputs = literalMapToJson(data.full_inputs as never);
    const outputs = closure.outputs ? literalMapToJson(closure.outputs) : undefined;
    const error = closure.error;
    const terminal = TERMINAL_PHASES.has(phase as ExecutionPhase);
    const watch = terminal
      ? ''
      : ` data-watch="${esc(`/api/v1/executions/${seg(id.project)}/${seg(id.domain)}/${seg(id.name)}/watch`)}"`;
    const body = [
      `<h1>Execution ${esc(id.name)}</h1>`,
      `<p>Project <a href="/console/projects/${seg(id.project)}">${esc(id.project)}</a>, domain ${esc(id.domain)}, workflow ${esc(wf?.name ?? '')} ${esc(wf?.version ?? '')}</p>`,
      '<table>',
      `<tr><th>phase</th><td id="phase" class="phase ${esc(phase)}">${esc(phase)}</td></tr>`,
      `<tr><th>created</th><td>${esc(isoOf(closure.created_at))}</td></tr>`,
      `<tr><th>started</th><td>${esc(isoOf(closure.started_at))}</td></tr>`,
      `<tr><th>duration</th><td id="duration">${esc(formatSeconds(secondsOf(closure.duration)))}</td></tr>`,
      '</table>',
      `<h2>Inputs</h2><pre id="inputs">${json(inputs)}</pre>`,
      outputs ? `<h2>Outputs</h2><pre id="outputs">${json(outputs)}</pre>` : '',
      error
        ? `<h2>Error</h2><pre id="error">${esc(error.kind)} ${esc(error.code)}: ${esc(error.message)}</pre>`
        : '',
      `<h2>Nodes</h2><table><tr><th>node</th><th>phase</th><th>started</th><th>duration</th><th>error</th><th>attempts</th><th>cache</th><th>log</th></tr>${nodeRows}</table>`,
      graph ? `<h2>Graph</h2>${graph}` : '',
    ].join('\n');
    return page(`Execution ${id.name}`, body, watch);
  });

  router.get(
    '/console/projects/:project/domains/:domain/executions/:name/nodes/:node/log',
    async (req, res) => {
      res.type('text/plain; charset=utf-8');
      try {
        const row = await repo.getExecution({
          project: String(req.params.project),
          domain: String(req.params.domain),
          name: String(req.params.name),
        });
        const nodeId = String(req.params.node);
        const attempts = row ? await repo.listTaskAttempts(row.id, nodeId) : [];
        if (!row || !attempts.length) {
          res.status(404).send('no such execution node, or it has not run yet\n');
          return;
        }
        const parts: string[] = [];
        for (const attempt of attempts) {
          for (const stream of ['stdout', 'stderr'] as const) {
            const key = attempt[`${stream}_key`];
            let text = '';
            if (key) text = (await blobs.get(key)).toString('utf8');
            else if (attempt.ended_at === null && /^[A-Za-z0-9_-]+$/.test(nodeId)) {
              // Still running: the log so far, from the attempt's folder.
              const file = join(
                deps.workDir,
                String(row.id),
                nodeId,
                String(attempt.attempt),
                `${stream}.log`,
              );
              text = await readFile(file, 'utf8').catch(() => '');
            }
            parts.push(
              `=== attempt ${attempt.attempt} ${stream} (${attempt.phase}) ===\n${text}${text.endsWith('\n') || !text ? '' : '\n'}`,
            );
          }
        }
        res.send(parts.join(''));
      } catch (error) {
        deps.logger.error('console log failed', { error: String(error) });
        res.status(500).send('the log could not be read\n');
      }
    },
  );

  return router;
}
