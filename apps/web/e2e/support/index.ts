export * from './accessibility.ts';
export * from './browser.ts';
export * from './doubleClick.ts';
export * from './productList.ts';
export * from './settled.ts';
export * from './shop.ts';
export * from './shopInBrowser.ts';
export * from './signIn.ts';
