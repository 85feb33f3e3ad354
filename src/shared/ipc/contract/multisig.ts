/** Multisignature wallets, their server, and proposals: registered, proposed, reviewed, signed, broadcast. */
import { z } from 'zod';
import {
  multisigImport,
  multisigWalletView,
  musigServerKind,
  musigServerView,
  proposalRef,
  proposalReview,
  proposalVia,
  proposalView,
  transferDraft,
} from '../../domain/multisig';
import { sendResult, txPreview } from '../../domain/transactions';
import type { MULTISIG_NAMES } from './multisig.names';
import { type ChannelSpec, type ChannelsOf, networkId, password, preparedId, walletId } from './fields';

export const MULTISIG_CHANNELS = {
  /** The profile's multisignature wallets on a network (the active one when absent), and whether each is registered. */
  'multisig:wallets': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(multisigWalletView),
  },
  /** Adds a multisignature wallet by its participants' keys: a watch wallet at the address the asset derives. */
  'multisig:import': { request: multisigImport, response: multisigWalletView },
  /**
   * The network's multisignature server: read without `server`, set with one (null: back to the default, which for
   * localnet is the server the app hosts). An empty url: none, proposals travel as files.
   */
  'multisig:server': {
    request: z
      .strictObject({
        networkId: networkId.optional(),
        server: z
          .strictObject({
            url: z
              .string()
              .regex(/^https?:\/\/\S+$/, 'expected an http(s) URL')
              .max(2048),
            kind: musigServerKind,
          })
          .nullable()
          .optional(),
      })
      .optional(),
    response: musigServerView,
  },
  /** Starts a registration (after the one review): the registering wallet signs as a participant first. */
  'multisig:register': {
    request: z.strictObject({
      /** The registration tx:preview prepared for the registering wallet (its `prepared.id`). */
      preparedId,
      via: proposalVia,
      password: password.optional(),
    }),
    response: proposalView,
  },
  /**
   * The one review of a transfer from a multisignature wallet, before it is proposed; with nothing a node would
   * refuse, the transfer prepared for multisig:propose (`prepared`).
   */
  'multisig:preview': {
    request: z.strictObject({ walletId, draft: transferDraft }),
    response: txPreview,
  },
  /** Proposes a transfer from a multisignature wallet, signed first by `signerId`, one of its participants. */
  'multisig:propose': {
    request: z.strictObject({
      /** The transfer multisig:preview prepared (its `prepared.id`), signed as reviewed. */
      preparedId,
      signerId: walletId,
      via: proposalVia,
      password: password.optional(),
    }),
    response: proposalView,
  },
  /** The proposals on the network's server for this vault's wallets and multisignature wallets, each verified. */
  'multisig:proposals': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(proposalView),
  },
  /** A proposal (from the server or a document) and its one review. */
  'multisig:review': {
    request: z.strictObject({ networkId: networkId.optional(), proposal: proposalRef }),
    response: proposalReview,
  },
  /**
   * Adds `walletId`'s participant signature over exactly what review `preparedId` (multisig:review's
   * `preview.prepared.id`) showed, the proposal read again now; back to the server or as a document.
   * ERR_PREPARED_PROPOSAL_CHANGED when it is another transaction now (signatures added since are no change).
   */
  'multisig:sign': {
    request: z.strictObject({
      networkId: networkId.optional(),
      proposal: proposalRef,
      preparedId,
      walletId,
      via: proposalVia,
      password: password.optional(),
    }),
    response: proposalView,
  },
  /** Broadcasts a proposal that has its signatures (a registration after the registering wallet's own). */
  'multisig:broadcast': {
    request: z.strictObject({
      networkId: networkId.optional(),
      proposal: proposalRef,
      /** multisig:review's `preview.prepared.id`: broadcast only while the proposal is what it showed. */
      preparedId,
      password: password.optional(),
    }),
    response: sendResult.omit({ htlc: true }),
  },
} as const satisfies Record<ChannelsOf<typeof MULTISIG_NAMES>, ChannelSpec>;
