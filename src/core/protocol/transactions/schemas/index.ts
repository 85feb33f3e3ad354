import { TypeGroup } from '../constants';
import { coreRules } from './core';
import { magistrateRules } from './magistrate';
import type { TypeRules } from './rules';

export type { TypeRules } from './rules';

export function typeRules(typeGroup: number, type: number, version: number): TypeRules | undefined {
  if (typeGroup === TypeGroup.Core) return coreRules(type, version);
  if (typeGroup === TypeGroup.Magistrate) return magistrateRules(type);
  return undefined;
}
