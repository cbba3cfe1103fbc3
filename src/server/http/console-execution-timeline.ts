import type { ExecutionClosure, NodeExecution } from './console-views.js';
import { type Html, htmlTemplate } from './html.js';

// The execution page's timeline: a Gantt chart of the execution and its nodes, drawn as SVG by an
// eta template (positions are numbers the template prints; every text is escaped). One row per
// node: the wait from the node's start to its first attempt (queued), each attempt as its own bar
// (so retries show), or one bar for a node the cache served. Each row links to the node's row of
// the nodes table.

type Stamp = { seconds?: string | number; nanos?: number } | null | undefined;
const millisOf = (t: Stamp) =>
  t ? Number(t.seconds ?? 0) * 1000 + Math.floor((t.nanos ?? 0) / 1e6) : undefined;

/** One bar of the timeline, in milliseconds since the epoch. */
export interface TimelineBar {
  /** `queued`, `cache-hit`, or the attempt's phase (`RUNNING`, `SUCCEEDED`, `FAILED`, ...). */
  kind: string;
  /** What the bar is, for people: `attempt 2 FAILED`, `queued`, `cache hit`. */
  label: string;
  start: number;
  end: number;
  /** Whether it has not ended yet (drawn up to now). */
  open: boolean;
}

/** One row of the timeline: a node (or the execution itself) and its bars. */
export interface TimelineRow {
  id: string;
  /** Where the row links to (the node's row of the nodes table). */
  href?: string;
  bars: TimelineBar[];
}

const LABEL_WIDTH = 200;
const PLOT_WIDTH = 780;
const ROW_HEIGHT = 22;
const AXIS_HEIGHT = 24;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)}s`;

/**
 * The rows of the timeline: the execution (queued from creation to start, then running) and each
 * node in `nodeIds` order, from the node executions' start times and task attempts. A bar that has
 * not ended runs to `now` (milliseconds since the epoch).
 */
export function timelineRows(
  closure: ExecutionClosure | null,
  nodeIds: readonly string[],
  nodes: ReadonlyMap<string, NodeExecution>,
  now: number,
  hrefOf: (nodeId: string) => string,
): TimelineRow[] {
  const created = millisOf(closure?.created_at);
  const started = millisOf(closure?.started_at);
  const duration = closure?.duration ? millisOf(closure.duration) : undefined;
  const rows: TimelineRow[] = [];
  const execution: TimelineBar[] = [];
  if (created !== undefined) {
    execution.push({ kind: 'queued', label: 'queued', start: created, end: started ?? now, open: !started });
  }
  if (started !== undefined) {
    const phase = closure?.phase ?? 'RUNNING';
    const end = duration === undefined ? now : started + duration;
    execution.push({ kind: phase, label: phase, start: started, end, open: duration === undefined });
  }
  rows.push({ id: 'execution', bars: execution });
  for (const nodeId of nodeIds) {
    const c = nodes.get(nodeId)?.closure;
    const bars: TimelineBar[] = [];
    const nodeStart = millisOf(c?.started_at);
    const attempts = c?.task_attempts ?? [];
    const firstAttempt = millisOf(attempts[0]?.started_at);
    if (c?.cache_status === 'CACHE_HIT' && nodeStart !== undefined) {
      const d = millisOf(c.duration);
      bars.push({
        kind: 'cache-hit',
        label: 'cache hit',
        start: nodeStart,
        end: d === undefined ? now : nodeStart + d,
        open: d === undefined,
      });
    } else if (nodeStart !== undefined && (firstAttempt === undefined || firstAttempt > nodeStart)) {
      bars.push({
        kind: 'queued',
        label: 'queued',
        start: nodeStart,
        end: firstAttempt ?? now,
        open: firstAttempt === undefined && !c?.duration,
      });
    }
    for (const a of attempts) {
      const start = millisOf(a.started_at);
      if (start === undefined) continue;
      const d = millisOf(a.duration);
      bars.push({
        kind: a.phase,
        label: `attempt ${a.attempt} ${a.phase}`,
        start,
        end: d === undefined ? now : start + d,
        open: d === undefined,
      });
    }
    rows.push({ id: nodeId, href: hrefOf(nodeId), bars });
  }
  return rows;
}

interface DrawnRow {
  id: string;
  href?: string;
  y: number;
  text: string;
  bars: { kind: string; x: number; width: number; title: string; fill: string }[];
}

/** Bar colours by kind (SVG presentation attributes: the console's CSP allows no inline style). */
const FILL: Record<string, string> = {
  queued: '#d6d6d6',
  'cache-hit': '#a7d8f0',
  RUNNING: '#6b9cf0',
  SUCCEEDED: '#4fb06d',
  FAILED: '#d9534f',
  TIMED_OUT: '#d9534f',
  ABORTED: '#e0b84a',
};

const timelineTemplate = htmlTemplate<{
  height: number;
  width: number;
  labelWidth: number;
  rowHeight: number;
  axisHeight: number;
  ticks: { x: number; text: string }[];
  rows: DrawnRow[];
}>(
  'console/timeline',
  `<svg class="timeline" role="list" aria-label="Timeline" viewBox="0 0 <%= it.width %> <%= it.height %>" width="<%= it.width %>" height="<%= it.height %>" xmlns="http://www.w3.org/2000/svg">
<% for (const t of it.ticks) { %><line class="tick" stroke="#e3e3e3" x1="<%= t.x %>" x2="<%= t.x %>" y1="<%= it.axisHeight - 6 %>" y2="<%= it.height %>"></line><text class="axis" x="<%= t.x %>" y="<%= it.axisHeight - 10 %>" text-anchor="middle"><%= t.text %></text>
<% } %>
<% for (const r of it.rows) { %><g role="listitem" aria-label="<%= r.text %>" data-timeline="<%= r.id %>">
<% if (r.href) { %><a href="<%= r.href %>"><text class="label" x="4" y="<%= r.y + it.rowHeight - 7 %>"><%= r.id %></text></a><% } else { %><text class="label execution" x="4" y="<%= r.y + it.rowHeight - 7 %>"><%= r.id %></text><% } %>
<% for (const b of r.bars) { %><rect class="bar <%= b.kind %>" fill="<%= b.fill %>" x="<%= b.x %>" y="<%= r.y + 3 %>" width="<%= b.width %>" height="<%= it.rowHeight - 6 %>"><title><%= b.title %></title></rect>
<% } %></g>
<% } %></svg>`,
);

/**
 * The timeline as SVG markup: a time axis in seconds from the first bar's start, and one labelled
 * row per {@link TimelineRow}; each row is a list item whose accessible name says its bars and their
 * durations (`n0: queued 0.10s, attempt 1 FAILED 0.52s, attempt 2 SUCCEEDED 0.31s`).
 */
export function renderTimeline(rows: readonly TimelineRow[]): Html {
  const all = rows.flatMap((r) => r.bars);
  const t0 = all.length ? Math.min(...all.map((b) => b.start)) : 0;
  const t1 = all.length ? Math.max(...all.map((b) => b.end)) : 0;
  const span = Math.max(t1 - t0, 1);
  const xOf = (t: number) => Math.round((LABEL_WIDTH + ((t - t0) / span) * PLOT_WIDTH) * 10) / 10;
  const drawn = rows.map((r, i): DrawnRow => {
    const parts = r.bars.map((b) => `${b.label} ${seconds(b.end - b.start)}${b.open ? ' so far' : ''}`);
    return {
      id: r.id,
      href: r.href,
      y: AXIS_HEIGHT + i * ROW_HEIGHT,
      text: `${r.id}: ${parts.length ? parts.join(', ') : 'not started'}`,
      bars: r.bars.map((b, j) => ({
        kind: b.kind,
        x: xOf(b.start),
        width: Math.max(2, Math.round((xOf(b.end) - xOf(b.start)) * 10) / 10),
        title: parts[j] ?? '',
        fill: FILL[b.kind] ?? '#9aa5b1',
      })),
    };
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => ({
    x: Math.round(LABEL_WIDTH + f * PLOT_WIDTH),
    text: seconds(f * span),
  }));
  return timelineTemplate({
    height: AXIS_HEIGHT + rows.length * ROW_HEIGHT + 4,
    width: LABEL_WIDTH + PLOT_WIDTH + 20,
    labelWidth: LABEL_WIDTH,
    rowHeight: ROW_HEIGHT,
    axisHeight: AXIS_HEIGHT,
    ticks,
    rows: drawn,
  });
}
