/** Votary's own local chain. Importing this module registers the `localnet` network. */
export {
  localnet,
  localnetGenesis,
  localnetWallets,
  localnetWallet,
  localnetDelegateSecrets,
} from './network';
export {
  LOCALNET_NAME,
  LOCALNET_PUB_KEY_HASH,
  LOCALNET_WIF,
  BURN_ADDRESS_LABEL,
  localnetBurnAddress,
  localnetParams,
  localnetMilestones,
} from './params';
export {
  ARKTOSHI,
  LOCALNET_TOTAL_SUPPLY,
  TEST_ONLY_NOTE,
  GENESIS_LABEL,
  passphraseFromLabel,
  deriveLocalnetWallets,
  type LocalnetWallet,
  type LocalnetWalletRole,
} from './wallets';
