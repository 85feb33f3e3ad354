import { describe, expect, it } from 'vitest';
import { milestoneAt, networkByName, type Network } from '../../src/core/protocol/networks';
import vectors from '../fixtures/vectors/networks.json';

const presets = Object.entries(vectors.presets);

interface MergedAtHeight {
  height: number;
  milestone: unknown;
}

describe.each(presets)('networks.json: %s', (name, preset) => {
  const network = networkByName(name) as Network;
  const merged = preset.mergedMilestonesAtHeights as MergedAtHeight[];

  it('is a registered preset', () => {
    expect(network).toBeDefined();
  });

  it('network object, raw milestones and genesis summary equal the vector', () => {
    expect(network.network).toEqual(preset.network);
    expect(network.milestones).toEqual(preset.milestones);
    expect(network.genesisBlock).toEqual(preset.genesisBlock);
  });

  it.each(merged)('milestoneAt($height) equals getMilestone', ({ height, milestone }) => {
    expect(milestoneAt(network, height)).toEqual(milestone);
  });

  it('milestoneAt between milestone heights equals the previous merged milestone', () => {
    for (let i = 1; i < merged.length; i++) {
      const previous = merged[i - 1]!;
      const next = merged[i]!;
      if (next.height - 1 > previous.height) {
        expect(milestoneAt(network, next.height - 1)).toEqual(previous.milestone);
      }
    }
    const last = merged[merged.length - 1]!;
    expect(milestoneAt(network, last.height + 1_000_000)).toEqual(last.milestone);
  });
});
