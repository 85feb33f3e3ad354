/**
 * The renderer's list of host error codes (src/shared/ipc/error-codes.ts) is exactly the union of the codes each
 * core module declares beside itself: the type check below fails to compile when a module adds a code the list
 * lacks, or the list keeps one no module raises. And every module's error is a CodedError, which the host answers
 * with its own code.
 */
import { describe, expect, it } from 'vitest';
import type { ClientErrorCode } from '../../../src/core/client/errors';
import { ClientError } from '../../../src/core/client/errors';
import type { KeystoreErrorCode } from '../../../src/core/keystore/errors';
import type { LedgerErrorCode } from '../../../src/core/ledger/errors';
import { KeystoreError } from '../../../src/core/keystore/errors';
import type { MonitorErrorCode } from '../../../src/core/monitor/errors';
import type { BlockRejectionCode } from '../../../src/core/node/block-store/errors';
import { BlockRejectedError } from '../../../src/core/node/block-store/errors';
import type { LocalnetErrorCode } from '../../../src/core/node/controls/errors';
import { LocalnetError } from '../../../src/core/node/controls/errors';
import { ApplyError } from '../../../src/core/node/transaction-handlers/errors';
import type { PoolErrorCode } from '../../../src/core/node/transaction-pool/errors';
import { PoolError } from '../../../src/core/node/transaction-pool/errors';
import type { ProtocolErrorCode } from '../../../src/core/protocol/errors';
import { ProtocolError } from '../../../src/core/protocol/errors';
import { ServiceError, toIpcError, type ServiceErrorCode } from '../../../src/core/services/service-error';
import { MonitorError } from '../../../src/core/monitor/errors';
import { HOST_ERROR_CODES, isHostErrorCode, type HostErrorCode } from '../../../src/shared/ipc/error-codes';
import type { BRIDGE_ERROR_CODES } from '../../../src/shared/ipc/errors';

type ModuleCodes =
  | ProtocolErrorCode
  | KeystoreErrorCode
  | LedgerErrorCode
  | ClientErrorCode
  | PoolErrorCode
  | BlockRejectionCode
  | MonitorErrorCode
  | LocalnetErrorCode
  | ServiceErrorCode
  | ApplyError['code']
  | (typeof BRIDGE_ERROR_CODES)[keyof typeof BRIDGE_ERROR_CODES];

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameCodes: Equal<ModuleCodes, HostErrorCode> = true;

describe('host error codes', () => {
  it('lists each module code once', () => {
    expect(sameCodes).toBe(true);
    expect(new Set(HOST_ERROR_CODES).size).toBe(HOST_ERROR_CODES.length);
    expect(isHostErrorCode('ERR_LOCKED')).toBe(true);
    expect(isHostErrorCode('ERR_NOT_A_CODE')).toBe(false);
  });

  it('answers every module error with its own code, and anything else as an internal error', () => {
    const errors = [
      new ProtocolError('ERR_SCHEMA', 'data.amount is wrong'),
      new KeystoreError('ERR_LOCKED', 'locked'),
      new ClientError('ERR_HTTP_4XX', 'Wallet not found', { url: 'http://n', status: 404 }),
      new PoolError('ERR_DUPLICATE', 'already in the pool'),
      new BlockRejectedError('ERR_BLOCK_SIGNATURE', 'bad signature'),
      new ApplyError('insufficient balance'),
      new MonitorError('ERR_MONITOR_IDLE', 'idle'),
      new LocalnetError('ERR_LOCALNET_BUSY', 'busy'),
      new ServiceError('ERR_NOT_FOUND', 'nothing', { what: 'block' }),
    ];
    const defects: unknown[] = [];
    for (const error of errors) {
      const answer = toIpcError(error, (defect) => defects.push(defect));
      expect(answer.code).toBe(error.code);
      expect(answer.message).toBe(error.message);
      expect(isHostErrorCode(answer.code)).toBe(true);
    }
    expect(toIpcError(errors[2]).details).toEqual({ url: 'http://n', status: 404 });
    expect(toIpcError(errors[8]).details).toEqual({ what: 'block' });
    expect(defects).toEqual([]);
    expect(toIpcError(new TypeError('x is undefined'), (defect) => defects.push(defect)).code).toBe(
      'ERR_INTERNAL',
    );
    expect(defects).toHaveLength(1);
  });
});
