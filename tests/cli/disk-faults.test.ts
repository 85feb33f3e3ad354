/**
 * A data directory that cannot be written, or a disk that fills up, is one line on stderr naming the path and the
 * cause, with its own exit code (73, 74), and the chain on disk stays whole (`node verify`). The file systems are
 * real: a tmpfs mounted read-only, or with a few hundred KiB, in a private mount namespace (private-mount.ts).
 */
import { describe, expect, it } from 'vitest';
import { inPrivateMounts, mountPoint } from './private-mount';

const FREE_PORTS = '--port 0 --public-port 0';

/** The script's own markers (`rc=N`) and the command's stderr, split. */
function exitCodes(stdout: string): number[] {
  return [...stdout.matchAll(/^rc=(\d+)$/gm)].map((match) => Number(match[1]));
}

describe('votary with a read-only data directory', () => {
  it('node, node --follow and serve each say in one line which path cannot be written and why, exit 73', () => {
    const dir = mountPoint();
    const result = inPrivateMounts(`
      mount -t tmpfs -o ro,size=1m tmpfs ${dir}
      for args in "node --data-dir ${dir} ${FREE_PORTS}" \\
                  "node --data-dir ${dir}/sub/dir ${FREE_PORTS}" \\
                  "node --follow http://127.0.0.1:9/api --data-dir ${dir} ${FREE_PORTS}" \\
                  "serve --data-dir ${dir} --port 0"; do
        set +e; timeout 30 "$NODE" "$VOTARY" $args 2>>"${dir}.err"; echo "rc=$?"; set -e
      done
      cat "${dir}.err" >&2
    `);
    expect(exitCodes(result.stdout)).toEqual([73, 73, 73, 73]);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toEqual([
      `votary: cannot write to ${dir}: the file system is read-only (EROFS)`,
      `votary: cannot write to ${dir}/sub: the file system is read-only (EROFS)`,
      `votary: cannot write to ${dir}: the file system is read-only (EROFS)`,
      `votary: cannot write to ${dir}: the file system is read-only (EROFS)`,
    ]);
    // Nothing else reached stdout: no ready line, no stack.
    expect(result.stdout.replace(/^rc=\d+\n/gm, '')).toBe('');
  });
});

describe('votary node on a disk that fills up', () => {
  it('stops forging with one line naming the path and the cause, exit 74, and the chain kept verifies', () => {
    const dir = mountPoint();
    const result = inPrivateMounts(
      `
      mount -t tmpfs -o size=1100k tmpfs ${dir}
      set +e; timeout 60 "$NODE" "$VOTARY" node --data-dir ${dir} --block-time 1 ${FREE_PORTS}; echo "rc=$?"; set -e
      mount -o remount,size=32m ${dir}
      "$NODE" "$VOTARY" node verify --data-dir ${dir}
    `,
      120_000,
    );
    expect(exitCodes(result.stdout)).toEqual([74]);
    const stderr = result.stderr.trimEnd().split('\n');
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toMatch(
      new RegExp(
        `^votary: the disk holding ${dir} is full \\(SQLITE_FULL\\): free some space and start again; ` +
          'the chain stays at height \\d+$',
      ),
    );
    const verify = JSON.parse(result.stdout.slice(result.stdout.indexOf('{'))) as {
      verified: boolean;
      height: number;
    };
    expect(verify.verified).toBe(true);
    expect(stderr[0]).toContain(`the chain stays at height ${verify.height}`);
  });

  it('a disk too full to create the chain is the same line at start, exit 74', () => {
    const dir = mountPoint();
    const result = inPrivateMounts(`
      mount -t tmpfs -o size=600k tmpfs ${dir}
      set +e; timeout 60 "$NODE" "$VOTARY" node --data-dir ${dir} ${FREE_PORTS}; echo "rc=$?"
    `);
    expect(exitCodes(result.stdout)).toEqual([74]);
    expect(result.stderr).toBe(
      `votary: the disk holding ${dir} is full (SQLITE_FULL): free some space and start again\n`,
    );
  });
});
