export * from './types';
export * from './milestones';
export * from './presets';
export * from './exceptions';
