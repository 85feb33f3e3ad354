/**
 * `npm run lint:electron`: Doyensec's Electronegativity over src/ (docs/design/security.md "Electronegativity"),
 * for the Electron version the app is built with. Every finding fails the check unless it is one of the reviewed
 * findings below, matched exactly (check, file and the code it points at, so an edit there asks for a new review);
 * a reviewed finding the tool no longer reports fails too, so this list only holds what is still there.
 *
 * The run is offline: the tool's newest-Electron-release check is left out (the version is the one installed),
 * and its translations download is answered "unavailable" (it then uses the English texts it ships).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);

/** Reviewed findings; each is justified in docs/design/security.md "Electronegativity". */
const REVIEWED = [
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'renderer/index.html',
    sample:
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; manifest-src 'self'",
  },
  {
    id: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'main/links/ark-links.ts',
    sample: 'app.setAsDefaultProtocolClient(SCHEME, ...args);',
  },
  {
    id: 'PRELOAD_JS_CHECK',
    file: 'main/windows/create-window.ts',
    sample: "preload: join(import.meta.dirname, '../preload/index.cjs'),",
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/windows/create-window.ts',
    sample: 'if (external !== undefined) void shell.openExternal(external);',
  },
];

const toolDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));
const got = createRequire(`${toolDir}/`).resolve('got');
require.cache[got] = {
  id: got,
  filename: got,
  loaded: true,
  exports: () => Promise.reject(new Error('offline')),
};
const run = require('@doyensec/electronegativity');
const electronVersion = require('electron/package.json').version;

const quiet = console.log;
console.log = () => {}; // the translations line
const { issues, errors } = await run({
  input: 'src',
  isRelative: true,
  electronVersionOverride: electronVersion,
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
});
console.log = quiet;

const key = (finding) => `${finding.id} ${finding.file} ${finding.sample}`;
const reviewed = new Set(REVIEWED.map(key));
const found = new Set(issues.map(key));
const problems = [
  ...errors.filter((error) => !error.tolerable).map((error) => `cannot read ${error.file}: ${error.message}`),
  ...issues
    .filter((issue) => !reviewed.has(key(issue)))
    .map(
      (issue) =>
        `${issue.severity.name} ${issue.id} src/${issue.file}:${issue.location.line} ${issue.sample ?? ''}\n  ${issue.description}`,
    ),
  ...REVIEWED.filter((entry) => !found.has(key(entry))).map(
    (entry) =>
      `reviewed finding no longer reported (remove it here and in docs/design/security.md): ${key(entry)}`,
  ),
];
if (problems.length > 0) {
  console.error(`lint:electron (Electronegativity, Electron ${electronVersion}):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(
  `lint:electron: Electronegativity over src for Electron ${electronVersion}: ${issues.length} findings, all reviewed`,
);
