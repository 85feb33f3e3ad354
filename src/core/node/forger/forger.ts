/**
 * The forger (docs/design/node.md "Forging"): a timer at each slot start; the slot's owner is
 * roundDelegates(round)[forgerIndex(slot)] (protocol reference §7). The node forges when it holds the owner's
 * secret and the owner is not taken offline; otherwise the slot is missed and the next block comes one slot
 * later.
 */
import type { Block } from '../../protocol/blocks';
import { isValidPublicKey, keyPairFromPassphrase } from '../../protocol/crypto';
import { toHex } from '../../protocol/hex';
import { epochUnixMs, milestoneAt, type Network } from '../../protocol/networks';
import { forgingInfo, roundInfo } from '../../protocol/rounds';
import { epochTimestamp, slotInfo } from '../../protocol/time';
import type { StateView } from '../state';
import { assembleBlock, type BlockSource } from './assemble';

/** What the forger reads from the chain. */
export interface ForgerChain {
  lastBlock(): { id: string; height: number; timestamp: number };
  /** The round's delegates in forging order. */
  roundDelegates(round: number): string[];
  state(): StateView;
}

export type MissReason = 'no-secret' | 'offline';

export interface MissedSlotEvent {
  slot: number;
  /** Epoch seconds at which the slot started. */
  timestamp: number;
  publicKey: string;
  username?: string;
  reason: MissReason;
}

export type SlotOutcome =
  | { kind: 'forged'; block: Block }
  | { kind: 'missed'; missed: MissedSlotEvent }
  /** The chain already has a block in this slot (or a later one), or forging is paused. */
  | { kind: 'idle'; reason: 'paused' | 'slot-taken' };

export interface ForgerConfig {
  network: Network;
  chain: ForgerChain;
  pool: BlockSource;
  /** Validates and stores a block (BlockStore.applyBlock behind the node): throws when it is rejected. */
  apply: (block: Block) => void;
  /**
   * Work to do before the timer applies a forged block (the node verifies its signatures on the worker pool, so
   * that `apply` finds the verdicts). `forgeAt`, which tests call, applies at once.
   */
  prepare?: (block: Block) => Promise<void>;
  /** Passphrases of the delegates this node forges for. */
  secrets?: readonly string[];
  /** Unix milliseconds (tests drive a fake clock and call forgeAt directly). */
  now?: () => number;
  onMissed?: (event: MissedSlotEvent) => void;
  /** A forged block was rejected, or forging failed: reported, and the next slot is tried again. */
  onError?: (error: unknown) => void;
}

/** Fire a little after the slot start so that the clock reads the new slot. */
const TIMER_MARGIN_MS = 5;

export class Forger {
  private readonly keys = new Map<string, Uint8Array>();
  private readonly offline = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private pausedFlag = false;
  private running = false;

  constructor(private readonly config: ForgerConfig) {
    for (const secret of config.secrets ?? []) this.addDelegateSecret(secret);
  }

  /**
   * Starts the slot timer. The current slot is tried on the next turn of the event loop, so that whoever
   * started the forger can subscribe to its first block.
   */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.timer = setTimeout(() => this.runSlot(), 0);
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  get isRunning(): boolean {
    return this.running;
  }

  pause(): void {
    this.pausedFlag = true;
  }

  resume(): void {
    this.pausedFlag = false;
  }

  get paused(): boolean {
    return this.pausedFlag;
  }

  /** Forge for one more delegate (its owner enabled forging from the wallet). Returns its public key. */
  addDelegateSecret(passphrase: string): string {
    const keys = keyPairFromPassphrase(passphrase);
    const publicKey = toHex(keys.publicKey);
    this.keys.set(publicKey, keys.privateKey);
    return publicKey;
  }

  removeDelegateSecret(publicKey: string): boolean {
    return this.keys.delete(publicKey);
  }

  /** Public keys of the delegates this node can forge for. */
  forgingFor(): string[] {
    return [...this.keys.keys()];
  }

  /**
   * Takes a delegate offline (its slots are missed even though the node holds its secret) or back online.
   * Accepts a public key or a registered username; returns the public key.
   */
  setOffline(publicKeyOrUsername: string, offline: boolean): string {
    const publicKey = this.resolveDelegate(publicKeyOrUsername);
    if (offline) this.offline.add(publicKey);
    else this.offline.delete(publicKey);
    return publicKey;
  }

  isOffline(publicKey: string): boolean {
    return this.offline.has(publicKey);
  }

  /**
   * One slot step at a given time: forge the slot of `unixMs` if it is ours and still empty. The timer calls
   * this at every slot start; tests call it with a fake clock.
   */
  forgeAt(unixMs: number): SlotOutcome {
    const outcome = this.planSlot(unixMs);
    if (outcome.kind === 'forged') this.config.apply(outcome.block);
    return outcome;
  }

  /** What the slot of `unixMs` calls for: a block forged (not yet applied), a miss, or nothing. */
  private planSlot(unixMs: number): SlotOutcome {
    if (this.pausedFlag) return { kind: 'idle', reason: 'paused' };
    const { network, chain } = this.config;
    const last = chain.lastBlock();
    const height = last.height + 1;
    const timestamp = epochTimestamp(unixMs, network);
    const slot = slotInfo(timestamp, network, height);
    if (slot.slotNumber <= slotInfo(last.timestamp, network, last.height).slotNumber) {
      return { kind: 'idle', reason: 'slot-taken' };
    }
    const delegates = chain.roundDelegates(roundInfo(height, network).round);
    const info = forgingInfo(timestamp, height, delegates, network);
    const owner = info.currentForgerPublicKey;
    if (owner === undefined) {
      throw new Error(
        `round ${roundInfo(height, network).round} has no forger at index ${info.currentForger}`,
      );
    }
    const privateKey = this.keys.get(owner);
    if (!privateKey || this.offline.has(owner)) {
      const missed: MissedSlotEvent = {
        slot: slot.slotNumber,
        timestamp: slot.startTime,
        publicKey: owner,
        reason: privateKey ? 'offline' : 'no-secret',
      };
      const username = chain.state().walletByPublicKey(owner).delegate?.username;
      if (username !== undefined) missed.username = username;
      this.config.onMissed?.(missed);
      return { kind: 'missed', missed };
    }
    const block = assembleBlock({
      network,
      previous: last,
      timestamp: slot.startTime,
      generatorPublicKey: owner,
      privateKey,
      pool: this.config.pool,
    });
    return { kind: 'forged', block };
  }

  private runSlot(): void {
    if (!this.running) return;
    void this.forgeSlot().finally(() => this.schedule());
  }

  /** The timer's slot step: forge, prepare (verify ahead on the workers), then apply if the tip did not move. */
  private async forgeSlot(): Promise<void> {
    try {
      const outcome = this.planSlot(this.now());
      if (outcome.kind !== 'forged') return;
      const { block } = outcome;
      await this.config.prepare?.(block);
      // While preparing, the chain may have moved (a localnet reset, a rollback): then this block is stale.
      if (!this.running || this.config.chain.lastBlock().id !== block.header.previousBlock) return;
      this.config.apply(block);
    } catch (error) {
      this.config.onError?.(error);
    }
  }

  private schedule(): void {
    if (!this.running) return;
    const { network } = this.config;
    const now = this.now();
    const height = this.config.chain.lastBlock().height + 1;
    const slotMs = milestoneAt(network, height).blocktime * 1000;
    const sinceEpoch = now - epochUnixMs(network);
    const nextSlotStart = (Math.floor(sinceEpoch / slotMs) + 1) * slotMs;
    this.timer = setTimeout(() => this.runSlot(), nextSlotStart - sinceEpoch + TIMER_MARGIN_MS);
  }

  private now(): number {
    return this.config.now?.() ?? Date.now();
  }

  private resolveDelegate(publicKeyOrUsername: string): string {
    if (/^[0-9a-f]{66}$/i.test(publicKeyOrUsername) && isValidPublicKey(publicKeyOrUsername)) {
      return publicKeyOrUsername.toLowerCase();
    }
    const wallet = this.config.chain.state().delegateByUsername(publicKeyOrUsername);
    if (!wallet?.publicKey)
      throw new Error(`no delegate with username or public key "${publicKeyOrUsername}"`);
    return wallet.publicKey;
  }
}
