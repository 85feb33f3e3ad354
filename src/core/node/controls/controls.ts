/**
 * Localnet controls (docs/design/node.md "Localnet controls"): pause and resume forging, take delegates offline
 * and back (their slots are then missed, which the monitor's alerts report), reset to genesis, snapshots and
 * rollbacks, and the faucet (faucet.ts). They act on a node this process forges; the services offer them only while
 * that node's network is the active one.
 *
 * The paused flag and the offline delegates are kept in the chain database's `meta` table, so they survive a
 * restart: `restoreForgingControls` applies them right after the node starts, before its first slot.
 */
import { nodeParts } from '../parts';
import { MetaRepository } from '../../db/repositories';
import type { LocalNode } from '../node';
import { isValidPublicKey } from '../../protocol/crypto';
import { milestoneAt } from '../../protocol/networks';
import { roundInfo } from '../../protocol/rounds';
import type {
  LocalnetSnapshotView,
  LocalnetStatus,
  RollbackRequest,
  RollbackResult,
} from '../../../shared/domain/localnet';
import { LocalnetError } from './errors';
import { fundFromFaucet, type FaucetTransfer } from './faucet';
import { LocalnetSnapshots, type SnapshotInfo } from './snapshots';

const META_PAUSED = 'localnet.forging.paused';
const META_OFFLINE = 'localnet.forging.offline';

/** The persisted forging controls of a chain database. */
class ForgingSettings {
  private readonly meta: MetaRepository;

  constructor(node: LocalNode) {
    this.meta = new MetaRepository(nodeParts(node).store.db);
  }

  get paused(): boolean {
    return this.meta.get(META_PAUSED) === 'true';
  }

  set paused(value: boolean) {
    this.meta.set(META_PAUSED, String(value));
  }

  get offline(): string[] {
    const text = this.meta.get(META_OFFLINE);
    if (text === undefined) return [];
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === 'string') : [];
  }

  set offline(publicKeys: string[]) {
    this.meta.set(META_OFFLINE, JSON.stringify([...new Set(publicKeys)].sort()));
  }
}

/** Applies the persisted pause and offline delegates to a freshly started node (before its first slot fires). */
export function restoreForgingControls(node: LocalNode): void {
  const settings = new ForgingSettings(node);
  if (settings.paused) nodeParts(node).forger.pause();
  for (const publicKey of settings.offline) nodeParts(node).forger.setOffline(publicKey, true);
}

/** What the app may do to a chain it forges itself. */
export interface LocalnetControls {
  status(): LocalnetStatus;
  pause(): LocalnetStatus;
  resume(): LocalnetStatus;
  setOffline(delegates: readonly string[], offline: boolean): LocalnetStatus;
  reset(): Promise<RollbackResult>;
  saveSnapshot(name: string): LocalnetSnapshotView;
  listSnapshots(): LocalnetSnapshotView[];
  deleteSnapshot(name: string): void;
  rollback(request: RollbackRequest): Promise<RollbackResult>;
  /** Test tokens from the faucet wallet, straight into the node's pool. */
  fund(address: string, amountText?: string): FaucetTransfer;
}

export interface LocalnetControlsDeps {
  node: LocalNode;
  now: () => number;
}

export class NodeLocalnetControls implements LocalnetControls {
  private readonly settings: ForgingSettings;
  private readonly snapshots: LocalnetSnapshots;

  constructor(private readonly deps: LocalnetControlsDeps) {
    this.settings = new ForgingSettings(deps.node);
    this.snapshots = new LocalnetSnapshots(deps.node);
  }

  status(): LocalnetStatus {
    const { node } = this.deps;
    const tip = nodeParts(node).store.lastBlock();
    const next = tip.height + 1;
    const state = nodeParts(node).store.state();
    const round = roundInfo(next, node.network).round;
    return {
      forging: nodeParts(node).forger.paused ? 'paused' : 'running',
      blockTime: milestoneAt(node.network, next).blocktime,
      height: tip.height,
      lastBlockId: tip.id ?? '',
      delegates: nodeParts(node)
        .store.roundDelegates(round)
        .map((publicKey, slot) => ({
          username: state.walletByPublicKey(publicKey).delegate?.username ?? publicKey,
          publicKey,
          slot,
          offline: nodeParts(node).forger.isOffline(publicKey),
        })),
      snapshots: this.snapshots.list().map(snapshotView),
    };
  }

  pause(): LocalnetStatus {
    this.assertIdle();
    nodeParts(this.deps.node).forger.pause();
    this.settings.paused = true;
    return this.status();
  }

  resume(): LocalnetStatus {
    this.assertIdle();
    nodeParts(this.deps.node).forger.resume();
    this.settings.paused = false;
    return this.status();
  }

  /** Every name is resolved before anything changes: one unknown delegate changes nothing. */
  setOffline(delegates: readonly string[], offline: boolean): LocalnetStatus {
    this.assertIdle();
    const { forger } = nodeParts(this.deps.node);
    const publicKeys = delegates.map((ref) => this.resolveDelegate(ref));
    for (const publicKey of publicKeys) forger.setOffline(publicKey, offline);
    const current = new Set(this.settings.offline);
    for (const publicKey of publicKeys) {
      if (offline) current.add(publicKey);
      else current.delete(publicKey);
    }
    this.settings.offline = [...current];
    return this.status();
  }

  reset(): Promise<RollbackResult> {
    return this.snapshots.reset();
  }

  saveSnapshot(name: string): LocalnetSnapshotView {
    this.assertIdle();
    return snapshotView(this.snapshots.save(name, this.deps.now()));
  }

  listSnapshots(): LocalnetSnapshotView[] {
    return this.snapshots.list().map(snapshotView);
  }

  deleteSnapshot(name: string): void {
    this.assertIdle();
    this.snapshots.remove(name);
  }

  rollback(request: RollbackRequest): Promise<RollbackResult> {
    return 'snapshot' in request
      ? this.snapshots.toSnapshot(request.snapshot, request.pool)
      : this.snapshots.toHeight(request.height, request.pool);
  }

  fund(address: string, amountText?: string): FaucetTransfer {
    return fundFromFaucet(this.deps.node, address, amountText);
  }

  /** The forger's state and the snapshots do not change while a rollback runs (it pauses forging itself). */
  private assertIdle(): void {
    if (this.snapshots.busy) {
      throw new LocalnetError('ERR_LOCALNET_BUSY', 'A rollback is under way; wait for it to finish.');
    }
  }

  private resolveDelegate(ref: string): string {
    const state = nodeParts(this.deps.node).store.state();
    const wallet =
      /^0[23][0-9a-f]{64}$/i.test(ref) && isValidPublicKey(ref)
        ? state.walletByPublicKey(ref.toLowerCase())
        : state.delegateByUsername(ref);
    const publicKey = wallet?.publicKey;
    if (wallet?.delegate === undefined || publicKey === undefined) {
      throw new LocalnetError(
        'ERR_DELEGATE_UNKNOWN',
        `"${ref}" is not a registered delegate of the localnet.`,
      );
    }
    return publicKey;
  }
}

function snapshotView(info: SnapshotInfo): LocalnetSnapshotView {
  return {
    name: info.name,
    height: info.height,
    blockId: info.blockId,
    createdAt: new Date(info.createdAt).toISOString(),
    reachable: info.reachable,
  };
}
