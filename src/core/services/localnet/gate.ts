/**
 * The gate to the localnet controls (core/node/controls): they act on the chain this process forges, so the
 * services offer them only while that chain's network is the active one — a remote chain is not ours to change.
 */
import type { LocalnetControls } from '../../node/controls';
import type { Networks } from '../networks/networks';
import { ServiceError, type ServiceErrorCode } from '../service-error';

export interface LocalnetGate {
  networks: Networks;
  /** The controls, and the network they act on. */
  localnet: { networkId: string; controls: LocalnetControls };
}

const SWITCH_FIRST = (name: string) =>
  `Localnet controls only act on the embedded localnet; the active network "${name}" is remote and cannot be ` +
  'changed from here. Switch to Localnet to use them.';

/** The controls, when the active network is theirs; otherwise the refusal, in the caller's words. */
export function activeLocalnet(
  gate: LocalnetGate,
  refusal: (activeName: string) => string = SWITCH_FIRST,
  code: ServiceErrorCode = 'ERR_LOCALNET_ONLY',
): LocalnetControls {
  if (gate.networks.activeId === gate.localnet.networkId) return gate.localnet.controls;
  throw new ServiceError(code, refusal(gate.networks.active().name));
}
