import type { Request } from 'express';
import { NEWEST_FIRST, type Repository } from '../db/repository.js';
import { notFound } from '../errors.js';
import { DOMAINS } from '../services/admin.js';
import { type EntityKind, layout, paths, trail } from './console-views.js';
import { type Html, htmlTemplate } from './html.js';

// The console's index pages: every prefix of an execution's URL
// (`/console/projects/<p>/domains/<d>/executions/<name>`) is a page listing its children as links.
// Every value goes through the template engine's escaping (html.ts).

/** A link of an index page: where it goes, its text, and an optional note beside it. */
interface Link {
  href: string;
  text: string;
  note?: string;
}

/** Names listed per kind on a domain page; the executions list and the search pages go further. */
const MAX_NAMES = 200;

const indexBody = htmlTemplate<{
  heading: string;
  intro?: string;
  sections: { heading: string; links: Link[]; empty: string; more?: string; caption?: string }[];
}>(
  'console/index',
  `<h1><%= it.heading %></h1>
<% if (it.intro) { %><p><%= it.intro %></p><% } %>
<% for (const s of it.sections) { %>
<h2><%= s.heading %></h2>
<% if (s.links.length && s.caption) { %><div class="scroll"><table><caption><%= s.caption %></caption><thead><tr><th scope="col">name</th></tr></thead><tbody>
<% for (const l of s.links) { %><tr><td><a href="<%= l.href %>"><%= l.text %></a></td></tr>
<% } %></tbody></table></div><% } else if (s.links.length) { %><ul>
<% for (const l of s.links) { %><li><a href="<%= l.href %>"><%= l.text %></a><% if (l.note) { %> (<%= l.note %>)<% } %></li>
<% } %></ul><% } else { %><p><%= s.empty %></p><% } %>
<% if (s.more) { %><p><%= s.more %></p><% } %>
<% } %>`,
);

/** `/console/projects`: the newest projects, each linking to its page (with its display name beside). */
export function projectIndexPage(projects: readonly { id: string; name: string }[], more = false): Html {
  const links = projects.map((p) => ({
    href: paths.project(p.id),
    text: p.id,
    note: p.name && p.name !== p.id ? p.name : undefined,
  }));
  return layout({
    title: 'Projects',
    crumbs: trail(),
    body: indexBody({
      heading: 'Projects',
      sections: [
        {
          heading: 'Projects',
          links,
          empty: 'No projects yet.',
          more: more ? `Only the newest ${MAX_NAMES} projects are listed.` : undefined,
        },
      ],
    }),
  });
}

/** `/console/projects/<p>/domains`: the project's domains, each linking to its page. */
export function domainIndexPage(project: string): Html {
  const links = DOMAINS.map((domain) => ({ href: paths.domain(project, domain), text: domain }));
  return layout({
    title: `Domains of ${project}`,
    crumbs: trail(project),
    body: indexBody({
      heading: `Domains of project ${project}`,
      sections: [{ heading: 'Domains', links, empty: '' }],
    }),
  });
}

/** What a domain page lists: the names of the workflows, launch plans and tasks registered in it. */
export interface DomainContents {
  workflows: readonly string[];
  launchPlans: readonly string[];
  tasks: readonly string[];
  /** Whether there are more names of a kind than listed. */
  moreWorkflows: boolean;
  moreLaunchPlans: boolean;
  moreTasks: boolean;
}

/**
 * `/console/projects/<p>/domains/<d>`: a link to the domain's executions list, and the names of its
 * workflows, launch plans and tasks (each a table with its caption), each linking to its page.
 */
export function domainPage(project: string, domain: string, contents: DomainContents): Html {
  const entityLinks = (kind: EntityKind, names: readonly string[]) =>
    names.map((name) => ({
      href: `${paths.domain(project, domain)}/${kind}/${encodeURIComponent(name)}`,
      text: name,
    }));
  const more = (flag: boolean) => (flag ? `Only the first ${MAX_NAMES} names are listed.` : undefined);
  return layout({
    title: `Domain ${domain} of ${project}`,
    crumbs: trail(project, domain),
    body: indexBody({
      heading: `Domain ${domain} of project ${project}`,
      sections: [
        {
          heading: 'Executions',
          links: [{ href: paths.executions(project, domain), text: 'Executions', note: 'with filters' }],
          empty: '',
        },
        {
          heading: 'Workflows',
          links: entityLinks('workflows', contents.workflows),
          empty: 'No workflows registered.',
          more: more(contents.moreWorkflows),
          caption: `Workflows of ${domain}`,
        },
        {
          heading: 'Launch plans',
          links: entityLinks('launch_plans', contents.launchPlans),
          empty: 'No launch plans registered.',
          more: more(contents.moreLaunchPlans),
          caption: `Launch plans of ${domain}`,
        },
        {
          heading: 'Tasks',
          links: entityLinks('tasks', contents.tasks),
          empty: 'No tasks registered.',
          more: more(contents.moreTasks),
          caption: `Tasks of ${domain}`,
        },
      ],
    }),
  });
}

/**
 * Adds the index pages through `page` (the console's page route: 404 for a ServiceError NOT_FOUND):
 * `/console/projects`, `/console/projects/<p>/domains` and `/console/projects/<p>/domains/<d>`.
 * A project that does not exist, or a domain not among {@link DOMAINS}, is not found.
 */
export function addIndexPages(
  page: (path: string, render: (req: Request) => Promise<Html>) => void,
  repo: Repository,
): void {
  const projectOf = async (req: Request) => {
    const project = String(req.params.project);
    if (!(await repo.getProject(project))) throw notFound(`project ${project} does not exist`);
    return project;
  };
  page('/console/projects', async () => {
    const { rows, token } = await repo.listProjects({ limit: MAX_NAMES, token: '' }, { sort: NEWEST_FIRST });
    return projectIndexPage(rows, token !== '');
  });
  page('/console/projects/:project/domains', async (req) => domainIndexPage(await projectOf(req)));
  page('/console/projects/:project/domains/:domain', async (req) => {
    const project = await projectOf(req);
    const domain = String(req.params.domain);
    if (!DOMAINS.includes(domain))
      throw notFound(`domain ${domain} does not exist (domains: ${DOMAINS.join(', ')})`);
    const scope = { project, domain };
    const page1 = { limit: MAX_NAMES, token: '' };
    const workflows = await repo.listEntityNames('workflows', scope, page1);
    const plans = await repo.listEntityNames('launch_plans', scope, page1);
    const tasks = await repo.listEntityNames('tasks', scope, page1);
    return domainPage(project, domain, {
      workflows: workflows.names,
      launchPlans: plans.names,
      tasks: tasks.names,
      moreWorkflows: workflows.token !== '',
      moreLaunchPlans: plans.token !== '',
      moreTasks: tasks.token !== '',
    });
  });
}
