import { CoreType, MagistrateType, TypeGroup } from '../constants';
import {
  bridgechainRegistrationCodec,
  bridgechainResignationCodec,
  bridgechainUpdateCodec,
} from './bridgechain';
import { businessRegistrationCodec, businessUpdateCodec } from './business';
import type { AssetCodec } from './codec';
import { delegateRegistrationCodec } from './delegate-registration';
import { emptyCodec } from './empty';
import { entityCodec } from './entity';
import { htlcClaimCodec, htlcLockCodec, htlcRefundCodec } from './htlc';
import { ipfsCodec } from './ipfs';
import { multiPaymentCodec } from './multi-payment';
import { multiSignatureCodec, multiSignatureLegacyCodec } from './multi-signature';
import { secondSignatureCodec } from './second-signature';
import { transferCodec } from './transfer';
import { voteCodec } from './vote';

const core: Record<number, AssetCodec> = {
  [CoreType.Transfer]: transferCodec,
  [CoreType.SecondSignature]: secondSignatureCodec,
  [CoreType.DelegateRegistration]: delegateRegistrationCodec,
  [CoreType.Vote]: voteCodec,
  [CoreType.MultiSignature]: multiSignatureCodec,
  [CoreType.Ipfs]: ipfsCodec,
  [CoreType.MultiPayment]: multiPaymentCodec,
  [CoreType.DelegateResignation]: emptyCodec,
  [CoreType.HtlcLock]: htlcLockCodec,
  [CoreType.HtlcClaim]: htlcClaimCodec,
  [CoreType.HtlcRefund]: htlcRefundCodec,
};

const magistrate: Record<number, AssetCodec> = {
  [MagistrateType.BusinessRegistration]: businessRegistrationCodec,
  [MagistrateType.BusinessResignation]: emptyCodec,
  [MagistrateType.BusinessUpdate]: businessUpdateCodec,
  [MagistrateType.BridgechainRegistration]: bridgechainRegistrationCodec,
  [MagistrateType.BridgechainResignation]: bridgechainResignationCodec,
  [MagistrateType.BridgechainUpdate]: bridgechainUpdateCodec,
  [MagistrateType.Entity]: entityCodec,
};

/**
 * The codec for `(typeGroup, type, version)`, as the reference's TransactionRegistry finds the class (§4.5 step
 * 2): version 1 uses the legacy multisignature layout for type 4 and otherwise the same codecs as version 2.
 * Magistrate types exist in version 2 only (a v1 header has no typeGroup: it is always Core).
 */
export function assetCodec(typeGroup: number, type: number, version: number): AssetCodec | undefined {
  if (typeGroup === TypeGroup.Core) {
    if (version === 1 && type === CoreType.MultiSignature) return multiSignatureLegacyCodec;
    return Object.hasOwn(core, type) ? core[type] : undefined;
  }
  if (typeGroup === TypeGroup.Magistrate && version !== 1) {
    return Object.hasOwn(magistrate, type) ? magistrate[type] : undefined;
  }
  return undefined;
}
