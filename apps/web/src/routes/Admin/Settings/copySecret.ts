import { notify } from '../../../lib/toast';

/**
 * Copies a secret shown once (an integration client's, a webhook endpoint's). The clipboard is only offered on
 * https and localhost: elsewhere the text is selected for Ctrl+C instead, and a toast says so.
 */
export async function copySecretText(secret: string, input: HTMLInputElement | null): Promise<void> {
  try {
    await navigator.clipboard.writeText(secret);
    notify.success('The secret is copied.');
  } catch {
    input?.select();
    notify.warning(
      'The browser did not allow copying: the secret is selected, press Ctrl+C (⌘C) to copy it.',
    );
  }
}
