// /studio when there is no Studio to serve (decision 0120): without a Sanity project a built Studio can
// only say it cannot reach Sanity, so the server answers with this page instead, saying what an editor
// needs. Plain HTML with its own small style in the site's colours (site/styles/tokens.css), allowed by
// hash in the page's CSP like the site's pages (decision 0007); no script.
import { createHash } from 'node:crypto';
import type { StudioSettings } from '#content/settings.ts';

export interface StudioHelp {
  /** the project the Studio would edit ('' when none is configured) */
  studio: StudioSettings;
  /** the site's own address (PUBLIC_SITE_URL, else http://localhost:{PORT}): the CORS origin to add */
  siteUrl: string;
  /** a Studio for the configured project exists but was not built for it (or not at all) */
  reason: 'no-project' | 'not-built';
}

const STYLE = `
:root{color-scheme:light;--ink:#2b211b;--prose:#3d322a;--muted:#6b5a4e;--brand:#b8410e;--cream:#fdf6ee;--line:#eadfd3;--code:#f8ebdd}
*{box-sizing:border-box}
body{margin:0;background:var(--cream);color:var(--prose);font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
header{background:#fff;border-bottom:1px solid var(--line)}
.bar,main{max-width:46rem;margin:0 auto;padding:0 1.25rem}
.bar{display:flex;align-items:center;justify-content:space-between;gap:1rem;min-height:4rem}
.logo{display:inline-flex;align-items:center;gap:.5rem;color:var(--ink);font-weight:800;font-size:1.25rem;text-decoration:none}
.logo b{color:var(--brand);font-weight:inherit}
.bar a:not(.logo){color:var(--brand);font-weight:600}
main{padding-block:2.5rem 3rem}
.eyebrow{margin:0;color:var(--brand);font-size:.8rem;font-weight:700;letter-spacing:.08em;text-transform:uppercase}
h1{margin:.25rem 0 .75rem;color:var(--ink);font-size:clamp(1.6rem,5vw,2.2rem);line-height:1.2}
h2{margin:0 0 .5rem;color:var(--ink);font-size:1.15rem}
.lead{font-size:1.05rem}
ol{margin:1.5rem 0;padding:0;list-style:none;counter-reset:step}
li.step{position:relative;margin:0 0 1rem;padding:1.25rem 1.25rem 1.25rem 3.5rem;background:#fff;border:1px solid var(--line);border-radius:1rem;counter-increment:step}
li.step::before{content:counter(step);position:absolute;left:1.1rem;top:1.2rem;width:1.7rem;height:1.7rem;border-radius:50%;background:var(--brand);color:#fff;font-weight:700;font-size:.9rem;line-height:1.7rem;text-align:center}
p{margin:0 0 .6rem}
li.step p:last-child{margin-bottom:0}
code,pre{font:.85rem/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);border-radius:.4rem}
code{padding:.1rem .3rem;overflow-wrap:anywhere}
pre{margin:.5rem 0;padding:.75rem;overflow-x:auto;white-space:pre}
pre code{padding:0;background:none}
a{color:var(--brand)}
.note{padding:1rem 1.25rem;border-left:4px solid var(--brand);background:#fff;border-radius:.5rem}
.muted{color:var(--muted);font-size:.9rem}
@media (width < 480px){li.step{padding:1.1rem}li.step::before{position:static;display:block;margin-bottom:.5rem}}
`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
const CSP = `default-src 'none'; style-src ${STYLE_HASH}; img-src 'self'; base-uri 'none'; form-action 'none'`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function studioHelpPage({ studio, siteUrl, reason }: StudioHelp): string {
  const site = escape(siteUrl);
  const project = studio.projectId ? escape(studio.projectId) : '&lt;project id&gt;';
  const dataset = escape(studio.dataset);
  const status =
    reason === 'no-project'
      ? `<p class="lead">No Sanity project is set up for this site yet, so there is no Studio to open. Until there is one, the site shows the content kept in the repository (<code>content/production.ndjson</code>). To edit the pages here instead, an editor needs:</p>`
      : `<p class="lead">This server is set up for the Sanity project <code>${project}</code> (dataset <code>${dataset}</code>), but its Studio has not been built for it yet. Restart the server with <code>npm start</code>, which builds it, or run <code>npm run studio:build</code>. The whole setup, for reference:</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="content-security-policy" content="${CSP}">
<meta name="robots" content="noindex">
<title>Content Studio setup | PuppyNest</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header><div class="bar"><a class="logo" href="/"><img src="/favicon.svg" width="30" height="30" alt=""><span>Puppy<b>Nest</b></span></a><a href="/">Back to the site</a></div></header>
<main>
<p class="eyebrow">For editors</p>
<h1>Set up the content Studio</h1>
${status}
<ol>
<li class="step"><h2>A Sanity project and a dataset</h2>
<p>Create a free project at <a href="https://www.sanity.io/manage">sanity.io/manage</a> and a dataset in it (the site reads <code>production</code> unless told otherwise).</p></li>
<li class="step"><h2>Tell the server about it</h2>
<p>Set these in the server's environment; the site, the API and the Studio all read them:</p>
<pre><code>SANITY_PROJECT_ID=${project}
SANITY_DATASET=${dataset}</code></pre>
<p class="muted">For a Studio on another project than the site's, set <code>SANITY_STUDIO_PROJECT_ID</code> and <code>SANITY_STUDIO_DATASET</code>. A private dataset also needs <code>SANITY_API_READ_TOKEN</code>.</p></li>
<li class="step"><h2>Allow this site's address</h2>
<p>In the project's <strong>API → CORS origins</strong>, add <code>${site}</code> with <strong>Allow credentials</strong> ticked: the Studio runs at <code>${site}/studio</code> and signs in to Sanity from there.</p></li>
<li class="step"><h2>Import the content</h2>
<p>Load the pages, FAQ and pictures kept in the repository into the dataset, once:</p>
<pre><code>cd studio
npx sanity login
SANITY_STUDIO_PROJECT_ID=${project} \\
  npx sanity dataset import ../content/production.ndjson \\
  --dataset ${dataset} --replace</code></pre></li>
<li class="step"><h2>Rebuild the site when editors publish</h2>
<p>In the project's <strong>API → Webhooks</strong>, add a webhook: URL <code>${site}/api/hooks/sanity</code>, method POST, dataset <code>${dataset}</code>, triggered on create, update and delete, with a long random secret. Put the same secret in <code>SANITY_WEBHOOK_SECRET</code> and the rebuild command in <code>SITE_REBUILD_COMMAND</code> (README, "Publishing").</p></li>
<li class="step"><h2>Restart</h2>
<p><code>npm start</code> builds the Studio for the project and serves it here, at <code>/studio</code>.</p></li>
</ol>
<p class="note">The README's "For editors" section says the same, with more detail.</p>
</main>
</body>
</html>
`;
}
