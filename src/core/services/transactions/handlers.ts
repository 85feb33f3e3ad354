/** tx:* — signing, broadcasting and following transactions. */
import type { ChannelHandlers } from '../dispatcher';
import { feeBounds } from './fee-bounds';
import { sendPrepared } from './sender';
import { spendableNow } from './preview';
import { prepareDraft } from './prepare';
import { preparedStoreOf } from './prepared-store';
import { keptLocks, revealLockSecret } from './htlc-secrets';
import type { TransactionDeps } from './deps';

type TransactionChannels = Extract<keyof ChannelHandlers, `tx:${string}`>;

export function transactionHandlers(s: TransactionDeps): Pick<ChannelHandlers, TransactionChannels> {
  // The reviews' prepared transactions, in memory only, bound to the vault session (prepared-store.ts); the
  // multisig:* channels sign theirs from the same store.
  const prepared = preparedStoreOf(s);
  // Every window shows the signing settings as saved now, whichever window saved them.
  const signingSettingsChanged = () => {
    const { signPasswordAfterMs, feeCeilingMultiple } = s.settings.get();
    s.events.emit('tx:signing-settings', {
      minutes: Math.round(signPasswordAfterMs / 60_000),
      multiple: feeCeilingMultiple,
    });
  };
  return {
    'tx:send': ({ preparedId, confirmHighFee, password }) =>
      sendPrepared(s, prepared, preparedId, {
        confirmHighFee: confirmHighFee === true,
        ...(password === undefined ? {} : { password }),
      }),
    'tx:sign-password': async (request) => {
      if (request !== undefined) {
        await s.settings.update({ signPasswordAfterMs: request.minutes * 60_000 });
        signingSettingsChanged();
      }
      const afterMs = s.settings.get().signPasswordAfterMs;
      return { minutes: Math.round(afterMs / 60_000), required: !s.keystore.passwordFresh(afterMs) };
    },
    'tx:fee-bounds': ({ walletId, draft }) => feeBounds(s, walletId, draft),
    'tx:preview': ({ walletId, draft }) => prepareDraft(s, prepared, walletId, draft),
    'tx:spendable': ({ walletId }) => spendableNow(s, walletId),
    'tx:htlc-secrets': ({ walletId }) => keptLocks(s, walletId),
    'tx:htlc-reveal-secret': (request) => revealLockSecret(s, request),
    'tx:fee-ceiling': async (request) => {
      if (request !== undefined) {
        await s.settings.update({ feeCeilingMultiple: request.multiple });
        signingSettingsChanged();
      }
      return { multiple: s.settings.get().feeCeilingMultiple };
    },
    'tx:pending': (request) => s.tracker.list(request?.networkId),
    'tx:rebroadcast': ({ id }) => s.tracker.rebroadcast(id),
    'tx:dismiss': ({ id }) => {
      s.tracker.dismiss(id);
      return null;
    },
  };
}
