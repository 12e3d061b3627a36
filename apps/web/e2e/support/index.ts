export * from './browser.ts';
export * from './shop.ts';
export * from './signIn.ts';
