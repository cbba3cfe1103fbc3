import { AsyncLocalStorage } from 'node:async_hooks';
import type { Identity } from '../auth/authenticate.js';
import { type Html, htmlTemplate } from './html.js';

// Who the console's pages are shown to: the console's gate admits a request, then renders the rest
// of it inside `withViewer`, so that the layout's header can say who is signed in without every
// page's data carrying it.

/** Where the console's sign-out form posts. */
export const SIGN_OUT_PATH = '/console/sign-out';
/** The page a browser lands on once signed out. */
export const SIGNED_OUT_PATH = '/console/signed-out';

/**
 * Who a console page is shown to, as its header says: a person signed in through the OpenID login
 * (with the cross-site token the sign-out form carries), a caller with an access token, a browser on
 * this machine let in by the loopback bypass (the sandbox), or nobody in particular (authentication
 * off, or a page shown before authentication).
 */
export type ConsoleViewer =
  | { kind: 'person'; name: string; csrf: string }
  | { kind: 'token'; subject: string; role: string }
  | { kind: 'sandbox' }
  | { kind: 'none' };

const store = new AsyncLocalStorage<{ viewer: ConsoleViewer; admin: boolean }>();

/**
 * The viewer of an admitted request, from the identity the guard gave: `cookie` a person (named by
 * their name, else e-mail, else subject), `bearer` a token's subject, `localhost` the sandbox.
 * `csrf` is the console's cross-site request token (needed only for a person's sign-out form).
 */
export function viewerOf(identity: Identity | undefined, csrf: () => string): ConsoleViewer {
  switch (identity?.method) {
    case 'cookie':
      return { kind: 'person', name: identity.name || identity.email || identity.subject, csrf: csrf() };
    case 'bearer':
      return { kind: 'token', subject: identity.subject, role: identity.role };
    case 'localhost':
      return { kind: 'sandbox' };
    default:
      return { kind: 'none' };
  }
}

/**
 * Runs `next` (the rest of the request's handling) with `viewer` as the pages' viewer; `admin` says
 * whether the header links to the admin-only pages (secrets' names, API keys).
 */
export function withViewer(viewer: ConsoleViewer, admin: boolean, next: () => void): void {
  store.run({ viewer, admin }, next);
}

/** Whether the page being rendered is shown to an admin (false outside {@link withViewer}). */
export function viewerIsAdmin(): boolean {
  return store.getStore()?.admin ?? false;
}

const viewerBlock = htmlTemplate<{ viewer: ConsoleViewer; signOut: string }>(
  'console/viewer',
  `<% const v = it.viewer; %>
<% if (v.kind === 'person') { %><div class="who"><span>Signed in as <strong><%= v.name %></strong></span>
<form method="post" action="<%= it.signOut %>" class="sign-out"><input type="hidden" name="csrf" value="<%= v.csrf %>"><button type="submit">Sign out</button></form></div>
<% } else if (v.kind === 'token') { %><p class="who">Signed in with an access token as <strong><%= v.subject %></strong> (<%= v.role %>)</p>
<% } else if (v.kind === 'sandbox') { %><p class="who">This machine is let in without signing in (sandbox: loopback access)</p>
<% } %>`,
);

/** The header's part saying who is signed in (with the sign-out form for a person), for the layout. */
export function currentViewerBlock(): Html {
  return viewerBlock({ viewer: store.getStore()?.viewer ?? { kind: 'none' }, signOut: SIGN_OUT_PATH });
}
