/**
 * Prices, opt-in, through the IPC channels of a real AppCore whose price sources are a local server answering in
 * CryptoCompare's and CoinGecko's shapes (tests/support/fake-price-server.ts) and whose ARK mainnet is a fake
 * mainnet node (tests/client/support/fake-node.ts): nothing is asked while prices are off, nothing is priced but
 * ARK mainnet's token, only the token and the currency leave the machine, the portfolio's days are the wallet's
 * own history times the stored closes, and a source that fails leaves no price rather than a wrong one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { mainnet } from '../../src/core/protocol/networks';
import type { PriceQuote } from '../../src/shared/domain/prices';
import { startFakeNode, transactionFixture, type FakeNode } from '../client/support/fake-node';
import { startFakePriceServer, wanderingPrice, type FakePriceServer } from '../support/fake-price-server';
import { call, nextEvent, openCore, PASSWORD, removeDir, tempDir } from './support';

const DAY = 86_400_000;
const PASSPHRASE = 'votary prices portfolio mainnet wallet passphrase';
const OWNER = addressFromPassphrase(PASSPHRASE, mainnet.network.pubKeyHash);
const OTHER = addressFromPassphrase('votary prices someone else', mainnet.network.pubKeyHash);
const TODAY = Math.floor(Date.now() / DAY) * DAY;

function transfer(id: string, at: number, sender: string, recipient: string, amount: string) {
  const unix = Math.floor(at / 1000);
  return {
    ...transactionFixture,
    id,
    sender,
    recipient,
    amount,
    fee: '10000000',
    vendorField: undefined,
    timestamp: { epoch: unix - 1490101200, unix, human: new Date(unix * 1000).toISOString() },
  };
}

describe('prices, opt-in', () => {
  let dir: string;
  let core: AppCore;
  let prices: FakePriceServer;
  let node: FakeNode;
  let mainnetId = '';

  beforeAll(async () => {
    dir = tempDir('votary-prices-');
    prices = await startFakePriceServer();
    node = await startFakeNode({
      network: mainnet,
      wallets: { [OWNER]: { balance: '6990000000', nonce: '1' } },
      walletTransactions: {
        // 100 ARK arrived three days ago; 30 ARK left yesterday with a 0.1 ARK fee: 69.9 ARK now.
        [OWNER]: [
          transfer('a1'.repeat(32), TODAY - DAY + 12 * 3_600_000, OWNER, OTHER, '3000000000'),
          transfer('b2'.repeat(32), TODAY - 3 * DAY + 12 * 3_600_000, OTHER, OWNER, '10000000000'),
        ],
      },
    });
    core = await openCore(dir, { prices: { baseUrl: prices.url } });
    await call(core, 'vault:create', { password: PASSWORD });
  });
  afterAll(async () => {
    await core.close();
    await Promise.all([prices.close(), node.close()]);
    removeDir(dir);
  });

  it('is off by default and asks nothing of anyone, even with ARK mainnet active and a wallet on it', async () => {
    expect(await call(core, 'prices:settings')).toEqual({
      enabled: false,
      source: 'cryptocompare',
      currency: 'USD',
    });
    mainnetId = (await call(core, 'networks:add', { url: node.url })).id;
    await call(core, 'networks:select', { networkId: mainnetId });
    await call(core, 'wallets:import-passphrase', {
      networkId: mainnetId,
      name: 'Main',
      passphrase: PASSPHRASE,
    });
    expect(await call(core, 'prices:quote')).toEqual({ state: 'off' });
    expect(await call(core, 'prices:portfolio', { days: 7 })).toEqual({ state: 'off' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(prices.requests).toEqual([]);
    expect(existsSync(join(dir, 'profiles', 'default', 'price-history.json'))).toBe(false);
  });

  it('prices nothing but ARK mainnet: the embedded localnet answers none, without a request', async () => {
    await call(core, 'networks:select', { networkId: 'embedded' });
    const changed = nextEvent<PriceQuote>(core, 'prices:changed');
    await call(core, 'prices:settings', { enabled: true, currency: 'EUR' });
    expect(await changed).toEqual({ state: 'none', networkId: 'embedded' });
    expect(await call(core, 'prices:quote')).toEqual({ state: 'none', networkId: 'embedded' });
    expect(await call(core, 'prices:portfolio', { days: 7 })).toEqual({
      state: 'none',
      networkId: 'embedded',
    });
    expect(prices.requests).toEqual([]);
  });

  it('on ARK mainnet: the quote is pushed, and only the token and the currency left the machine', async () => {
    const changed = nextEvent<PriceQuote>(core, 'prices:changed', (quote) => quote.state === 'priced');
    await call(core, 'networks:select', { networkId: mainnetId });
    const quote = await changed;
    expect(quote).toMatchObject({
      state: 'priced',
      networkId: mainnetId,
      source: 'cryptocompare',
      currency: 'EUR',
    });
    expect(quote.state === 'priced' && quote.price).toBe(wanderingPrice(Date.now()));
    expect(prices.requests.map((r) => [r.path, r.query])).toEqual([
      ['/data/price', { fsym: 'ARK', tsyms: 'EUR' }],
    ]);
    // Read again within the refresh interval: the same price, no new request.
    await call(core, 'prices:quote');
    expect(prices.requests).toHaveLength(1);
  });

  it('values the portfolio per day from the wallet history and the daily closes, kept on this machine', async () => {
    const view = await call(core, 'prices:portfolio', { days: 7 });
    if (view.state !== 'valued') throw new Error(`not valued: ${JSON.stringify(view)}`);
    expect(view.partial).toBe(false);
    const balances = view.days.map((day) => [(day.day - TODAY) / DAY, day.balance]);
    expect(balances).toEqual([
      [-6, '0'],
      [-5, '0'],
      [-4, '0'],
      [-3, '10000000000'],
      [-2, '10000000000'],
      [-1, '6990000000'],
      [0, '6990000000'],
    ]);
    expect(view.days[3]?.value).toBeCloseTo(100 * wanderingPrice(TODAY - 3 * DAY), 9);
    expect(view.days[6]?.value).toBeCloseTo(69.9 * wanderingPrice(Date.now()), 9);
    const histoday = prices.requests.filter((r) => r.path === '/data/v2/histoday');
    expect(histoday.map((r) => `${r.query['fsym'] ?? ''}${r.query['tsym'] ?? ''}`)).toEqual(['ARKEUR']);
    const stored = readFileSync(join(dir, 'profiles', 'default', 'price-history.json'), 'utf8');
    expect(
      (JSON.parse(stored) as { series: Record<string, unknown[]> }).series['cryptocompare:EUR'],
    ).toHaveLength(6);
    // The finished days are stored: the next chart asks for no history again.
    await call(core, 'prices:portfolio', { days: 7 });
    expect(prices.requests.filter((r) => r.path === '/data/v2/histoday')).toHaveLength(1);
  });

  it('another source and currency: CoinGecko is asked for ark in gbp', async () => {
    await call(core, 'prices:settings', { source: 'coingecko', currency: 'GBP' });
    const quote = await call(core, 'prices:quote');
    expect(quote).toMatchObject({ state: 'priced', source: 'coingecko', currency: 'GBP' });
    expect(prices.requests.at(-1)).toMatchObject({
      path: '/api/v3/simple/price',
      query: { ids: 'ark', vs_currencies: 'gbp', include_last_updated_at: 'true' },
    });
  });

  it('a source that fails or is rate-limited leaves no price, not a wrong or an old one', async () => {
    prices.mode = 'fail500';
    await call(core, 'prices:settings', { currency: 'CHF' });
    const down = await call(core, 'prices:quote');
    expect(down).toMatchObject({ state: 'unavailable', networkId: mainnetId });
    expect(down.state === 'unavailable' && down.reason).toBe('CoinGecko is not answering (HTTP 500).');
    const chart = await call(core, 'prices:portfolio', { days: 7 });
    expect(chart.state).toBe('unavailable');

    prices.mode = 'cg-rate-limit';
    prices.retryAfter = '120';
    await call(core, 'prices:settings', { currency: 'JPY' });
    expect(await call(core, 'prices:quote')).toMatchObject({ state: 'unavailable' });
    const asked = prices.requests.length;
    prices.mode = 'ok';
    // Within the Retry-After: a new currency is not asked either.
    await call(core, 'prices:settings', { currency: 'USD' });
    expect(await call(core, 'prices:quote')).toMatchObject({ state: 'unavailable' });
    expect(prices.requests).toHaveLength(asked);
  });

  it('turned off again, it answers off and asks nothing more', async () => {
    prices.retryAfter = undefined;
    await call(core, 'prices:settings', { enabled: false });
    const asked = prices.requests.length;
    expect(await call(core, 'prices:quote')).toEqual({ state: 'off' });
    expect(await call(core, 'prices:portfolio', { days: 30 })).toEqual({ state: 'off' });
    expect(prices.requests).toHaveLength(asked);
  });
});
