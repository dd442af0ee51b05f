/**
 * กลับเลข (docs/rules/lottery.md §7): a 2-digit number and its reverse, or the distinct permutations of a
 * 3-digit number, the entered number first, without duplicates. Other lengths return the number.
 */
export function reverseNumbers(number: string): string[] {
  if (number.length === 2) return [...new Set([number, `${number[1]}${number[0]}`])];
  if (number.length !== 3) return [number];
  const [a, b, c] = [...number] as [string, string, string];
  return [...new Set([a + b + c, a + c + b, b + a + c, b + c + a, c + a + b, c + b + a])];
}
