/**
 * The profile's multisignature wallets and servers, `<dataDir>/profiles/<profile>/multisig.json` (written atomically,
 * compare-before-replace: fs/atomic-file.ts): for each imported wallet its asset `{min, publicKeys}` (the vault keeps
 * it as a watch wallet at the address the asset derives, protocol reference §2), and per network the server its
 * proposals travel through. Public data only.
 */
import { z } from 'zod';
import { GuardedFile } from '../../fs/atomic-file';
import { readJsonFile } from '../../fs/json-file';

export const MULTISIG_FILE = 'multisig.json';

const record = z.object({
  walletId: z.string(),
  nethash: z.string(),
  address: z.string(),
  publicKey: z.string(),
  min: z.number().int(),
  publicKeys: z.array(z.string()),
});
export type MultisigRecord = z.infer<typeof record>;

const server = z.object({ url: z.string(), kind: z.enum(['rest', 'rpc']) });
export type MusigServerChoice = z.infer<typeof server>;

const fileSchema = z.object({
  version: z.literal(1),
  wallets: z.array(record),
  /** Per nethash; a network without one uses the default (localnet: the hosted server). */
  servers: z.record(z.string(), server),
});
type MultisigFile = z.infer<typeof fileSchema>;

export class MultisigBook {
  private constructor(
    private readonly file: GuardedFile,
    private data: MultisigFile,
  ) {}

  static async open(path: string): Promise<MultisigBook> {
    const file = new GuardedFile(path);
    // A damaged book is kept for the person to look at; the wallets stay in the vault as watch wallets and can be
    // imported again.
    const data: MultisigFile = (await readJsonFile(file, fileSchema, 'set-aside')) ?? {
      version: 1,
      wallets: [],
      servers: {},
    };
    return new MultisigBook(file, data);
  }

  wallets(nethash?: string): MultisigRecord[] {
    return this.data.wallets.filter((w) => nethash === undefined || w.nethash === nethash);
  }

  byWallet(walletId: string): MultisigRecord | undefined {
    return this.data.wallets.find((w) => w.walletId === walletId);
  }

  byPublicKey(nethash: string, publicKey: string): MultisigRecord | undefined {
    return this.data.wallets.find((w) => w.nethash === nethash && w.publicKey === publicKey.toLowerCase());
  }

  async add(entry: MultisigRecord): Promise<void> {
    await this.save({
      ...this.data,
      wallets: [...this.data.wallets.filter((w) => w.walletId !== entry.walletId), entry],
    });
  }

  /** Records of wallets the vault no longer has go (the person removed the watch wallet). */
  async keepOnly(walletIds: ReadonlySet<string>): Promise<void> {
    if (this.data.wallets.every((w) => walletIds.has(w.walletId))) return;
    await this.save({ ...this.data, wallets: this.data.wallets.filter((w) => walletIds.has(w.walletId)) });
  }

  server(nethash: string): MusigServerChoice | undefined {
    return this.data.servers[nethash];
  }

  async setServer(nethash: string, choice: MusigServerChoice | undefined): Promise<void> {
    const servers = { ...this.data.servers };
    if (choice === undefined) delete servers[nethash];
    else servers[nethash] = choice;
    await this.save({ ...this.data, servers });
  }

  private async save(next: MultisigFile): Promise<void> {
    await this.file.write(`${JSON.stringify(next, null, 2)}\n`);
    this.data = next;
  }
}
