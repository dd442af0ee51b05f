import { type BetType, betTypeLabel } from './labels';

/** The `<option>`s of a bet-type select: each type by its Thai name. */
export function BetTypeOptions({ types }: { types: readonly BetType[] }) {
  return (
    <>
      {types.map((t) => (
        <option key={t} value={t}>
          {betTypeLabel[t]}
        </option>
      ))}
    </>
  );
}
