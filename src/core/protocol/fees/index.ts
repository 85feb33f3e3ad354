/** Static and dynamic fees (protocol reference §9). */
export {
  staticFee,
  entityStaticFee,
  DEFAULT_STATIC_FEES,
  ENTITY_STATIC_FEES,
  LEGACY_MAGISTRATE_STATIC_FEE,
  type FeeSubject,
} from './static';
export { dynamicFee, baseDynamicFee, DEFAULT_DYNAMIC_FEES, type DynamicFeeOptions } from './dynamic';
