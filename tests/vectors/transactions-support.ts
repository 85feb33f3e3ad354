/**
 * Turns the `builderInputs` of the transaction vectors into drafts and signs them the way the reference builder
 * did (shared by the transaction, negative and fee vector tests).
 */
import { keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import { devnet, mainnet, testnet, type ChainContext, type Network } from '../../src/core/protocol/networks';
import {
  addMultiSignature,
  prepareTransaction,
  signTransaction,
  type TransactionAsset,
  type TransactionData,
  type TransactionDraft,
  type TransactionJson,
} from '../../src/core/protocol/transactions';

export type BuilderInputs = Record<string, unknown>;

export interface TransactionVector {
  description: string;
  network?: string;
  configHeight: number;
  passphrase?: string | null;
  publicKey?: string;
  secondPassphrase?: string;
  secondPublicKey?: string;
  builderInputs: BuilderInputs;
  json: TransactionJson;
  serializedHex: string;
  id: string;
  signingHashHex?: string;
  unsignedSerializedHex?: string;
  bytesForSigningHex?: string;
  verified: boolean;
  deserializedVerified?: boolean;
  resignGivesSameSignature?: boolean;
  staticFee: string;
  secondSigningHashHex?: string;
  verifySecondSignature?: boolean;
  multiSignatureSigningHashHex?: string;
  verifySignaturesWithAsset?: boolean;
  multiSignatureAsset?: { min: number; publicKeys: string[] };
  multiSignaturePublicKey?: string;
  multiSignatureAddress?: string;
}

const networks: Record<string, Network> = { mainnet, devnet, testnet };

export function contextOf(network: string | undefined, height: number): ChainContext {
  const preset = networks[network ?? 'devnet'];
  if (!preset) throw new Error(`unknown network ${String(network)}`);
  return { network: preset, height };
}

export const PASSPHRASE_1 = 'this is a top secret passphrase 1';

const isDecimal = (value: unknown): value is string => typeof value === 'string' && /^\d+$/.test(value);
const str = (value: unknown): string => {
  if (typeof value !== 'string') throw new Error(`expected a string, got ${JSON.stringify(value)}`);
  return value;
};

/** "'x' repeated 255 times" is how the vectors spell long vendorFields. */
function vendorField(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = str(value);
  const repeated = /^'(.)' repeated (\d+) times$/.exec(text);
  return repeated ? repeated[1]!.repeat(Number(repeated[2])) : text;
}

/**
 * The draft a vector's builder call describes. `typeGroup`/`type` come from the expected JSON for the builder
 * names that do not say them (legacy magistrate entries have no `builder`).
 */
export function draftFromBuilderInputs(
  inputs: BuilderInputs,
  expected: Pick<TransactionJson, 'typeGroup' | 'type'>,
): TransactionDraft {
  const typeGroup = expected.typeGroup ?? 1;
  const draft: TransactionDraft = { type: expected.type, typeGroup };
  if (isDecimal(inputs.nonce)) draft.nonce = BigInt(inputs.nonce);
  if (isDecimal(inputs.fee)) draft.fee = BigInt(inputs.fee);
  if (isDecimal(inputs.amount)) draft.amount = BigInt(inputs.amount);
  if (typeof inputs.recipientId === 'string') draft.recipientId = inputs.recipientId;
  if (typeof inputs.senderPublicKey === 'string') draft.senderPublicKey = inputs.senderPublicKey;
  const vf = vendorField(inputs.vendorField);
  if (vf !== undefined) draft.vendorField = vf;
  if (typeof inputs.expiration === 'number') draft.expiration = inputs.expiration;

  const asset = assetFromInputs(inputs);
  if (asset !== undefined) draft.asset = asset;
  return draft;
}

function assetFromInputs(inputs: BuilderInputs): TransactionAsset | undefined {
  if (inputs.signatureAsset !== undefined) {
    return { signature: { publicKey: toHex(keyPairFromPassphrase(str(inputs.signatureAsset)).publicKey) } };
  }
  if (inputs.usernameAsset !== undefined) return { delegate: { username: str(inputs.usernameAsset) } };
  if (inputs.votesAsset !== undefined) return { votes: [...(inputs.votesAsset as string[])] };
  if (inputs.multiSignatureAsset !== undefined) {
    const { min, publicKeys } = inputs.multiSignatureAsset as { min: number; publicKeys: string[] };
    return { multiSignature: { min, publicKeys: [...publicKeys] } };
  }
  if (inputs.ipfsAsset !== undefined) return { ipfs: str(inputs.ipfsAsset) };
  if (inputs.payments !== undefined) {
    return {
      payments: (inputs.payments as [string, string][]).map(([recipientId, amount]) => ({
        recipientId,
        amount: BigInt(amount),
      })),
    };
  }
  if (inputs.htlcLockAsset !== undefined)
    return { lock: structuredClone(inputs.htlcLockAsset) as TransactionAsset['lock'] };
  if (inputs.htlcClaimAsset !== undefined) {
    return { claim: structuredClone(inputs.htlcClaimAsset) as TransactionAsset['claim'] };
  }
  if (inputs.htlcRefundAsset !== undefined) {
    return { refund: structuredClone(inputs.htlcRefundAsset) as TransactionAsset['refund'] };
  }
  if (inputs.businessRegistrationAsset !== undefined) {
    return {
      businessRegistration: structuredClone(
        inputs.businessRegistrationAsset,
      ) as TransactionAsset['businessRegistration'],
    };
  }
  if (inputs.bridgechainRegistrationAsset !== undefined) {
    return {
      bridgechainRegistration: structuredClone(
        inputs.bridgechainRegistrationAsset,
      ) as TransactionAsset['bridgechainRegistration'],
    };
  }
  if (inputs.builder === 'EntityBuilder') return structuredClone(inputs.asset) as TransactionAsset;
  return undefined;
}

/**
 * Builds and signs a vector: participants first (multiSign), then the sender (sign / the vector passphrase),
 * then the optional second passphrase; ECDSA when the vector says `signWith` ECDSA.
 */
export function buildVector(vector: TransactionVector, ctx: ChainContext): TransactionData {
  const inputs = vector.builderInputs;
  const draft = draftFromBuilderInputs(inputs, vector.json);
  const participants = (inputs.multiSign as [string, number][] | undefined) ?? [];
  const senderPassphrase =
    typeof inputs.sign === 'string'
      ? inputs.sign
      : (vector.passphrase ?? (participants.length ? undefined : PASSPHRASE_1));
  const secondPassphrase = typeof inputs.secondSign === 'string' ? inputs.secondSign : undefined;
  const ecdsa = typeof inputs.signWith === 'string' && inputs.signWith.includes('ECDSA');

  if (participants.length === 0) {
    return signTransaction(draft, { passphrase: senderPassphrase!, secondPassphrase, ecdsa }, ctx);
  }
  let tx = prepareTransaction(
    { ...draft, senderPublicKey: draft.senderPublicKey ?? vector.json.senderPublicKey },
    ctx,
  );
  for (const [passphrase, index] of participants) tx = addMultiSignature(tx, passphrase, index);
  if (senderPassphrase === undefined) return tx;
  return signTransaction(tx, { passphrase: senderPassphrase, secondPassphrase, ecdsa }, ctx);
}
