/**
 * Block header as the reference's IBlockData (protocol reference §6). Amounts are bigint arktoshi; keys, hashes
 * and the signature are lower-case hex.
 */
export interface BlockHeader {
  version: number;
  /** Epoch seconds (§7). */
  timestamp: number;
  height: number;
  /**
   * Id of the previous block: 64 hex chars once milestone(height − 1).block.idFullSha256 is set, else the legacy
   * decimal id. '0' or absent for the genesis block.
   */
  previousBlock?: string;
  numberOfTransactions: number;
  totalAmount: bigint;
  totalFee: bigint;
  reward: bigint;
  /** 32 × numberOfTransactions, as forgers write it. */
  payloadLength: number;
  /** SHA256 of the concatenated 32-byte transaction ids (§6.1). */
  payloadHash: string;
  generatorPublicKey: string;
  /** ECDSA DER over SHA256(header without signature). */
  blockSignature?: string;
  /** 64 hex chars, or the legacy decimal id (§6.1); the configured id for the genesis block (§6.3). */
  id?: string;
}

/**
 * The JSON form of a header (`Block.toJson()` without transactions): amounts as decimal strings; `idHex` and
 * `previousBlockHex` are the hex forms of the ids (equal to the ids once ids are full SHA256).
 */
export interface BlockJson {
  id?: string;
  idHex?: string;
  version: number;
  timestamp: number;
  height: number;
  previousBlockHex?: string;
  previousBlock?: string;
  numberOfTransactions: number;
  totalAmount: string;
  totalFee: string;
  reward: string;
  payloadLength: number;
  payloadHash: string;
  generatorPublicKey: string;
  blockSignature?: string;
}

/** `Block.verify()` result (§6.2). */
export interface BlockVerification {
  verified: boolean;
  /** Some unverified transaction carries multisig `signatures`: core re-checks those against the wallet. */
  containsMultiSignatures: boolean;
  errors: string[];
}
