/**
 * The localnet's fixed parameters: what `scripts/make-localnet-genesis.ts` writes to
 * resources/networks/localnet/{network,milestones}.json, minus the nethash, which is the payloadHash of the
 * genesis block that script builds.
 */
import { addressFromBytes } from '../../protocol/crypto';
import { sha256 } from '../../protocol/hash';
import { devnet, milestoneAt, type NetworkParams, type RawMilestone } from '../../protocol/networks';

/** ARK devnet's static fees, taken from the devnet preset rather than written again. */
const DEVNET_STATIC_FEES = milestoneAt(devnet, 1).fees.staticFees;

export const LOCALNET_NAME = 'localnet';
/** Address version 30: addresses start with "D", so ARK devnet tooling can sign for localnet. */
export const LOCALNET_PUB_KEY_HASH = 30;
export const LOCALNET_WIF = 170;
export const LOCALNET_EPOCH = '2017-03-21T13:00:00.000Z';

/** The label whose SHA256 supplies the burn address's 20-byte hash (see localnetBurnAddress). */
export const BURN_ADDRESS_LABEL = 'localnet burn';

/**
 * Base58Check(30 ‖ first 20 bytes of SHA256("localnet burn")). An address normally carries RIPEMD160 of a public
 * key; these 20 bytes come from a public label instead, so holding its key would need a RIPEMD160 preimage.
 */
export function localnetBurnAddress(): string {
  const payload = new Uint8Array(21);
  payload[0] = LOCALNET_PUB_KEY_HASH;
  payload.set(sha256(BURN_ADDRESS_LABEL).subarray(0, 20), 1);
  return addressFromBytes(payload);
}

export function localnetParams(nethash: string): NetworkParams {
  return {
    name: LOCALNET_NAME,
    messagePrefix: 'VTY message:\n',
    // ARK devnet's BIP32 versions and coin type: localnet is a test chain like devnet.
    bip32: { public: 46090600, private: 46089520 },
    pubKeyHash: LOCALNET_PUB_KEY_HASH,
    nethash,
    wif: LOCALNET_WIF,
    slip44: 1,
    aip20: 1,
    burnAddress: localnetBurnAddress(),
    client: { token: 'VTY', symbol: 'Ѵ', explorer: '' },
  };
}

/** One milestone from height 1 with every feature of ARK devnet's latest milestones switched on. */
export function localnetMilestones(): RawMilestone[] {
  return [
    {
      height: 1,
      reward: 200000000,
      activeDelegates: 21,
      blocktime: 8,
      block: { version: 0, maxTransactions: 150, maxPayload: 6300000, idFullSha256: true },
      epoch: LOCALNET_EPOCH,
      // ARK devnet's static fees (protocol reference §9), as the devnet preset carries them.
      fees: { staticFees: { ...DEVNET_STATIC_FEES } },
      vendorFieldLength: 255,
      multiPaymentLimit: 128,
      aip11: true,
      htlcEnabled: true,
      aip36: true,
      aip37: true,
    },
  ];
}
