/**
 * Names and phones on public lists (the wheel's board, a poll's winners): never the whole of either.
 * docs/rules/engagement.md §9 rule 4 and §10 rule 3, with the masking of §11.
 */

/**
 * The first name and the first letter of the rest, "สมชาย ใจดี" → "สมชาย ใ***". A one-word name
 * keeps its first letter only; no name at all reads "สมาชิก".
 */
export function maskName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return 'สมาชิก';
  const initial = (word: string) => `${[...word][0] ?? ''}***`;
  if (words.length === 1) return initial(first);
  return `${first} ${initial(words[1]!)}`;
}

/** "0812345678" → "08x-xxx-5678"; a number too short to mask reads "xxx-xxx-xxxx". */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return 'xxx-xxx-xxxx';
  return `${digits.slice(0, 2)}x-xxx-${digits.slice(-4)}`;
}
