import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../src/endpoints.ts';
import { errorCatalogue, errorMessage } from '../src/errors.ts';
import { buildOpenApi } from '../src/openapi.ts';

describe('error catalogue', () => {
  it('gives every code a unique number, a Thai message and a sensible HTTP status', () => {
    const numbers = Object.values(errorCatalogue).map((e) => e.error);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const e of Object.values(errorCatalogue)) {
      expect(e.error).toBeGreaterThan(0);
      expect(e.message).toMatch(/[\u0E00-\u0E7F]/);
      expect([200, 400, 401, 403, 404, 429, 500, 503]).toContain(e.status);
    }
  });

  it('fills placeholders', () => {
    expect(errorMessage('OTP_COOLDOWN', { seconds: 42 })).toBe('กรุณารอ 42 วินาทีก่อนขอรหัส OTP ใหม่');
  });
});

describe('endpoints', () => {
  it('has one definition per method and path, staff routes name their roles, admin routes need staff', () => {
    const keys = allEndpoints.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of allEndpoints) {
      if (e.auth === 'staff') expect(e.roles?.length).toBeGreaterThan(0);
      if (e.path.startsWith('/api/admin/') && e.path !== '/api/admin/login') expect(e.auth).toBe('staff');
    }
  });

  it('generates an OpenAPI document with a path for every endpoint', () => {
    const doc = buildOpenApi(allEndpoints, { title: 't', version: '1' });
    const count = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(count).toBe(allEndpoints.length);
    expect(doc.paths['/api/admin/content/banners/{id}']).toHaveProperty('put');
  });
});

describe('who reads and who changes the promotion and affiliate settings', () => {
  it('finance and support read them; only owner and content change them', () => {
    const settings = allEndpoints.filter(
      (e) => e.path.startsWith('/api/admin/promotions') || e.path === '/api/admin/affiliate/settings',
    );
    const reads = settings.filter((e) => e.method === 'GET');
    const changes = settings.filter((e) => e.method !== 'GET');
    expect(reads.map((e) => e.path).sort()).toEqual([
      '/api/admin/affiliate/settings',
      '/api/admin/promotions',
    ]);
    expect(changes.length).toBeGreaterThanOrEqual(4);
    for (const e of reads) expect(e.roles, e.path).toEqual(expect.arrayContaining(['finance', 'support']));
    for (const e of changes)
      expect([...(e.roles ?? [])].sort(), `${e.method} ${e.path}`).toEqual(['content', 'owner']);
  });
});
