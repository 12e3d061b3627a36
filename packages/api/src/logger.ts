/** Where the shop writes what happened: the server's pino logger, or a test's quiet stand-in. */
export interface ShopLogger {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}
