import { createElement, Suspense, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadedLazy } from './preloaded-lazy.tsx';

const render = (Screen: ComponentType) =>
  renderToStaticMarkup(
    createElement(Suspense, { fallback: createElement('p', null, 'Loading') }, createElement(Screen)),
  );

describe('preloadedLazy', () => {
  it('suspends while the code is not here, and renders at once, with no fallback, once it was loaded ahead', async () => {
    let here: ComponentType | undefined;
    const Page = () => createElement('h1', null, 'Dashboard');
    const load = async () => (here = Page);
    // Not loaded: the fallback, as React.lazy gives.
    expect(render(preloadedLazy(load, () => here, 'dashboard'))).toBe('<p>Loading</p>');
    // Loaded ahead (the pointer on the menu entry), first render: the page itself. React.lazy alone would suspend
    // here once more, and React would then hold the page back for 300 ms.
    await load();
    expect(render(preloadedLazy(load, () => here, 'dashboard'))).toBe('<h1>Dashboard</h1>');
  });
});
