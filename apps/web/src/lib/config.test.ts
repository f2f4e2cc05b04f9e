// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readRuntimeConfig } from './config';

function documentWith(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument();
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.name = 'nest-config';
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  return doc;
}

describe('runtime configuration', () => {
  it('reads what the server injected', () => {
    const config = readRuntimeConfig(
      documentWith(
        '{"apiBaseUrl":"https://api.example.com","posthogKey":"phc_1","posthogHost":"https://eu.i.posthog.com"}',
      ),
    );
    expect(config).toEqual({
      apiBaseUrl: 'https://api.example.com',
      posthogKey: 'phc_1',
      posthogHost: 'https://eu.i.posthog.com',
      operator: {},
    });
  });

  it('reads who operates the service, leaving out what is not set', () => {
    const config = readRuntimeConfig(
      documentWith('{"operator":{"name":"Nest SAS","director":"Jeanne Martin","hostName":null,"email":" "}}'),
    );
    expect(config.operator).toEqual({ name: 'Nest SAS', director: 'Jeanne Martin' });
  });

  it('falls back to the same origin and no analytics in development ({} or no tag)', () => {
    const empty = { apiBaseUrl: '', posthogKey: null, posthogHost: null, operator: {} };
    expect(readRuntimeConfig(documentWith('{}'))).toEqual(empty);
    expect(readRuntimeConfig(documentWith(null))).toEqual(empty);
    expect(readRuntimeConfig(documentWith('{"posthogKey":null,"apiBaseUrl":""}'))).toEqual(empty);
  });

  it('survives malformed content', () => {
    expect(readRuntimeConfig(documentWith('{not json')).apiBaseUrl).toBe('');
  });
});
