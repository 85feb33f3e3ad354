import { buildCli } from '../scripts/build-cli.mjs';

/** CLI and worker-pool tests run the bundles in dist/, built once per test run. */
export default async function setup(): Promise<void> {
  await buildCli();
}
