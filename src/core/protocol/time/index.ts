export * from './epoch';
export * from './slots';
export * from './spans';
export * from './height-bound';
