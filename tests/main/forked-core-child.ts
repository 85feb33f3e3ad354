/**
 * The core's process of tests/main/forked-core.test.ts (bundled as dist/forked-core.mjs by scripts/build-cli.mjs):
 * the real core side of the bridge (serveCoreOverPort) over Node's child-process channel, serving a small core
 * whose requests echo, refuse with a typed error, tell the process id, or end the process mid-request (a crash).
 */
import { serveCoreOverPort, type ServedCore } from '../../src/core/services/app-core-process';
import { CodedError } from '../../src/shared/lib/coded-error';
import { processFrames } from './process-frames';

function open(options: unknown): Promise<ServedCore> {
  const refuse = (options as { refuse?: string } | undefined)?.refuse;
  if (refuse !== undefined) return Promise.reject(new CodedError(refuse, `refused to open: ${refuse}`));
  return Promise.resolve({
    handleRequest: (channel, payload) => {
      switch (channel) {
        case 'test:echo':
          return Promise.resolve({ ok: true, value: payload });
        case 'test:pid':
          return Promise.resolve({ ok: true, value: process.pid });
        case 'test:refuse':
          return Promise.resolve({
            ok: false,
            error: { code: 'ERR_INSUFFICIENT_FUNDS', message: 'Not enough.', details: { missing: '5' } },
          });
        case 'test:crash':
          return process.exit(7);
        default:
          return Promise.resolve({ ok: false, error: { code: 'ERR_UNKNOWN_CHANNEL', message: 'unknown' } });
      }
    },
    subscribe: (listener) => {
      const timer = setTimeout(
        () =>
          listener('monitor:alert', { level: 'info', code: 'OPENED', message: `pid ${process.pid}`, at: 1 }),
        0,
      );
      return () => clearTimeout(timer);
    },
    close: () => Promise.resolve(),
  });
}

serveCoreOverPort(processFrames(process), { open, exit: (code) => process.exit(code) });
process.on('disconnect', () => process.exit(0));
