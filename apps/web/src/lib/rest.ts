import { getAccessToken } from '../auth/token';
import type { ApiFailure } from './apiFailure';
import { actionSucceeded } from './toast';

/**
 * Calls a REST path of the server (uploads and downloads that tRPC does not carry), adding the bearer token.
 * Answers the envelope's data, or throws an ApiFailure with the server's message.
 */
export async function restCall<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { body?: BodyInit; json?: unknown } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const action = path.split('?')[0] ?? path;
  const response = await fetch(path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let envelope: { success?: boolean; message?: string; data?: unknown } | null = null;
  try {
    envelope = text ? JSON.parse(text) : null;
  } catch {
    envelope = null;
  }
  if (!response.ok || envelope?.success === false) {
    const failure: ApiFailure = {
      status: response.status,
      message: envelope?.message || response.statusText,
      validationError: response.status === 400,
      path: action,
      ...(envelope?.message ? {} : { localMessage: true }),
    };
    throw failure;
  }
  actionSucceeded(action);
  return (envelope?.data ?? text) as T;
}
