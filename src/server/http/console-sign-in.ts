import type { Request, Response, Router } from 'express';
import type { OwnNames } from '../auth/own-names.js';
import { httpStatusOf } from '../errors.js';
import type { Logger } from '../logger.js';
import {
  ActionRefused,
  actionStatus,
  checkSameSite,
  formBody,
  formErrors,
  isShownError,
} from './console-actions.js';
import { SIGN_OUT_PATH, SIGNED_OUT_PATH } from './console-viewer.js';
import { layout, refusedPage, trail } from './console-views.js';
import { type Html, htmlTemplate } from './html.js';

// Signing in and out of the console: the page a browser without credentials gets (401), the sign-out
// action and the page after it. Every value goes through the template engine's escaping (html.ts).

const signInBody = htmlTemplate<{ target: string; loginHref?: string; reason: string }>(
  'console/sign-in',
  `<h1>Sign in to the orch console</h1>
<p>This page needs you to be signed in: <a href="<%= it.target %>"><%= it.target %></a></p>
<% if (it.loginHref) { %><p><a class="sign-in" href="<%= it.loginHref %>">Sign in</a></p>
<p>Once signed in you come back to the page you asked for.</p>
<% } else { %><p>This server has no browser sign-in configured. Open the console on the machine the server runs on
(the sandbox lets that machine in), or use an access token with the command-line tools.</p>
<% } %>
<h2>Why</h2><p><%= it.reason %></p>`,
);

/**
 * The page a browser without credentials gets for a console page (sent with status 401): a
 * "Sign in" link to `loginHref` (which returns to `target`) when person login is configured, else
 * how to get in; and the authenticator's reason.
 */
export function signInPage(target: string, reason: string, loginHref?: string): Html {
  return layout({ title: 'Sign in', body: signInBody({ target, loginHref, reason }) });
}

const signedOutBody = htmlTemplate<{ loginHref?: string }>(
  'console/signed-out',
  `<h1>Signed out</h1><p>You are signed out of the orch console on this browser.</p>
<% if (it.loginHref) { %><p><a class="sign-in" href="<%= it.loginHref %>">Sign in again</a></p><% } %>`,
);

/** What the sign-out routes need. */
export interface SignOutDeps {
  /** Removes the session cookie; undefined when the server has no person login. */
  signOut?: (res: Response) => void;
  loginUrl?: (target: string) => string;
  ownNames?: OwnNames;
  logger: Logger;
  /** Sets the console's security headers on an answer. */
  headers: (res: Response) => void;
}

/**
 * `POST /console/sign-out` (the header's "Sign out" button): checked against cross-site requests
 * like every console action (foreign Origin, Host or Sec-Fetch-Site, and the form's token against
 * its cookie: {@link checkSameSite}), then the session cookie is removed and the browser sent (303)
 * to `GET /console/signed-out`. Both are served before the console's gate: a browser signing out
 * needs no credentials. Refusals answer 403 (400 for a malformed form, 404 without person login).
 */
export function addSignOut(router: Router, deps: SignOutDeps): void {
  router.get(SIGNED_OUT_PATH, (_req: Request, res: Response) => {
    deps.headers(res);
    res.type('html').send(
      layout({
        title: 'Signed out',
        body: signedOutBody({ loginHref: deps.loginUrl?.('/console') }),
        crumbs: trail().slice(0, 1),
      }).markup,
    );
  });
  router.post(SIGN_OUT_PATH, formBody, (req: Request, res: Response) => {
    deps.headers(res);
    try {
      checkSameSite(req, deps.ownNames);
      if (!deps.signOut) throw new ActionRefused(404, 'this server has no person sign-in to end');
      deps.signOut(res);
      res.redirect(303, SIGNED_OUT_PATH);
    } catch (error) {
      const status = actionStatus(error, httpStatusOf);
      if (status === 500) deps.logger.error('console sign-out failed', { error: String(error) });
      const message = isShownError(error) ? error.message : 'internal error';
      res
        .status(status)
        .type('html')
        .send(refusedPage('Could not sign out', message, '/console').markup);
    }
  });
  router.use(
    SIGN_OUT_PATH,
    formErrors(
      (status, message) => refusedPage(status === 413 ? 'Form too large' : 'Bad form', message).markup,
    ),
  );
}
