/** A multisignature wallet as the host shows it (multisig:wallets), shared by MultisigPage.tsx and its parts. */
import type { z } from 'zod';
import type { multisigWalletView } from '../../../shared/domain/multisig';

export type MultisigWallet = z.output<typeof multisigWalletView>;
