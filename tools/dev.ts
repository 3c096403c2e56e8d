// npm run dev: `astro dev` (site with hot reload on :4321) and the API in watch mode on API_PORT
// (:4322); Vite proxies /api and /uploads to it, so the browser sees one origin.
import { spawn, type ChildProcess } from 'node:child_process';
import { defaultSiteUrl } from '../commerce-api/src/contracts/site-url.ts';

const apiPort = process.env.API_PORT ?? '4322';
const children: ChildProcess[] = [];
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' };

function run(command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGINT');
    process.exitCode = code ?? 0;
  });
  children.push(child);
}

// The API's log pretty-printed for the terminal; npm start writes JSON lines (decision 0116).
// The browser opens astro dev's port, not the API's: links the API makes (mails, payout onboarding) go there.
const siteUrl = process.env.PUBLIC_SITE_URL || defaultSiteUrl(4321);
run(process.execPath, ['--watch-path=commerce-api/src', 'commerce-api/src/server.ts'], {
  PORT: apiPort,
  PUBLIC_SITE_URL: siteUrl,
  LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
});
run('npx', ['astro', 'dev'], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => children.forEach((child) => child.kill(signal)));
}
