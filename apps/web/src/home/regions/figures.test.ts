import serverEn from '@dropdesk/contract/messages/en.json';
import { describe, expect, it } from 'vitest';
import homeEn from '../../features/home/locales/en.json';
import en from '../../locales/en.json';
import { renderHome } from '../../prerender';
import { FIGURES } from './figures';

describe("Home's figures: the region's table and the markup's places", () => {
  it('every figure the region writes has one place in the markup, and every place a writer', () => {
    const { markup } = renderHome('en', { ...en, ...homeEn }, serverEn);
    const places = [...markup.matchAll(/data-figure="([^"]*)"/g)].map((m) => m[1]);
    expect(places.toSorted()).toEqual(Object.keys(FIGURES).toSorted());
  });
});
