import { describe, expect, it } from 'vitest';
import { loginPathFor, memberPageOf } from '../src/lib/next-page';

describe('the member page a visitor asked for, carried through the login (docs/rules/member-site.md §6)', () => {
  it('passes a member-only page of this site, with its query', () => {
    expect(memberPageOf('/member/deposit')).toBe('/member/deposit');
    expect(memberPageOf('/member/statement?page=2')).toBe('/member/statement?page=2');
    expect(memberPageOf('/member/payment')).toBe('/member/payment');
    expect(memberPageOf('/lotto/bills')).toBe('/lotto/bills');
  });

  it('refuses anything that could lead elsewhere, a visitor page and an unknown path', () => {
    for (const raw of [
      null,
      '',
      'https://evil.example/member/deposit',
      '//evil.example/member/deposit',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'member/deposit',
      '/%2F%2Fevil.example',
      '/',
      '/lotto/results',
      '/login',
      '/play/golden-elephant',
      '/no/such/page',
      `/member/deposit?${'x'.repeat(600)}`,
    ]) {
      expect(memberPageOf(raw), String(raw)).toBeNull();
    }
  });

  it('the login check sends a visitor to / with the page, or to / alone', () => {
    expect(loginPathFor('/member/deposit')).toBe('/?next=%2Fmember%2Fdeposit');
    expect(loginPathFor('/member/statement?page=2')).toBe('/?next=%2Fmember%2Fstatement%3Fpage%3D2');
    expect(loginPathFor('/login')).toBe('/');
  });
});
