export { type CreateServerOptions, createServer, type ShopServer } from './createServer.ts';
