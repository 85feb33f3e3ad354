/** `--api-port` and `--api-secondary-port` among a process's arguments (src/shared/lib/api-ports.ts). */
import { describe, expect, it } from 'vitest';
import { apiPortsFromArgs } from '../../../src/shared/lib/api-ports';

describe('the API port options', () => {
  it('reads both forms and leaves every other argument alone', () => {
    expect(
      apiPortsFromArgs(['/app', '--port', '4300', '--api-port', '5003', '--api-secondary-port=5004']),
    ).toEqual({
      publicPort: 5003,
      port: 5004,
    });
    expect(apiPortsFromArgs(['/app', '--no-sandbox'])).toEqual({});
  });

  it('refuses a value that is not a port, a missing value and two equal ports, in one sentence', () => {
    expect(() => apiPortsFromArgs(['--api-port', '70000'])).toThrow(
      '--api-port must be a port 1..65535, got "70000"',
    );
    expect(() => apiPortsFromArgs(['--api-secondary-port'])).toThrow(/--api-secondary-port must be a port/);
    expect(() => apiPortsFromArgs(['--api-port=0'])).toThrow(/got "0"/);
    expect(() => apiPortsFromArgs(['--api-port', '5000', '--api-secondary-port', '5000'])).toThrow(
      '--api-port and --api-secondary-port must differ (both 5000)',
    );
  });
});
