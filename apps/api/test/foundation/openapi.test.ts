import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

describe('the API description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('/api/openapi.json is a valid OpenAPI 3.1 document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/healthz', '/readyz']));
    // Test-only routes stay out of the public description.
    expect(Object.keys(document.paths).some((p) => p.includes('/test/'))).toBe(false);
  });

  it('/api/docs serves the interactive reference under the app’s own CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('/api/docs/static/swagger-ui-bundle.js');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*';/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('validator.swagger.io');

    // Every script the page loads is a file on our origin (no inline script), and they load.
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of scripts) {
      const script = await t.app.inject({ method: 'GET', url: src });
      expect(script.statusCode, src).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
    const spec = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.json().openapi).toBe('3.1.0');
  });
});
