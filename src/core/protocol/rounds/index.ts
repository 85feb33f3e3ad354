export * from './round-info';
export * from './ranking';
export * from './shuffle';
export * from './forging';
