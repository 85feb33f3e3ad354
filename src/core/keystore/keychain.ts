/**
 * The OS keychain behind "unlock on this device". keytar is an optional dependency with a native
 * build (libsecret on Linux): it is loaded lazily with a dynamic import, and every way it can be missing —
 * not installed, failed to load, no D-Bus session, no Secret Service, a locked or absent keyring — becomes a
 * `KeychainStatus` with a reason the UI shows beside the disabled option. Nothing else in the key store needs it.
 */
export type KeychainStatus = { available: true } | { available: false; reason: string };

export interface Keychain {
  status(): Promise<KeychainStatus>;
  getSecret(account: string): Promise<string | null>;
  setSecret(account: string, secret: string): Promise<void>;
  /** True when an entry was deleted. */
  deleteSecret(account: string): Promise<boolean>;
}

/** The keychain service name; the account is the profile id. */
export const KEYCHAIN_SERVICE = 'Votary';

interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** A probe that must answer within this time; a keyring stuck on an unlock prompt counts as unavailable. */
const PROBE_TIMEOUT_MS = 3_000;
const PROBE_ACCOUNT = '__votary_probe__';
// A variable specifier keeps bundlers and tsc from resolving the optional native module at build time.
const KEYTAR_MODULE = 'keytar';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isKeytarApi(value: unknown): value is KeytarApi {
  if (typeof value !== 'object' || value === null) return false;
  const api = value as Record<string, unknown>;
  return ['getPassword', 'setPassword', 'deletePassword'].every((name) => typeof api[name] === 'function');
}

/** keytar is CommonJS: its functions sit on the namespace's `default` when imported from ESM. */
function keytarFrom(mod: unknown): KeytarApi | undefined {
  if (isKeytarApi(mod)) return mod;
  const fallback =
    typeof mod === 'object' && mod !== null ? (mod as { default?: unknown }).default : undefined;
  return isKeytarApi(fallback) ? fallback : undefined;
}

/** Plain words for the errors libsecret reports through keytar on Linux. */
export function explainKeychainError(error: unknown): string {
  const message = messageOf(error);
  if (error instanceof ProbeTimeout) {
    return `the OS keychain did not answer within ${PROBE_TIMEOUT_MS / 1000} s (a locked keyring may be waiting for an unlock prompt)`;
  }
  if (/autolaunch D-Bus|DBUS_SESSION_BUS_ADDRESS|Could not connect/i.test(message)) {
    return `no D-Bus session bus is running, so no keyring can be reached (${message})`;
  }
  if (/not provided by any|ServiceUnknown|Secret Service/i.test(message)) {
    return `no Secret Service (such as gnome-keyring) is running on the D-Bus session bus (${message})`;
  }
  if (/collection|keyring|locked/i.test(message)) {
    return `the login keyring does not exist or is locked (${message})`;
  }
  return `the OS keychain refused access (${message})`;
}

class ProbeTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ProbeTimeout(`no answer within ${ms / 1000} s`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * The keytar-backed keychain. `load` is the module loader (injectable so tests can simulate a missing or
 * broken module); it runs once, on first use.
 */
export function keytarKeychain(
  load: () => Promise<unknown> = () => import(/* @vite-ignore */ KEYTAR_MODULE),
): Keychain {
  let loaded: Promise<KeytarApi | string> | undefined;
  const api = (): Promise<KeytarApi | string> => {
    loaded ??= load().then(
      (mod) => keytarFrom(mod) ?? 'the keytar module loaded but does not expose get/set/deletePassword',
      (error: unknown) => `the keytar module is not installed or failed to load (${messageOf(error)})`,
    );
    return loaded;
  };
  const require = async (): Promise<KeytarApi> => {
    const keytar = await api();
    if (typeof keytar === 'string') throw new Error(keytar);
    return keytar;
  };

  return {
    async status() {
      const keytar = await api();
      if (typeof keytar === 'string') return { available: false, reason: keytar };
      try {
        await withTimeout(keytar.getPassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT), PROBE_TIMEOUT_MS);
        return { available: true };
      } catch (error) {
        return { available: false, reason: explainKeychainError(error) };
      }
    },
    async getSecret(account) {
      return (await require()).getPassword(KEYCHAIN_SERVICE, account);
    },
    async setSecret(account, secret) {
      await (await require()).setPassword(KEYCHAIN_SERVICE, account, secret);
    },
    async deleteSecret(account) {
      return (await require()).deletePassword(KEYCHAIN_SERVICE, account);
    },
  };
}
