/**
 * What a slice of the store is (the zustand slices pattern): it creates its own part of the state (`Own`) and may
 * read or set the parts of other slices it names (`Uses`, a `Pick` of their interfaces), nothing else. The whole
 * state (types.ts) is composed from the slices' parts; a slice never imports it back.
 */
export type Slice<Own, Uses = unknown> = (
  set: (partial: Partial<Own & Uses> | ((state: Own & Uses) => Partial<Own & Uses>)) => void,
  get: () => Own & Uses,
) => Own;
