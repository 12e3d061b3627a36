/** A refused REST call (restCall, the backup transfer): apart from rest.ts, which reports its answers to lib/toast. */
export interface ApiFailure {
  status: number;
  message: string;
  validationError: boolean;
  /** The REST path called, without its query: the action whose failure toast a later success takes away. */
  path?: string;
  /** True when the server sent no message and `message` was written here (the HTTP status text). */
  localMessage?: boolean;
}
