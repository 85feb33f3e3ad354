/** The genesis block of a Votary chain. */
export {
  buildGenesisBlock,
  nethashOf,
  GENESIS_PREVIOUS_BLOCK,
  type GenesisInput,
  type GenesisWalletSpec,
} from './build';
