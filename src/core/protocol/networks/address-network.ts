/**
 * Which network an address belongs to, in words: its first letter follows from its version byte (protocol reference
 * §2), and the networks this app knows with that byte name it ("ARK mainnet", which ARK's testnet shares). A person
 * reads "an address of ARK mainnet, whose addresses start with A", never "version 23".
 */
import { addressFromBytes } from '../crypto/address';
import { networkByName, networkNames } from './presets';

const ARK_NAMES: Readonly<Record<string, string>> = {
  mainnet: 'ARK mainnet',
  devnet: 'ARK devnet',
  testnet: 'ARK testnet',
};

/** The letter every address with this version byte starts with. */
export function addressLetter(version: number): string {
  return addressFromBytes(new Uint8Array(21).fill(0).map((byte, i) => (i === 0 ? version : byte)))[0] ?? '';
}

/** "ARK mainnet or ARK testnet", or "another network" for a byte no known network uses. */
function networksOf(version: number, except: string | undefined): string {
  const names = networkNames()
    .filter((name) => name !== except && networkByName(name)?.network.pubKeyHash === version)
    .map((name) => ARK_NAMES[name] ?? name);
  if (names.length === 0) return 'another network';
  return names.join(' or ');
}

/**
 * Why an address of another network is not one of `here`'s: "an address of ARK mainnet or ARK testnet, whose
 * addresses start with A; localnet addresses start with D". `here.name` absent: "this network's".
 */
export function otherNetworkWords(version: number, here: { name?: string; pubKeyHash: number }): string {
  const other = networksOf(version, here.name);
  const mine = here.name === undefined ? 'this network’s' : here.name;
  return `an address of ${other}, whose addresses start with ${addressLetter(version)}; ${mine} addresses start with ${addressLetter(here.pubKeyHash)}`;
}
