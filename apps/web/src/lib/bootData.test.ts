// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BOOT_DATA_ID, seedBootData } from './bootData';
import { publicQueryKey } from './publicApi';

function pageWith(blockText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('shop');
  if (blockText !== null) {
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = BOOT_DATA_ID;
    block.textContent = blockText;
    doc.body.append(block);
  }
  return doc;
}

const config = { shop: { name: 'Prairie Hollow', phone: '(555) 201-3344' }, taxRateBasisPoints: 550 };
const settings = [{ settingId: 2, name: 'Message', isTrue: false, value: '<strong>Pick-up</strong>' }];

describe('the boot data the server writes into the page', () => {
  it('fills the query cache with the shop identity and settings, under the keys the app reads', () => {
    const client = new QueryClient();
    seedBootData(client, pageWith(JSON.stringify({ 'site.config': config, 'settings.all': settings })));
    expect(client.getQueryData(publicQueryKey('site.config'))).toEqual(config);
    expect(client.getQueryData(publicQueryKey('settings.all'))).toEqual(settings);
    // Fresh, so the app does not ask again at once.
    expect(client.getQueryState(publicQueryKey('settings.all'))?.isInvalidated).toBe(false);
  });

  it('leaves the cache empty, for the app to fetch, when the block is missing, broken or of another shape', () => {
    for (const text of [
      null,
      '',
      '{"site.config":',
      '[1,2]',
      '{"site.config":{"shop":"x"},"settings.all":{"a":1}}',
    ]) {
      const client = new QueryClient();
      seedBootData(client, pageWith(text));
      expect(client.getQueryData(publicQueryKey('site.config')), String(text)).toBeUndefined();
      expect(client.getQueryData(publicQueryKey('settings.all')), String(text)).toBeUndefined();
    }
  });
});
