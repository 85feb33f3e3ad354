/**
 * Transaction data shapes (protocol reference §4). `TransactionData` is the internal form: amounts, fees and
 * nonces are bigint, keys and signatures lower-case hex. `TransactionJson` is the `toJson()` form of
 * @arkecosystem/crypto 3.x, where every big number is a decimal string.
 */

/** Core (typeGroup 1) asset pieces. */
export interface SecondSignatureAsset {
  publicKey: string;
}

export interface DelegateAsset {
  username: string;
}

export interface MultiSignatureAsset {
  min: number;
  publicKeys: string[];
}

/** Version 1 multisignature registration (historic blocks only, §4.5 "Legacy v1"). */
export interface MultiSignatureLegacyAsset {
  min: number;
  lifetime: number;
  keysgroup: string[];
}

export interface Payment<A = bigint> {
  amount: A;
  recipientId: string;
}

/** HTLC expiration type 1 = seconds since the network epoch, 2 = block height (§4.2). */
export type HtlcExpirationType = 1 | 2;

export interface HtlcLockAsset {
  secretHash: string;
  expiration: { type: HtlcExpirationType; value: number };
}

export interface HtlcClaimAsset {
  lockTransactionId: string;
  unlockSecret: string;
}

export interface HtlcRefundAsset {
  lockTransactionId: string;
}

/** Magistrate (typeGroup 2) type 6 Entity, active from aip36 (§4.2). */
export interface EntityAssetData {
  name?: string;
  ipfsData?: string;
}

export interface EntityAsset {
  type: number;
  subType: number;
  action: number;
  registrationId?: string;
  data: EntityAssetData;
}

/** Legacy magistrate business/bridgechain types 0–5, active between aip11 and aip36 (§4.2). */
export interface BusinessRegistrationAsset {
  name: string;
  website: string;
  vat?: string;
  repository?: string;
}

export interface BusinessUpdateAsset {
  name?: string;
  website?: string;
  vat?: string;
  repository?: string;
}

export type BridgechainPorts = Record<string, number>;

export interface BridgechainRegistrationAsset {
  name: string;
  seedNodes: string[];
  genesisHash: string;
  bridgechainRepository: string;
  ports: BridgechainPorts;
  bridgechainAssetRepository?: string;
}

export interface BridgechainResignationAsset {
  bridgechainId: string;
}

export interface BridgechainUpdateAsset {
  bridgechainId: string;
  seedNodes?: string[];
  ports?: BridgechainPorts;
  bridgechainRepository?: string;
  bridgechainAssetRepository?: string;
}

/**
 * The `asset` object. Like the reference's IAsset it is one flat object whose keys depend on the type; an Entity
 * puts its fields (type, subType, action, registrationId, data) directly into `asset`.
 */
export interface TransactionAsset<A = bigint> {
  signature?: SecondSignatureAsset;
  delegate?: DelegateAsset;
  votes?: string[];
  multiSignature?: MultiSignatureAsset;
  multiSignatureLegacy?: MultiSignatureLegacyAsset;
  ipfs?: string;
  payments?: Payment<A>[];
  lock?: HtlcLockAsset;
  claim?: HtlcClaimAsset;
  refund?: HtlcRefundAsset;
  type?: number;
  subType?: number;
  action?: number;
  registrationId?: string;
  data?: EntityAssetData;
  businessRegistration?: BusinessRegistrationAsset;
  businessUpdate?: BusinessUpdateAsset;
  bridgechainRegistration?: BridgechainRegistrationAsset;
  bridgechainResignation?: BridgechainResignationAsset;
  bridgechainUpdate?: BridgechainUpdateAsset;
}

export interface TransactionData {
  /** 2 = AIP-11; 1 = legacy (genesis and old blocks only). */
  version: number;
  /** The address version byte (pubKeyHash) of the network. */
  network: number;
  typeGroup: number;
  type: number;
  /** v2 only; version-1 transactions carry 0n and their JSON has no nonce. */
  nonce: bigint;
  /** v1 only: seconds since the network epoch. */
  timestamp?: number;
  senderPublicKey: string;
  fee: bigint;
  amount: bigint;
  vendorField?: string;
  /** Transfer only: a block height, 0 = none. */
  expiration?: number;
  recipientId?: string;
  asset?: TransactionAsset;
  signature?: string;
  secondSignature?: string;
  /** Multisignature entries: 130 hex chars each (1-byte participant index ‖ 64-byte Schnorr). */
  signatures?: string[];
  id?: string;
}

/** `toJson()` of the reference. Key order: see transactionToJson (protocol reference §4.5 "JSON shape"). */
export interface TransactionJson {
  version: number;
  network: number;
  typeGroup?: number;
  type: number;
  timestamp?: number;
  nonce?: string;
  senderPublicKey: string;
  fee: string;
  amount: string;
  vendorField?: string;
  expiration?: number;
  recipientId?: string;
  asset?: TransactionAsset<string>;
  signature?: string;
  secondSignature?: string;
  signatures?: string[];
  id?: string;
}
