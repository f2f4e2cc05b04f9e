// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

const painted = 'data:image/svg+xml;charset=utf-8,%3Csvg%3Epainted%3C%2Fsvg%3E';

/** The painted page's pass, as the server's render of the overview writes it (ADR 209). */
function paintPass(token: string) {
  document.body.innerHTML = `<div id="root"><figure><img src="${painted}" data-qr-text="${token}" alt=""></figure></div>`;
  return document.getElementById('root')!;
}

afterEach(() => {
  vi.doUnmock('qrcode');
  vi.resetModules();
  document.body.innerHTML = '';
});

it("the app's first render of a painted pass reuses the painted code, without drawing it", async () => {
  const draw = vi.fn();
  vi.doMock('qrcode', () => ({ toString: draw }));
  const { keepPaintedQrImages } = await import('./painted-pass-codes');
  const { useQrImage } = await import('./use-qr-image');
  keepPaintedQrImages(paintPass('token-1'));

  const { result } = renderHook(() => useQrImage('token-1'));
  expect(result.current).toBe(painted);
  expect(draw).not.toHaveBeenCalled();
});

it('a code the page was not painted with, or the same one asked again, is drawn', async () => {
  const { keepPaintedQrImages, takePaintedQrImage } = await import('./painted-pass-codes');
  keepPaintedQrImages(paintPass('token-1'));
  expect(takePaintedQrImage('token-2')).toBeUndefined();
  expect(takePaintedQrImage('token-1')).toBe(painted);
  expect(takePaintedQrImage('token-1')).toBeUndefined();
});

it('keeps only drawn codes (an SVG data address), nothing a page could smuggle in', async () => {
  const { keepPaintedQrImages, takePaintedQrImage } = await import('./painted-pass-codes');
  document.body.innerHTML = '<div id="root"><img src="https://evil.example/x.svg" data-qr-text="t"></div>';
  keepPaintedQrImages(document.getElementById('root')!);
  expect(takePaintedQrImage('t')).toBeUndefined();
});
