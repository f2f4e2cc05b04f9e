// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { nestLinkIdOf, readServedLink, SERVED_LINK_ELEMENT_ID } from './served-link';

function pageWith(json: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument();
  if (json !== undefined) {
    const script = doc.createElement('script');
    script.type = 'application/json';
    script.id = SERVED_LINK_ELEMENT_ID;
    script.textContent = json;
    doc.body.append(script);
  }
  return doc;
}

describe('the link data the server wrote into the page', () => {
  it('reads the link id from the address', () => {
    expect(nestLinkIdOf('/links/Ab3_-x9Zq0Lm')).toBe('Ab3_-x9Zq0Lm');
    expect(nestLinkIdOf('/links/Ab3_-x9Zq0Lm/')).toBe('Ab3_-x9Zq0Lm');
    expect(nestLinkIdOf('/links/%E0%A4%A')).toBe('');
    expect(nestLinkIdOf('/legal')).toBe('');
  });

  it('reads the data of this link, escaped as the server writes it', () => {
    const doc = pageWith('{"nest_link_id":"Ab3_-x9Zq0Lm","offer":{"name":"\\u003c/script\\u003e"}}');
    expect(readServedLink('Ab3_-x9Zq0Lm', doc)).toEqual({
      nest_link_id: 'Ab3_-x9Zq0Lm',
      offer: { name: '</script>' },
    });
  });

  it('ignores data that is absent, unreadable or about another link', () => {
    expect(readServedLink('Ab3_-x9Zq0Lm', pageWith(undefined))).toBeUndefined();
    expect(readServedLink('Ab3_-x9Zq0Lm', pageWith('{"nest_link_id":"other"}'))).toBeUndefined();
    const warn = console.warn;
    console.warn = () => {};
    expect(readServedLink('Ab3_-x9Zq0Lm', pageWith('{oops'))).toBeUndefined();
    console.warn = warn;
  });
});
